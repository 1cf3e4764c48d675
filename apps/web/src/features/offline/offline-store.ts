/**
 * The books prepared for offline work, kept in IndexedDB (decision 061, offline-db.ts): the books (by id, with
 * their tenant) and one row per tenant saying when the day was prepared and what the cap left out. Loading a day
 * replaces the tenant's books in one transaction; what was recorded offline (outbox-store.ts) stays.
 */
import type { OfflineBook, OfflineDay } from '@pruefbuch/domain/schemas/offline';
import { offlineDb as db, type OfflineDayMeta } from './offline-db';

export type { OfflineDayMeta };

/** Keeps a prepared day: the tenant's books so far are replaced by these. */
export async function saveDay(day: OfflineDay): Promise<OfflineDayMeta> {
  const d = await db();
  const tx = d.transaction(['books', 'days'], 'readwrite');
  const books = tx.objectStore('books');
  let cursor = await books.index('byTenant').openCursor(day.tenantId);
  while (cursor) {
    await cursor.delete();
    cursor = await cursor.continue();
  }
  for (const [position, b] of day.books.entries()) await books.put({ ...b, tenantId: day.tenantId, position });
  const meta: OfflineDayMeta = {
    tenantId: day.tenantId,
    preparedAt: day.preparedAt,
    count: day.books.length,
    overCap: day.overCap,
    maxBooks: day.maxBooks,
    chosen: day.chosen,
  };
  await tx.objectStore('days').put(meta);
  await tx.done;
  return meta;
}

/** When the tenant's day was prepared and how many books it holds; null when none was. */
export async function dayMeta(tenantId: string): Promise<OfflineDayMeta | null> {
  return (await (await db()).get('days', tenantId)) ?? null;
}

/** The tenant's prepared books: drafts, today, the next days, each group in the server's order (the earliest window first). */
export async function dayBooks(tenantId: string): Promise<OfflineBook[]> {
  const rows = await (await db()).getAllFromIndex('books', 'byTenant', tenantId);
  const order = new Map<string, number>([
    ['draft', 0],
    ['today', 1],
    ['soon', 2],
  ]);
  return rows
    .sort((a, b) => (order.get(a.reason) ?? 3) - (order.get(b.reason) ?? 3) || (a.position ?? 0) - (b.position ?? 0))
    .map(({ tenantId: _t, position: _p, ...b }) => b as OfflineBook);
}

/** One prepared book, or null. */
export async function offlineBook(id: string): Promise<OfflineBook | null> {
  const row = await (await db()).get('books', id);
  if (!row) return null;
  const { tenantId: _t, position: _p, ...b } = row;
  return b;
}

/** Forgets everything prepared (at sign-out, and in tests). */
export async function clearOffline(): Promise<void> {
  const d = await db();
  const stores = ['books', 'days', 'drafts', 'photos', 'outbox'] as const;
  const tx = d.transaction(stores, 'readwrite');
  await Promise.all([...stores.map((s) => tx.objectStore(s).clear()), tx.done]);
}

/** The prepared book a QR label's code belongs to, in any tenant prepared on this device; null when none is. */
export async function preparedBookByQr(code: string): Promise<{ tenantId: string; bookId: string } | null> {
  const rows = await (await db()).getAll('books');
  const found = rows.find((b) => b.qrCodes.includes(code));
  return found ? { tenantId: found.tenantId, bookId: found._id } : null;
}

/** A prepared book by its id (a scanned book address), with its tenant; null when it was not prepared. */
export async function preparedBookById(id: string): Promise<{ tenantId: string; bookId: string } | null> {
  const row = await (await db()).get('books', id);
  return row ? { tenantId: row.tenantId, bookId: row._id } : null;
}
