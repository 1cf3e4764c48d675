/**
 * A list reply whose items are JSON text already (the orders' list_item, written by the database) sent
 * as it is (pageReplyJson) against the same reply checked by its schema on the way out (parsed, checked
 * by orderListReply, written again), side by side in one run: a page of 20 orders, in-process, no
 * database. The lists' target is p50 ≤ 2 × SQL + 2 ms (bench/orders.ts): the check must fit in the 2 ms.
 *
 * Run with `node --import tsx bench/list-replies.ts`.
 */
import { ORDER_DEFAULTS, orderListItemSchema, orderListReply } from '@pruefbuch/domain/schemas/order';
import { pageReplyJson } from '../apps/server/src/platform/paging';

const CALLS = 2000;
const now = new Date().toISOString();
const order = orderListItemSchema.parse({
  ...ORDER_DEFAULTS,
  objekt: 'Kaufhof Zeil, Haupteingang Süd',
  kunde: 'Galeria Betriebs GmbH',
  _id: '0b7c1a10-0001-4000-8000-000000000001',
  tenant: '0b7c1a10-0001-4000-8000-000000000002',
  offerId: null,
  offerNr: 'A-2026-0001',
  bookId: null,
  aktuelle_abteilung: 1,
  status: 'MONTAGE',
  statusLastModified: now,
  vkid: { ...ORDER_DEFAULTS.vkid, ampel: 'green' },
  el: { ...ORDER_DEFAULTS.el, ampel: 'red' },
  gesamt_ampel: 'red',
  __v: 0,
  createdAt: now,
  updatedAt: now,
});
const docs = Array.from({ length: 20 }, () => JSON.stringify(order));
const page = { page: 1, size: 20 };

/** Mean ms per call over CALLS calls. */
function time(call: () => unknown) {
  const start = performance.now();
  for (let i = 0; i < CALLS; i++) call();
  return (performance.now() - start) / CALLS;
}

const rows: Record<string, number | string>[] = [];
for (let round = 1; round <= 5; round++) {
  const text = time(() => pageReplyJson(docs, 100, page));
  const checked = time(() => JSON.stringify(orderListReply.parse(JSON.parse(pageReplyJson(docs, 100, page)))));
  rows.push({
    round,
    'as text ms': Math.round(text * 1000) / 1000,
    'checked ms': Math.round(checked * 1000) / 1000,
    'checked × text': Math.round(checked / text),
  });
}
console.log(`A page of 20 orders (${docs[0]?.length} bytes each), mean of ${CALLS} calls per round`);
console.table(rows);
