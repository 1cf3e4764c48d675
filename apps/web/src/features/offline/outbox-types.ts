import type { RecordFields } from '@pruefbuch/domain/rules/offline-sync';
import type { ErrorDetail } from '@pruefbuch/domain/schemas/common';
import type { Defect, Inspection } from '@pruefbuch/domain/schemas/inspection';

/**
 * Where a record begun offline stands (decision 062):
 * - editing: kept on the device, not yet given to send;
 * - waiting: in the outbox, goes up when the network allows;
 * - conflict: someone changed the record on the server meanwhile: the technician chooses per field;
 * - refused: the server refused it for good: kept with the reason, to be changed or discarded;
 * - saved: on the server as a draft (finalizing, when asked for, waits: `error` says why);
 * - finalized: on the server and finalized.
 */
export type DraftState = 'editing' | 'waiting' | 'conflict' | 'refused' | 'saved' | 'finalized';

/** The kinds a technician records offline. */
export type OfflineKind = 'inspection' | 'wartung' | 'gutachten' | 'self';

/** A photo of a defect not yet uploaded is named `local:<id>` in the defect's photos; once up, by its blob id. */
export const LOCAL_PHOTO = 'local:';

export interface DraftFields {
  when: string;
  who: string;
  where: string;
  text: string;
  checklist: Inspection['checklist'];
  defects: (Omit<Defect, '_id'> & { _id?: string })[];
  continuedOperation: boolean | null;
  inspectorSignature: Inspection['inspectorSignature'];
  operatorAcknowledgement: Inspection['operatorAcknowledgement'];
}

export interface OfflineDraft {
  /** A random id: the draft's key on the device, and the Idempotency-Key of its create. */
  localId: string;
  tenantId: string;
  /** Who recorded it: only their session sends it, only they see it (a phone may be passed on after a session ends). */
  userId: string;
  bookId: string;
  /** The book's title, to list the draft without opening its book. */
  bookTitle: string;
  kind: OfflineKind;
  /** The record on the server, once created (or when the draft continues a server draft). */
  serverId: string | null;
  /** The record's version on the server the fields were last in step with. */
  serverV: number | null;
  /** The server's fields at that version: what a conflict is merged against (null before the first create). */
  base: RecordFields | null;
  fields: DraftFields;
  /** Finalize when it is sent. */
  finalize: boolean;
  /**
   * Counts the technician's edits. The sync notes it when it starts sending and, when the reply comes, keeps the
   * device's fields if it moved on meanwhile (an edit during a send is never overwritten by the server's copy).
   */
  rev: number;
  /** Changed since it was begun (an untouched new record is not counted as waiting, nor asked about at sign-out). */
  touched: boolean;
  /**
   * The body of the first create, kept once sent: a repeat after a lost reply sends exactly it again under the same
   * Idempotency-Key (a changed body would be refused with 422); later edits go up as a change. Null once created.
   */
  createBody: Record<string, unknown> | null;
  state: DraftState;
  /** Why the server refused it, or why finalizing waits: the error reply, shown as the screens show errors. */
  error: SyncError | null;
  /** The server's version of a conflicting record: its fields and __v. */
  theirs: (RecordFields & { __v: number }) | null;
  createdAt: string;
  updatedAt: string;
}

export interface SyncError {
  status: number;
  code: string;
  details: ErrorDetail[];
}

export interface StoredPhoto {
  id: string;
  tenantId: string;
  draftId: string;
  blob: Blob;
  /** The blob's id on the server once uploaded. */
  serverId: string | null;
}

export interface OutboxEntry {
  seq?: number;
  tenantId: string;
  draftId: string;
  /** Failed tries so far, and when it may be tried again (ms since the epoch). */
  attempts: number;
  nextAt: number;
  lastError: string | null;
}
