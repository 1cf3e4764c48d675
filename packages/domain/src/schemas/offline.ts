import { z } from 'zod';
import { idSchema } from './common';
import { inspectionSchema } from './inspection';

/** A checklist item of a book type: a key, and a text when it is not the norm text. */
const checklistItemSchema = z.object({ item: z.string(), label: z.string() });

/** A finalized record in summary: enough to show what was last done, not the record itself. */
export const offlineRecordSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  when: z.string(),
  who: z.string(),
  continuedOperation: z.boolean().nullable(),
  defects: z.number().int(),
  finalizedAt: z.string(),
});

/** A document's metadata: no bytes. */
export const offlineDocumentSchema = z.object({
  _id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  type: z.string(),
  createdAt: z.string(),
});

export const offlineBookSchema = z.object({
  _id: z.string(),
  title: z.string(),
  customer: z.string(),
  location: z.string(),
  typ: z.string(),
  bookTypeId: z.string().nullable(),
  nextInspectionDate: z.string().nullable(),
  inspectionAmpel: z.string().nullable(),
  enableFrom: z.string().nullable(),
  enableTo: z.string().nullable(),
  /** Why it came along (decision 061): an open record, a booking of today, of the next days, the chosen folder or branch. */
  reason: z.enum(['draft', 'today', 'soon', 'chosen']),
  /** The checklists a new record starts with: the type's own, else the norm list. */
  checklist: z.array(checklistItemSchema),
  selfChecklist: z.array(checklistItemSchema),
  records: z.array(offlineRecordSchema),
  /**
   * The signed-in user's own open (not finalized) records of the book, whole — signatures and `__v`
   * included, as GET inspections/{id} answers each — so they can be continued offline and sent back with
   * a PUT (decision 061).
   */
  drafts: z.array(inspectionSchema),
  documents: z.array(offlineDocumentSchema),
  /** The codes of the book's QR labels. */
  qrCodes: z.array(z.string()),
});
export type OfflineBook = z.infer<typeof offlineBookSchema>;

/** GET offline/day's choice: a folder or a branch (customer location) to take along instead of the bookings. */
export const offlineDayQuery = z
  .object({ folder: idSchema.optional(), location: idSchema.optional() })
  .refine((q) => !(q.folder && q.location), { path: ['location'], error: 'validation.invalid' });

/** GET offline/day: the books the user takes along (decision 061). */
export const offlineDayReply = z.object({
  tenantId: z.string(),
  preparedAt: z.string(),
  /** The folder or branch chosen instead of the bookings, with its name; null: the bookings. */
  chosen: z.object({ kind: z.enum(['folder', 'location']), id: z.string(), name: z.string() }).nullable(),
  books: z.array(offlineBookSchema),
  /** The cap, and how many books it left out. */
  maxBooks: z.number().int(),
  overCap: z.number().int(),
  daysAhead: z.number().int(),
});
export type OfflineDay = z.infer<typeof offlineDayReply>;
