/**
 * What every write of orders keeps besides the order itself, in the write's transaction: the list item
 * (the order as the lists show it, as JSON text), the counts of the search lists
 * (rules/order-lists.ts) and the operations evaluation's figures (rules/order-figures.ts). Every
 * insert, update and delete of orders goes through here: the module's writes, the daily run, the demo
 * seed, the test factories and the benches.
 */
import { ORDER_FIGURES, orderFigureChanges } from '@pruefbuch/domain/rules/order-figures';
import { listCountChanges } from '@pruefbuch/domain/rules/order-lists';
import { orderListItemSchema } from '@pruefbuch/domain/schemas/order';
import type { Executor } from '../../db/client';
import { orderFigures, orderListCounts, orders } from '../../db/schema/index';
import { moveBuckets } from '../../platform/figure-buckets';
import { type OrderState, toOrderDto } from './orders.repo';

/** The reply's list fields but the offer's number, which its editor changes: a page adds it (withOfferNr). */
const ITEM_KEYS = Object.keys(orderListItemSchema.shape).filter((k) => k !== 'offerNr');

/** An order's list item: its reply (toOrderDto) with the list's fields only, as JSON text. */
export function listItemOf(row: OrderState): string {
  const dto = toOrderDto({ row, offerNr: null }) as Record<string, unknown>;
  return JSON.stringify(Object.fromEntries(ITEM_KEYS.map((k) => [k, dto[k]])));
}

/** What the counted lists read of a stored order (rules/order-lists.ts). */
const listInputOf = (o: OrderState) => ({
  tenantId: o.tenantId,
  active: o.active,
  status: o.status,
  aktuelle_abteilung: o.aktuelleAbteilung,
  vkid: o.vkid,
  el: o.el,
  logistik: o.logistik,
});

/**
 * Moves the list counts from the orders `gone` (as they were, or deleted) to `came` (as they are now, or
 * new), as the evaluation's figures move (platform/figure-buckets.ts moveBuckets): in key order, so two
 * writes that move the same counts never deadlock; a count that drops to 0 is removed.
 */
export async function moveListCounts(tx: Executor, gone: readonly OrderState[], came: readonly OrderState[]) {
  const changes = listCountChanges(gone.map(listInputOf), came.map(listInputOf));
  await moveBuckets(tx, orderListCounts, ['tenantId', 'list', 'key'], ['n'], changes);
}

/** The order as the operations evaluation counts it (rules/order-figures.ts). */
const figureInputOf = (o: OrderState) => ({
  tenantId: o.tenantId,
  aktuelleAbteilung: o.aktuelleAbteilung,
  createdAt: o.createdAt,
  installedAt: o.installedAt,
  acceptedAt: o.acceptedAt,
  billedAt: o.billedAt,
  vkid: o.vkid,
  el: o.el,
});

/**
 * Moves the operations evaluation's figures from the orders `gone` to `came` (as moveListCounts does
 * the counts): the buckets that changed, in one upsert.
 */
export async function moveOrderFigures(tx: Executor, gone: readonly OrderState[], came: readonly OrderState[]) {
  const changes = orderFigureChanges(gone.map(figureInputOf), came.map(figureInputOf));
  await moveBuckets(tx, orderFigures, ['tenantId', 'grain', 'day', 'department'], ORDER_FIGURES, changes);
}

/** Moves everything kept beside the orders (list counts, evaluation figures) from `gone` to `came`. */
export async function moveOrderTotals(tx: Executor, gone: readonly OrderState[], came: readonly OrderState[]) {
  await moveListCounts(tx, gone, came);
  await moveOrderFigures(tx, gone, came);
}

/** A new order as stored: the insert values with what the server keeps (id, stamps, list item). */
export type NewOrderRow = typeof orders.$inferInsert & OrderState;

/**
 * The stored values of a new order: `values` (fields as columns, the derived ampels, status, …) with the
 * id, the stamps and the version the database would give it, made here so that the list item is known
 * before the insert.
 */
export function newOrderRow(values: Omit<typeof orders.$inferInsert, 'listItem'>, now = new Date()): NewOrderRow {
  const row = {
    id: crypto.randomUUID(),
    offerId: null,
    bookId: null,
    active: true,
    aktuelleAbteilung: 1,
    status: 'CREATED',
    vkidAmpel: null,
    elAmpel: null,
    gesamtAmpel: null,
    version: 0,
    createdAt: now,
    updatedAt: now,
    statusLastModified: now,
    installedAt: null,
    acceptedAt: null,
    billedAt: null,
    ...values,
  } as OrderState & typeof orders.$inferInsert;
  return { ...row, listItem: listItemOf(row) };
}

/** Inserts new orders (newOrderRow) and counts them into their lists and the evaluation's figures. */
export async function insertOrderRows(tx: Executor, rows: readonly NewOrderRow[], batch = 500) {
  for (let i = 0; i < rows.length; i += batch) await tx.insert(orders).values(rows.slice(i, i + batch));
  await moveOrderTotals(tx, [], rows);
}
