/**
 * A list reply whose items are JSON text already (the orders' list_item, written by the database) sent
 * as it is (pageReplyJson) against the same reply checked by its schema on the way out (parsed, checked
 * by orderListReply, written again), side by side in one run: a page of 20 orders, in-process, no
 * database. The lists' target is p50 ≤ 2 × SQL + 2 ms (bench/orders.ts): the check must fit in the 2 ms.
 *
 * Then a page of 20 offers as the API writes a reply from its schema (platform/reply-serializer.ts, decision 068):
 * encoded by Zod and written by JSON.stringify, against the serializer compiled from the schema's JSON Schema.
 *
 * Run with `node --import tsx bench/list-replies.ts`.
 */
import { OFFER_DEFAULTS, offerListItemSchema, offerListReply } from '@pruefbuch/domain/schemas/offer';
import { ORDER_DEFAULTS, orderListItemSchema, orderListReply } from '@pruefbuch/domain/schemas/order';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { pageReplyJson } from '../apps/server/src/platform/paging';
import { replySerializerCompiler } from '../apps/server/src/platform/reply-serializer';

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

const offer = offerListItemSchema.parse({
  ...OFFER_DEFAULTS,
  csnr: 'CS-250063',
  receivedDate: '2025-08-07',
  debitor: 'Stadtwerke Hanau GmbH',
  objekt: 'Verwaltungsgebäude Stadtwerke, Leipziger Straße 17, Hanau',
  plz: '63450',
  notes: 'Anfrage: RWA-Zentrale und Akkus im Treppenhaus erneuern.',
  opm: { ...OFFER_DEFAULTS.opm, orderId: null },
  angebot: { ...OFFER_DEFAULTS.angebot, offerNr: 'AN-2025-0164', offerDate: '2025-08-21', offerSum: 1950.35 },
  _id: '0b7c1a10-0001-4000-8000-000000000003',
  tenant: '0b7c1a10-0001-4000-8000-000000000002',
  ampel: 'follow_up_expired',
  ampelColour: 'red',
  status: 'waiting',
  type: 'spareparts',
  followUpDue: true,
  ktbInformedAt: null,
  takeOverRequestedAt: null,
  users: {
    ofm: { _id: '0b7c1a10-0001-4000-8000-000000000004', name: 'Olivia Fuchs', abbreviation: 'OF' },
    opm: null,
    ktb: null,
  },
  source: null,
  __v: 1,
  createdAt: now,
  updatedAt: now,
  fileCount: 0,
});
const offerPage = { docs: Array.from({ length: 20 }, () => offer), total: 100, page: 1, size: 20, pages: 5 };
const route = { schema: offerListReply, method: 'GET', url: '/offer' };
const zodWritten = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]) as (data: unknown) => string;
const compiled = replySerializerCompiler({ checked: false })(route);
const offerRows: Record<string, number | string>[] = [];
for (let round = 1; round <= 5; round++) {
  const byZod = time(() => zodWritten(offerPage));
  const byCompiled = time(() => compiled(offerPage));
  offerRows.push({
    round,
    'Zod encoding ms': Math.round(byZod * 1000) / 1000,
    'compiled ms': Math.round(byCompiled * 1000) / 1000,
    'compiled / Zod': Math.round((byCompiled / byZod) * 100) / 100,
  });
}
console.log(`A page of 20 offers (${compiled(offerPage).length} bytes), mean of ${CALLS} calls per round`);
console.table(offerRows);
