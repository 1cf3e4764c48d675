import { berlinToday } from '@pruefbuch/domain/rules/berlin-clock';
import type { RecordFields } from '@pruefbuch/domain/rules/offline-sync';
import type { Inspection } from '@pruefbuch/domain/schemas/inspection';
import type { OfflineBook } from '@pruefbuch/domain/schemas/offline';
import { newIdempotencyKey } from '@/lib/api-client';
import type { DraftFields, OfflineDraft, OfflineKind } from './outbox-types';
import { fieldsOfRecord } from './sync';

/** A draft on the device, with a fresh local id (its create's Idempotency-Key), not yet given to send. */
function draftOf(
  tenantId: string,
  userId: string,
  book: OfflineBook,
  kind: OfflineKind,
  fields: DraftFields,
  server: { id: string; v: number } | null,
): OfflineDraft {
  const now = new Date().toISOString();
  return {
    localId: newIdempotencyKey(),
    tenantId,
    userId,
    bookId: book._id,
    bookTitle: book.title,
    kind,
    serverId: server?.id ?? null,
    serverV: server?.v ?? null,
    // A continued server record is merged against the version it started from (decision 062).
    base: server ? (fields as RecordFields) : null,
    fields,
    finalize: false,
    rev: 0,
    touched: false,
    createBody: null,
    state: 'editing',
    error: null,
    theirs: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** A new record begun offline: the book's checklist for its kind, today, the user as who. */
export function newDraft(
  tenantId: string,
  userId: string,
  book: OfflineBook,
  kind: OfflineKind,
  who: string,
): OfflineDraft {
  const items = kind === 'self' ? book.selfChecklist : book.checklist;
  return draftOf(
    tenantId,
    userId,
    book,
    kind,
    {
      when: berlinToday(),
      who,
      where: book.location,
      text: '',
      checklist: items.map((i) => ({ item: i.item, label: i.label, result: null, note: '' })),
      defects: [],
      continuedOperation: null,
      inspectorSignature: null,
      operatorAcknowledgement: null,
    },
    null,
  );
}

/** A server draft of the prepared day continued on the device: it is changed with its __v when sent. */
export function draftFromRecord(tenantId: string, userId: string, book: OfflineBook, record: Inspection): OfflineDraft {
  return draftOf(tenantId, userId, book, record.kind, fieldsOfRecord(record), { id: record._id, v: record.__v });
}
