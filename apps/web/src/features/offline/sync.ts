/**
 * Sends the outbox (decision 062): the drafts go up one after the other in the order they were given to send.
 * Each step carries what makes a repeat harmless: photos and the create their Idempotency-Key (the photo's id,
 * the draft's id), a change the record's `__v`. A reply that says "not now" stops the run and tries again after
 * the back-off, so nothing overtakes a change that waits; a conflict or a refusal stays with its draft and the
 * run goes on with the next.
 */
import { canonical, type RecordFields, retryDelayMs, syncOutcome } from '@pruefbuch/domain/rules/offline-sync';
import type { DocumentBlob } from '@pruefbuch/domain/schemas/document';
import type { Inspection } from '@pruefbuch/domain/schemas/inspection';
import { type ApiError, api, isApiError } from '@/lib/api-client';
import { getSessionState } from '@/lib/session';
import { deleteDraft, getDraft, getPhoto, outbox, putPhoto, removeEntry, saveDraft, updateEntry } from './outbox-store';
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
function sendable(d: OfflineDraft, fields: Partial<DraftFields>): Record<string, unknown> {
  const { where, ...rest } = fields;
  return d.kind === 'self' || where === undefined ? rest : { ...rest, where };
}

const asSyncError = (e: ApiError): SyncError => ({ status: e.status, code: e.code, details: e.details });

/** The outcome of an error: a reply's status and code, or no reply at all. */
function outcomeOf(error: unknown) {
  return isApiError(error) ? syncOutcome(error.status, error.code) : syncOutcome(0);
}

/** Uploads the draft's photos not yet up and names them by their blob ids in its defects. */
async function uploadPhotos(draft: OfflineDraft): Promise<OfflineDraft> {
  let current = draft;
  for (const defect of draft.fields.defects) {
    for (const ref of defect.photos) {
      if (!ref.startsWith(LOCAL_PHOTO)) continue;
      const photo = await getPhoto(ref.slice(LOCAL_PHOTO.length));
      if (!photo) continue;
      let blobId = photo.serverId;
      if (!blobId) {
        const form = new FormData();
        form.set('tenant', draft.tenantId);
        form.set('type', 'defect-photo');
        form.set('book', draft.bookId);
        form.set('file', photo.blob, `${photo.id}.jpg`);
        // Sent with fetch, not the upload with progress: nobody watches a bar while the outbox works.
        blobId = (await api.post<DocumentBlob>('blobs', form, { tenant: draft.tenantId, idempotencyKey: photo.id }))
          ._id;
        await putPhoto({ ...photo, serverId: blobId });
      }
      const id = blobId;
      current = {
        ...current,
        fields: {
          ...current.fields,
          defects: current.fields.defects.map((d) => ({ ...d, photos: d.photos.map((p) => (p === ref ? id : p)) })),
        },
      };
      current = await saveDraft(current);
    }
  }
  return current;
}

/** In step with the server: the draft holds the record as the server answered it. */
const inStep = (draft: OfflineDraft, record: Inspection): OfflineDraft => {
  const fields = fieldsOfRecord(record);
  return { ...draft, serverId: record._id, serverV: record.__v, base: fields as RecordFields, fields, theirs: null };
};

/** The fields changed since the version the draft was last in step with. */
function changedFields(draft: OfflineDraft): Partial<DraftFields> {
  const base = draft.base ?? {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(draft.fields)) {
    if (canonical(v) !== canonical(base[k as keyof RecordFields])) out[k] = v;
  }
  return out as Partial<DraftFields>;
}

type Sent = 'done' | 'retry' | 'signIn' | 'conflict' | 'refused';

/** One draft's steps: its photos, its create or change, its finalizing when asked for. */
export async function sendDraft(start: OfflineDraft): Promise<Sent> {
  let draft = start;
  try {
    draft = await uploadPhotos(draft);
    const tenant = draft.tenantId;
    if (!draft.serverId) {
      const body = { book: draft.bookId, ...(draft.kind === 'self' ? {} : { kind: draft.kind }), ...draft.fields };
      const record = await api.post<Inspection>(recordPath(draft), sendable(draft, body), {
        tenant,
        idempotencyKey: draft.localId,
      });
      draft = await saveDraft(inStep(draft, record));
    } else {
      const changed = changedFields(draft);
      const path = `${recordPath(draft)}/${encodeURIComponent(draft.serverId)}`;
      if (Object.keys(changed).length > 0) {
        try {
          const record = await api.put<Inspection>(
            path,
            { ...sendable(draft, changed), __v: draft.serverV },
            { tenant },
          );
          draft = await saveDraft(inStep(draft, record));
        } catch (error) {
          if (outcomeOf(error) !== 'conflict') throw error;
          const theirs = await api.get<Inspection>(path, { tenant });
          await saveDraft({
            ...draft,
            state: 'conflict',
            theirs: { ...fieldsOfRecord(theirs), __v: theirs.__v } as OfflineDraft['theirs'],
            error: asSyncError(error as ApiError),
          });
          return 'conflict';
        }
      }
    }
    if (draft.finalize) {
      try {
        const record = await api.post<Inspection>(
          `${recordPath(draft)}/${encodeURIComponent(draft.serverId as string)}/finalize`,
          { __v: draft.serverV },
          { tenant },
        );
        await saveDraft({ ...inStep(draft, record), state: 'finalized', error: null });
        return 'done';
      } catch (error) {
        const outcome = outcomeOf(error);
        if (outcome !== 'refused' || !isApiError(error)) throw error;
        // The record is on the server; finalizing waits for what its checks named (a signature, a qualification).
        await saveDraft({ ...draft, state: 'saved', error: asSyncError(error) });
        return 'done';
      }
    }
    await saveDraft({ ...draft, state: 'saved', error: null });
    return 'done';
  } catch (error) {
    const outcome = outcomeOf(error);
    if (outcome === 'refused' && isApiError(error)) {
      await saveDraft({ ...draft, state: 'refused', error: asSyncError(error) });
    }
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
    if (entry.nextAt > now()) return;
    const sent = await sendDraft(draft);
    if (sent === 'retry') {
      const attempts = entry.attempts + 1;
      await updateEntry({ ...entry, attempts, nextAt: now() + retryDelayMs(attempts), lastError: 'retry' });
      return;
    }
    // Signed out meanwhile: the entry keeps its place until the next sign-in.
    if (sent === 'signIn') return;
    await removeEntry(entry.seq as number);
  }
}

/** When the outbox is tried next (ms since the epoch), or null when it is empty. */
export async function nextAttemptAt(): Promise<number | null> {
  const [first] = await outbox();
  return first ? first.nextAt : null;
}

/** Discards a draft the technician gave up (a refusal, or work begun by mistake). */
export { deleteDraft as discardDraft };
