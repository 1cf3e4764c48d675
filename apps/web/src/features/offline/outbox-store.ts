/**
 * What a technician records offline (decision 062): drafts, their photos and the outbox, in the field-mode
 * database (offline-db.ts). Every write here publishes how many changes have not reached the server
 * (lib/waiting-changes.ts).
 */
import { getSessionState } from '@/lib/session';
import { publishWaitingChanges } from '@/lib/waiting-changes';
import { offlineDb } from './offline-db';
import type { OfflineDraft, OutboxEntry, StoredPhoto } from './outbox-types';

/**
 * A draft not yet on the server as it is on the device: everything but saved and finalized, and a new record only
 * once something was entered (opening 'Neu erfassen' by mistake leaves nothing to send).
 */
export const isUnsent = (d: Pick<OfflineDraft, 'state' | 'touched'>) =>
  d.state !== 'saved' && d.state !== 'finalized' && (d.state !== 'editing' || d.touched);

/** The event the screens listen to: a draft was saved, sent or removed. */
export const DRAFTS_CHANGED = 'pruefbuch-drafts-changed';

/** Tells the other tabs of this device that a draft changed (the storage event only fires when the count does). */
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(DRAFTS_CHANGED);
if (channel) channel.onmessage = () => window.dispatchEvent(new Event(DRAFTS_CHANGED));

/** The signed-in user's changes not on the server: what the header counts and sign-out asks about. */
async function publish() {
  const me = getSessionState().session?.userId;
  const drafts = await (await offlineDb()).getAll('drafts');
  publishWaitingChanges(drafts.filter((d) => d.userId === me && isUnsent(d)).length);
  window.dispatchEvent(new Event(DRAFTS_CHANGED));
  channel?.postMessage('changed');
}

/** A draft after an edit of the technician's: the revision counts up (decision 062). */
const edited = (current: OfflineDraft, patch: Partial<OfflineDraft>): OfflineDraft => ({
  ...current,
  ...patch,
  rev: (current.rev ?? 0) + 1,
  touched: true,
  updatedAt: new Date().toISOString(),
});

/**
 * The technician's edit of a draft, read and written in one transaction: whatever the sync wrote meanwhile stays, and
 * the revision counts up. Null when the draft is gone (discarded).
 */
export async function editDraft(
  localId: string,
  edit: (current: OfflineDraft) => Partial<OfflineDraft>,
): Promise<OfflineDraft | null> {
  return rewriteDraft(localId, (current) => edited(current, edit(current)));
}

/**
 * The sync's write of a draft, in one transaction against what is stored now: `update` gets the stored draft and
 * whether the technician edited it since the send began (`sentRev`). Null when the draft was discarded meanwhile.
 */
export async function syncUpdate(
  localId: string,
  sentRev: number,
  update: (current: OfflineDraft, editedSince: boolean) => OfflineDraft,
): Promise<OfflineDraft | null> {
  return rewriteDraft(localId, (current) => ({
    ...update(current, (current.rev ?? 0) !== sentRev),
    updatedAt: new Date().toISOString(),
  }));
}

/**
 * Reads the stored draft, writes what `next` makes of it, in one IndexedDB transaction (a change from another
 * tab or the sync cannot come in between), and tells the other tabs. Null when the draft is gone.
 */
async function rewriteDraft(
  localId: string,
  next: (current: OfflineDraft) => OfflineDraft,
): Promise<OfflineDraft | null> {
  const tx = (await offlineDb()).transaction('drafts', 'readwrite');
  const current = await tx.store.get(localId);
  if (!current) {
    await tx.done;
    return null;
  }
  const written = next(current);
  await tx.store.put(written);
  await tx.done;
  await publish();
  return written;
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
export async function enqueue(
  localId: string,
  edit: (current: OfflineDraft) => Partial<OfflineDraft> = () => ({}),
): Promise<OfflineDraft | null> {
  const d = await offlineDb();
  const tx = d.transaction(['drafts', 'outbox'], 'readwrite');
  const current = await tx.objectStore('drafts').get(localId);
  if (!current) {
    await tx.done;
    return null;
  }
  const waiting = edited(current, { ...edit(current), state: 'waiting', error: null });
  await tx.objectStore('drafts').put(waiting);
  const key = await tx.objectStore('outbox').index('byDraft').getKey(waiting.localId);
  if (key === undefined) {
    await tx
      .objectStore('outbox')
      .add({ tenantId: waiting.tenantId, draftId: waiting.localId, attempts: 0, nextAt: 0, lastError: null });
  } else {
    // Given again by hand: tried at once.
    const entry = (await tx.objectStore('outbox').get(key)) as OutboxEntry;
    await tx.objectStore('outbox').put({ ...entry, nextAt: 0 });
  }
  await tx.done;
  await publish();
  return waiting;
}

/** Tried at once again (the network came back): every entry's back-off ends now. */
export async function retryNow(): Promise<void> {
  const tx = (await offlineDb()).transaction('outbox', 'readwrite');
  for (const entry of await tx.store.getAll()) if (entry.nextAt > 0) await tx.store.put({ ...entry, nextAt: 0 });
  await tx.done;
}

/** Removes the user's finalized drafts and their photos: done, on the server, nothing left to do on the device. */
export async function forgetFinalized(userId: string): Promise<void> {
  const d = await offlineDb();
  const done = (await d.getAll('drafts')).filter((r) => r.userId === userId && r.state === 'finalized');
  for (const r of done) await deleteDraft(r.localId);
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

/**
 * A draft whose record was finalized on the server meanwhile (its change refused with FINALIZED) starts over as a
 * new record of the same book: a new local id (and so a new create key), its fields and photos kept (decision 062).
 */
export async function copyAsNew(localId: string, newId: string): Promise<OfflineDraft | null> {
  const d = await offlineDb();
  const tx = d.transaction(['drafts', 'photos', 'outbox'], 'readwrite');
  const current = await tx.objectStore('drafts').get(localId);
  if (!current) {
    await tx.done;
    return null;
  }
  const now = new Date().toISOString();
  const copy: OfflineDraft = {
    ...current,
    localId: newId,
    serverId: null,
    serverV: null,
    base: null,
    createBody: null,
    theirs: null,
    finalize: false,
    state: 'editing',
    error: null,
    rev: 0,
    touched: true,
    // A new record's defects are new ones: the server gives them ids.
    fields: { ...current.fields, defects: current.fields.defects.map(({ _id, ...rest }) => rest) },
    createdAt: now,
    updatedAt: now,
  };
  await tx.objectStore('drafts').put(copy);
  for (const photo of await tx.objectStore('photos').index('byDraft').getAll(localId)) {
    await tx.objectStore('photos').put({ ...photo, draftId: newId });
  }
  await tx.objectStore('drafts').delete(localId);
  const entry = await tx.objectStore('outbox').index('byDraft').getKey(localId);
  if (entry !== undefined) await tx.objectStore('outbox').delete(entry);
  await tx.done;
  await publish();
  return copy;
}
