/** Retired books, legal holds and the retention runs' purges (decision 059). */
import { z } from 'zod';
import { idSchema, text } from './common';

/** What DELETE books/{id} did: a book with finalized records (or under a hold) was retired (200), else deleted (204). */
export const bookRemovedReply = z.object({ outcome: z.literal('retired'), retiredAt: z.string() });
export type BookRemovedReply = z.infer<typeof bookRemovedReply>;

/** A retired book in the admins' list 'Stillgelegt'. */
export const retiredBookSchema = z.object({
  _id: z.string(),
  title: z.string(),
  customer: z.string(),
  site: z.string(),
  glasbocknr: z.string(),
  /** When it was retired (ISO). */
  retiredAt: z.string(),
  /** The last day it is kept (YYYY-MM-DD): its retirement day plus the tenant's retention years. */
  keptUntil: z.string(),
  /** Its finalized records. */
  finalizedRecords: z.number().int(),
  /** The hold that keeps it past keptUntil: on the book, on its customer, or none. */
  hold: z.enum(['book', 'customer']).nullable(),
});
export type RetiredBook = z.infer<typeof retiredBookSchema>;

/** GET retention/books: the tenant's retired books, newest first, and the tenant's retention. */
export const retiredBookList = z.object({
  retentionYears: z.number().int(),
  docs: z.array(retiredBookSchema),
});
export type RetiredBookList = z.infer<typeof retiredBookList>;

/** A legal hold: on a book or on a customer (as books and offers write the name). */
export const legalHoldSchema = z.object({
  _id: z.string(),
  book: z.string().nullable(),
  /** The held book's title (a hold on a book), for the list. */
  bookTitle: z.string().nullable(),
  customer: z.string().nullable(),
  reason: z.string(),
  createdAt: z.string(),
  /** Who set it (abbreviation, else name); '' when unknown. */
  createdBy: z.string(),
});
export type LegalHold = z.infer<typeof legalHoldSchema>;
export const legalHoldList = z.array(legalHoldSchema);

/** POST retention/holds: a hold on a book of the tenant or on a customer's name, with its reason. */
export const legalHoldCreateSchema = z
  .object({
    book: idSchema.optional(),
    customer: text(200).optional(),
    reason: text(500).min(1, { error: 'validation.required' }),
  })
  .superRefine((v, ctx) => {
    const customer = v.customer?.trim() ?? '';
    if (v.book && customer)
      ctx.addIssue({ code: 'custom', path: ['customer'], message: 'retention.errors.bookOrCustomer' });
    if (!v.book && !customer) ctx.addIssue({ code: 'custom', path: ['customer'], message: 'validation.required' });
  });
export type LegalHoldCreate = z.infer<typeof legalHoldCreateSchema>;

/** A book purged by the retention run, as its protocol row keeps it (GET retention/purges). */
export const purgeEntrySchema = z.object({
  book: z.string(),
  /** Title, customer and serial of the purged book, and the day it was retired. */
  summary: z.string(),
  purgedAt: z.string(),
});
export const purgeEntryList = z.array(purgeEntrySchema);
