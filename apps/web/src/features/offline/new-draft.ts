import type { RecordFields } from '@pruefbuch/domain/rules/offline-sync';
import type { Inspection } from '@pruefbuch/domain/schemas/inspection';
import type { OfflineBook } from '@pruefbuch/domain/schemas/offline';
import { newIdempotencyKey } from '@/lib/api-client';
import type { OfflineDraft, OfflineKind } from './outbox-types';
import { fieldsOfRecord } from './sync';

const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date());

/** A new record begun offline: the book's checklist for its kind, today, the user as who. */
export function newDraft(
  tenantId: string,
  userId: string,
  book: OfflineBook,
  kind: OfflineKind,
  who: string,
): OfflineDraft {
  const items = kind === 'self' ? book.selfChecklist : book.checklist;
  const now = new Date().toISOString();
  return {
    localId: newIdempotencyKey(),
    tenantId,
    userId,
    bookId: book._id,
    bookTitle: book.title,
    kind,
    serverId: null,
    serverV: null,
    base: null,
    fields: {
      when: today(),
      who,
      where: book.location,
      text: '',
      checklist: items.map((i) => ({ item: i.item, label: i.label, result: null, note: '' })),
      defects: [],
      continuedOperation: null,
      inspectorSignature: null,
      operatorAcknowledgement: null,
    },
    finalize: false,
    state: 'editing',
    error: null,
    theirs: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** A server draft of the prepared day continued on the device: it is changed with its __v when sent. */
export function draftFromRecord(tenantId: string, userId: string, book: OfflineBook, record: Inspection): OfflineDraft {
  const fields = fieldsOfRecord(record);
  const now = new Date().toISOString();
  return {
    localId: newIdempotencyKey(),
    tenantId,
    userId,
    bookId: book._id,
    bookTitle: book.title,
    kind: record.kind,
    serverId: record._id,
    serverV: record.__v,
    base: fields as RecordFields,
    fields,
    finalize: false,
    state: 'editing',
    error: null,
    theirs: null,
    createdAt: now,
    updatedAt: now,
  };
}
