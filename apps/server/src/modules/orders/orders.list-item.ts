/**
 * An order as the lists show it (orderListItemSchema), as JSON text: the order without deliveries, extra
 * effort, object data and production. The database writes it with every write of the order and of its
 * offer's number (orders.list_item, order_list_item in migration 0023, decision 024): a list page is 20
 * orders of 60 values, and writing them as JSON on every call cost PostgreSQL more than finding them.
 * expectListItemsAreOrders (orders.fixtures.ts) holds every list's items against the schema and against
 * the order itself (GET orders/{id}).
 */
import { sql } from 'drizzle-orm';
import { orders } from '../../db/schema/index';

export const listItemJson = sql<string>`${orders.listItem}`;
