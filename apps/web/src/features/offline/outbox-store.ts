/**
 * What a technician records offline (decision 062): drafts, their photos and the outbox, in the field-mode
 * database (offline-db.ts). Every write here publishes how many changes have not reached the server
 * (lib/waiting-changes.ts).
 */
import { publishWaitingChanges } from '@/lib/waiting-changes';
import { offlineDb } from './offline-db';
import type { OfflineDraft, OutboxEntry, StoredPhoto } from './outbox-types';

/** A draft not yet on the server as it is on the device: everything but saved and finalized. */
export const isUnsent = (d: Pick<OfflineDraft, 'state'>) => d.state !== 'saved' && d.state !== 'finalized';

/** The event the screens listen to: a draft was saved, sent or removed. */
export const DRAFTS_CHANGED = 'pruefbuch-drafts-changed';

async function publish() {
  const drafts = await (await offlineDb()).getAll('drafts');
  publishWaitingChanges(drafts.filter(isUnsent).length);
  window.dispatchEvent(new Event(DRAFTS_CHANGED));
}

export async function saveDraft(draft: OfflineDraft): Promise<OfflineDraft> {
  const saved = { ...draft, updatedAt: new Date().toISOString() };
  await (await offlineDb()).put('drafts', saved);
  await publish();
  return saved;
}

export async function getDraft(localId: string): Promise<OfflineDraft | null> {
  return (await (await offlineDb()).get('drafts', localId)) ?? null;
}

/** The tenant's drafts (of one book, when named), newest first. */
export async function draftsOf(tenantId: string, bookId?: string): Promise<OfflineDraft[]> {
  const d = await offlineDb();
  const rows = bookId
    ? (await d.getAllFromIndex('drafts', 'byBook', bookId)).filter((r) => r.tenantId === tenantId)
    : await d.getAllFromIndex('drafts', 'byTenant', tenantId);
  return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Removes a draft with its photos and its place in the outbox. */
export async function deleteDraft(localId: string): Promise<void> {
  const d = await offlineDb();
  const tx = d.transaction(['drafts', 'photos', 'outbox'], 'readwrite');
  await tx.objectStore('drafts').delete(localId);
  for (const key of await tx.objectStore('photos').index('byDraft').getAllKeys(localId)) {
    await tx.objectStore('photos').delete(key);
  }
  const entry = await tx.objectStore('outbox').index('byDraft').getKey(localId);
  if (entry !== undefined) await tx.objectStore('outbox').delete(entry);
  await tx.done;
  await publish();
}

export async function putPhoto(photo: StoredPhoto): Promise<void> {
  await (await offlineDb()).put('photos', photo);
}

export async function getPhoto(id: string): Promise<StoredPhoto | null> {
  return (await (await offlineDb()).get('photos', id)) ?? null;
}

/**
 * Gives a draft to send: it waits in the outbox behind those given before it. A draft already in the outbox
 * keeps its place (and its tries), so changing it again does not move it to the back.
 */
export async function enqueue(draft: OfflineDraft): Promise<OfflineDraft> {
  const d = await offlineDb();
  const tx = d.transaction(['drafts', 'outbox'], 'readwrite');
  const waiting: OfflineDraft = { ...draft, state: 'waiting', error: null, updatedAt: new Date().toISOString() };
  await tx.objectStore('drafts').put(waiting);
  const key = await tx.objectStore('outbox').index('byDraft').getKey(draft.localId);
  if (key === undefined) {
    await tx
      .objectStore('outbox')
      .add({ tenantId: draft.tenantId, draftId: draft.localId, attempts: 0, nextAt: 0, lastError: null });
  } else {
    // Given again by hand: tried at once.
    const entry = (await tx.objectStore('outbox').get(key)) as OutboxEntry;
    await tx.objectStore('outbox').put({ ...entry, nextAt: 0 });
  }
  await tx.done;
  await publish();
  return waiting;
}

/** The outbox in its order. */
export async function outbox(): Promise<OutboxEntry[]> {
  return (await offlineDb()).getAll('outbox');
}

export async function updateEntry(entry: OutboxEntry): Promise<void> {
  await (await offlineDb()).put('outbox', entry);
}

export async function removeEntry(seq: number): Promise<void> {
  await (await offlineDb()).delete('outbox', seq);
  await publish();
}
