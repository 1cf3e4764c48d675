import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { books } from './books';
import { type AddressValue, tenants } from './tenants';
import { users } from './users';

/**
 * A branch of a retail customer (SPEC §3 Customer location). Its ampel is not stored: it is the
 * worst ampel of its active books, computed with every read (decision 019), so it is never stale.
 */
export const customerLocations = pgTable(
  'customer_locations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    customer: integer('customer').notNull().default(1),
    znl: text('znl').notNull().default(''),
    nr: text('nr').notNull().default(''),
    sapNr: text('sap_nr').notNull().default(''),
    address: jsonb('address').$type<AddressValue>().notNull(),
    bemerkungen: text('bemerkungen').notNull().default(''),
    active: boolean('active').notNull().default(true),
    ruhend: boolean('ruhend').notNull().default(false),
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_locations_tenant_idx').on(t.tenantId, t.customer),
    index('customer_locations_keys_idx').on(t.tenantId, t.znl, t.nr, t.sapNr),
  ],
);

/** The books of a location; a book belongs to at most one location. */
export const customerLocationBooks = pgTable(
  'customer_location_books',
  {
    locationId: uuid('location_id')
      .notNull()
      .references(() => customerLocations.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id')
      .notNull()
      .unique()
      .references(() => books.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.bookId] })],
);

/** The locations assigned to a branch user (customer roles default and regional manager). */
export const userCustomerLocations = pgTable(
  'user_customer_locations',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => customerLocations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.locationId] }),
    index('user_customer_locations_location_idx').on(t.locationId),
  ],
);
