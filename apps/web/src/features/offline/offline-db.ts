/**
 * The IndexedDB database of field mode (decisions 061 and 062), opened through `idb`. Version 1 kept the prepared
 * day (books, days); version 2 adds what the technician records offline: the drafts, their photos as blobs, and
 * the outbox, the order in which drafts go up.
 */
import type { OfflineBook, OfflineDay } from '@pruefbuch/domain/schemas/offline';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { OFFLINE_DB } from '@/lib/offline-data';
import type { OfflineDraft, OutboxEntry, StoredPhoto } from './outbox-types';

/** What the card shows of a prepared day. */
export interface OfflineDayMeta {
  tenantId: string;
  preparedAt: string;
  count: number;
  overCap: number;
  maxBooks: number;
  /** The folder or branch taken along instead of the bookings (a day kept before it was offered has none). */
  chosen?: OfflineDay['chosen'];
}

export interface OfflineSchema extends DBSchema {
  /** Each book with its tenant and its place in the server's answer (the index returns them by id). */
  books: { key: string; value: OfflineBook & { tenantId: string; position?: number }; indexes: { byTenant: string } };
  days: { key: string; value: OfflineDayMeta };
  /** Records begun or changed offline, by their local id. */
  drafts: { key: string; value: OfflineDraft; indexes: { byBook: string; byTenant: string } };
  /** Defect photos taken offline, downscaled, until they are uploaded. */
  photos: { key: string; value: StoredPhoto; indexes: { byDraft: string } };
  /** The drafts to send, in the order they were given to send (the key counts up). */
  outbox: { key: number; value: OutboxEntry; indexes: { byDraft: string } };
}

let opening: Promise<IDBPDatabase<OfflineSchema>> | null = null;

export function offlineDb() {
  opening ??= openDB<OfflineSchema>(OFFLINE_DB, 2, {
    // Each store is made when it is missing (not by the old version alone): a database left empty at version 1 by
    // a plain open elsewhere still gets every store.
    upgrade(d) {
      const has = (name: string) => d.objectStoreNames.contains(name as 'books');
      if (!has('books')) d.createObjectStore('books', { keyPath: '_id' }).createIndex('byTenant', 'tenantId');
      if (!has('days')) d.createObjectStore('days', { keyPath: 'tenantId' });
      if (!has('drafts')) {
        const drafts = d.createObjectStore('drafts', { keyPath: 'localId' });
        drafts.createIndex('byBook', 'bookId');
        drafts.createIndex('byTenant', 'tenantId');
      }
      if (!has('photos')) d.createObjectStore('photos', { keyPath: 'id' }).createIndex('byDraft', 'draftId');
      if (!has('outbox'))
        d.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true }).createIndex('byDraft', 'draftId', {
          unique: true,
        });
    },
    // Sign-out deletes the database (lib/offline-data.ts): this connection gives way, the next use opens anew.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      opening = null;
    },
  });
  return opening;
}
