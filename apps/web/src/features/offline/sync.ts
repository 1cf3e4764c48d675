/**
 * Sends the outbox (decision 062): the drafts go up one after the other in the order they were given to send.
 * Each step carries what makes a repeat harmless: photos and the create their Idempotency-Key (the photo's id,
 * the draft's id), a change the record's `__v`. A reply that says "not now" stops the run and tries again after
 * the back-off, so nothing overtakes a change that waits; a conflict or a refusal stays with its draft and the
 * run goes on with the next.
 */
import {
  canonical,
  mergeRecord,
  type RecordFields,
  retryDelayMs,
  syncOutcome,
} from '@pruefbuch/domain/rules/offline-sync';
import type { DocumentBlob } from '@pruefbuch/domain/schemas/document';
import type { Inspection } from '@pruefbuch/domain/schemas/inspection';
import { type ApiError, api, isApiError } from '@/lib/api-client';
import { getSessionState } from '@/lib/session';
import {
  deleteDraft,
  getDraft,
  getPhoto,
  outbox,
  putPhoto,
  removeEntry,
  syncUpdate,
  updateEntry,
} from './outbox-store';
import { type DraftFields, LOCAL_PHOTO, type OfflineDraft, type SyncError } from './outbox-types';

/** The fields of a server record a draft keeps. */
export function fieldsOfRecord(r: Inspection): DraftFields {
  return {
    when: r.when,
    who: r.who,
    where: r.where,
    text: r.text,
    checklist: r.checklist,
    defects: r.defects,
    continuedOperation: r.continuedOperation,
    inspectorSignature: r.inspectorSignature,
    operatorAcknowledgement: r.operatorAcknowledgement,
  };
}

const recordPath = (d: OfflineDraft) => (d.kind === 'self' ? 'selfinspections' : 'inspections');

/** The fields a create or change sends: a self-inspection has no place ('where'). */
function sendable(d: OfflineDraft, fields: Partial<DraftFields> & Record<string, unknown>): Record<string, unknown> {
  const { where, ...rest } = fields;
  return d.kind === 'self' || where === undefined ? rest : { ...rest, where };
}

const asSyncError = (e: ApiError): SyncError => ({ status: e.status, code: e.code, details: e.details });

/** The outcome of an error: a reply's status and code, or no reply at all. */
function outcomeOf(error: unknown) {
  return isApiError(error) ? syncOutcome(error.status, error.code) : syncOutcome(0);
}

/** The device's photos a draft's defects still name by their local id. */
const localPhotos = (d: OfflineDraft) =>
  d.fields.defects.flatMap((x) => x.photos).filter((p) => p.startsWith(LOCAL_PHOTO));

/** Names a photo of the stored draft anew (its blob id; null: gone), without counting as the technician's edit. */
const renamePhoto = (localId: string, ref: string, to: string | null) =>
  syncUpdate(localId, -1, (d) => ({
    ...d,
    fields: {
      ...d.fields,
      defects: d.fields.defects.map((x) => ({
        ...x,
        photos: x.photos.flatMap((p) => (p !== ref ? [p] : to ? [to] : [])),
      })),
    },
  }));

/**
 * Uploads the draft's photos not yet up and names them by their blob ids in its defects, until the stored draft names
 * none by a local id (a photo taken during the upload goes up too). A photo whose picture is gone from the device
 * (nothing left to send) is taken out of its defect rather than sent as a name the server cannot read.
 */
async function uploadPhotos(draft: OfflineDraft): Promise<OfflineDraft | null> {
  let current: OfflineDraft | null = draft;
  for (let ref = localPhotos(draft)[0]; current && ref; ref = current ? localPhotos(current)[0] : undefined) {
    const photo = await getPhoto(ref.slice(LOCAL_PHOTO.length));
    if (!photo) {
      current = await renamePhoto(draft.localId, ref, null);
      continue;
    }
    let blobId = photo.serverId;
    if (!blobId) {
      const form = new FormData();
      form.set('tenant', draft.tenantId);
      form.set('type', 'defect-photo');
      form.set('book', draft.bookId);
      form.set('file', photo.blob, `${photo.id}.jpg`);
      // Sent with fetch, not the upload with progress: nobody watches a bar while the outbox works.
      blobId = (await api.post<DocumentBlob>('blobs', form, { tenant: draft.tenantId, idempotencyKey: photo.id }))._id;
      await putPhoto({ ...photo, serverId: blobId });
    }
    current = await renamePhoto(draft.localId, ref, blobId);
  }
  return current;
}

/**
 * The server's answer taken into the draft. Edited on the device since the send began, the device's fields stay and
 * are sent as a change next; else the draft holds the record as the server wrote it (labels, defect ids).
 */
function inStep(current: OfflineDraft, record: Inspection, editedSince: boolean): OfflineDraft {
  const fields = fieldsOfRecord(record);
  return {
    ...current,
    serverId: record._id,
    serverV: record.__v,
    base: fields as RecordFields,
    fields: editedSince ? current.fields : fields,
    createBody: null,
    theirs: null,
  };
}

/** The fields changed since the version the draft was last in step with. */
function changedFields(draft: OfflineDraft): Partial<DraftFields> {
  const base = draft.base ?? {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(draft.fields)) {
    if (canonical(v) !== canonical(base[k as keyof RecordFields])) out[k] = v;
  }
  return out as Partial<DraftFields>;
}

/** What became of a draft's send; 'offline': no reply at all (the network is gone: the drafts behind it wait too). */
type Sent = 'done' | 'retry' | 'offline' | 'signIn' | 'conflict' | 'refused';

/** The server's record now, as a conflict's other side. */
async function theirsOf(draft: OfflineDraft, path: string) {
  const record = await api.get<Inspection>(path, { tenant: draft.tenantId });
  return { record, theirs: { ...fieldsOfRecord(record), __v: record.__v } as NonNullable<OfflineDraft['theirs']> };
}

/**
 * A 409 CONFLICT: the server's version is fetched. When no field was changed on both sides, the merge is taken
 * without asking and sent again ('again'); else the technician chooses (decision 062).
 */
async function onConflict(draft: OfflineDraft, path: string, error: ApiError): Promise<'again' | 'conflict' | null> {
  const { theirs } = await theirsOf(draft, path);
  const { __v, ...theirFields } = theirs;
  let result: 'again' | 'conflict' = 'again';
  // Merged against the draft as it is stored now: an edit made during the PUT and the GET counts too.
  const next = await syncUpdate(draft.localId, draft.rev, (d) => {
    const merge = mergeRecord(d.base ?? {}, d.fields as RecordFields, theirs);
    if (merge.conflicts.length > 0) {
      result = 'conflict';
      return { ...d, state: 'conflict', theirs, error: asSyncError(error) };
    }
    return {
      ...d,
      fields: { ...d.fields, ...(merge.merged as Partial<DraftFields>) },
      base: theirFields as RecordFields,
      serverV: __v,
    };
  });
  return next ? result : null;
}

/** One pass over a draft's steps; 'again' when it must be sent once more (edited meanwhile, a merge taken). */
async function sendOnce(start: OfflineDraft): Promise<Sent | 'again'> {
  const uploaded = await uploadPhotos(start);
  if (!uploaded) return 'done'; // discarded meanwhile
  let draft = uploaded;
  const tenant = draft.tenantId;
  if (!draft.serverId) {
    // The first create's body is kept: a repeat under the key must be the same request.
    const body =
      draft.createBody ??
      sendable(draft, { book: draft.bookId, ...(draft.kind === 'self' ? {} : { kind: draft.kind }), ...draft.fields });
    if (!draft.createBody) {
      const kept = await syncUpdate(draft.localId, -1, (d) => ({ ...d, createBody: body }));
      if (!kept) return 'done';
    }
    const record = await api
      .post<Inspection>(recordPath(draft), body, { tenant, idempotencyKey: draft.localId })
      .catch(async (error: unknown) => {
        // Refused, the server kept nothing under the key (decision 060): the corrected draft may send a new body.
        if (outcomeOf(error) === 'refused') await syncUpdate(draft.localId, -1, (d) => ({ ...d, createBody: null }));
        throw error;
      });
    let edited = false;
    const next = await syncUpdate(draft.localId, draft.rev, (d, editedSince) => {
      edited =
        editedSince ||
        canonical(body) !==
          canonical(sendable(d, { book: d.bookId, ...(d.kind === 'self' ? {} : { kind: d.kind }), ...d.fields }));
      return inStep(d, record, edited);
    });
    if (!next) return 'done';
    // Changed after the first create was sent: the rest goes up as a change.
    if (edited) return 'again';
    draft = next;
  } else {
    const changed = changedFields(draft);
    const path = `${recordPath(draft)}/${encodeURIComponent(draft.serverId)}`;
    if (Object.keys(changed).length > 0) {
      try {
        const record = await api.put<Inspection>(path, { ...sendable(draft, changed), __v: draft.serverV }, { tenant });
        let edited = false;
        const next = await syncUpdate(draft.localId, draft.rev, (d, editedSince) => {
          edited = editedSince;
          return inStep(d, record, editedSince);
        });
        if (!next) return 'done';
        if (edited) return 'again';
        draft = next;
      } catch (error) {
        if (outcomeOf(error) !== 'conflict') throw error;
        return (await onConflict(draft, path, error as ApiError)) ?? 'done';
      }
    }
  }
  if (draft.finalize) {
    const path = `${recordPath(draft)}/${encodeURIComponent(draft.serverId as string)}`;
    try {
      const record = await api.post<Inspection>(`${path}/finalize`, { __v: draft.serverV }, { tenant });
      await syncUpdate(draft.localId, draft.rev, (d, editedSince) => ({
        ...inStep(d, record, false),
        state: 'finalized',
        error: null,
        // Finalized is final: an edit made meanwhile cannot go up any more; it stays visible as the device's copy.
        fields: editedSince ? d.fields : fieldsOfRecord(record),
      }));
      return 'done';
    } catch (error) {
      const outcome = outcomeOf(error);
      if (outcome === 'conflict') return (await onConflict(draft, path, error as ApiError)) ?? 'done';
      if (outcome !== 'refused' || !isApiError(error)) throw error;
      if (error.code === 'FINALIZED') {
        // Finalized already: the reply of an earlier finalize was lost, or someone else finalized it.
        const { record } = await theirsOf(draft, path);
        await syncUpdate(draft.localId, draft.rev, (d) => ({
          ...inStep(d, record, false),
          state: 'finalized',
          error: null,
        }));
        return 'done';
      }
      // The record is on the server; finalizing waits for what its checks named (a signature, a qualification),
      // unless the technician changed it meanwhile (drew the missing signature): then it goes again.
      let edited = false;
      await syncUpdate(draft.localId, draft.rev, (d, editedSince) => {
        edited = editedSince;
        return editedSince ? d : { ...d, state: 'saved', error: asSyncError(error) };
      });
      return edited ? 'again' : 'done';
    }
  }
  let edited = false;
  await syncUpdate(draft.localId, draft.rev, (d, editedSince) => {
    edited = editedSince;
    return editedSince ? d : { ...d, state: 'saved', error: null };
  });
  return edited ? 'again' : 'done';
}

/** A draft's steps: its photos, its create or change, its finalizing when asked for; again while it was edited meanwhile. */
export async function sendDraft(start: OfflineDraft): Promise<Sent> {
  let draft: OfflineDraft | null = start;
  let sentRev = start.rev;
  try {
    for (let round = 0; round < 5 && draft; round++) {
      sentRev = draft.rev;
      const sent = await sendOnce(draft);
      if (sent !== 'again') return sent;
      draft = await getDraft(start.localId);
    }
    return 'retry';
  } catch (error) {
    const outcome = outcomeOf(error);
    if (outcome === 'refused' && isApiError(error)) {
      // Changed (or given again) during the request: the refusal was of the older content, which is tried again.
      let edited = false;
      await syncUpdate(start.localId, sentRev, (d, editedSince) => {
        edited = editedSince;
        return editedSince ? d : { ...d, state: 'refused', error: asSyncError(error) };
      });
      if (edited) return 'retry';
    }
    if (outcome === 'retry' && !(isApiError(error) && error.status > 0)) return 'offline';
    return outcome === 'done' ? 'retry' : outcome;
  }
}

let running: Promise<void> | null = null;

/**
 * One pass over the outbox, once per tab at a time and, where the browser has Web Locks, once across tabs.
 * `now` is for tests.
 */
export function syncNow(now: () => number = Date.now): Promise<void> {
  running ??= (async () => {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    const pass = () => syncPass(now);
    if (locks?.request) await locks.request('pruefbuch-outbox', pass);
    else await pass();
  })().finally(() => {
    running = null;
  });
  return running;
}

async function syncPass(now: () => number): Promise<void> {
  const me = getSessionState().session?.userId;
  for (const entry of await outbox()) {
    const draft = await getDraft(entry.draftId);
    if (!draft) {
      await removeEntry(entry.seq as number);
      continue;
    }
    // Another user's draft (their session ended on this phone) waits for them; it never goes up under this one.
    if (draft.userId !== me) continue;
    // A draft waiting out its back-off holds up only itself: each draft is a record of its own, sent in its steps.
    if (entry.nextAt > now()) continue;
    const sent = await sendDraft(draft);
    if (sent === 'retry' || sent === 'offline') {
      const attempts = entry.attempts + 1;
      await updateEntry({ ...entry, attempts, nextAt: now() + retryDelayMs(attempts), lastError: sent });
      // Without a network the drafts behind it would only fail as well; a server error of one draft (a photo it
      // cannot take, say) does not keep the others from going up.
      if (sent === 'offline') return;
      continue;
    }
    // Signed out meanwhile: the entry keeps its place until the next sign-in.
    if (sent === 'signIn') return;
    await removeEntry(entry.seq as number);
  }
}

/** Discards a draft the technician gave up (a refusal, or work begun by mistake). */
export { deleteDraft as discardDraft };
