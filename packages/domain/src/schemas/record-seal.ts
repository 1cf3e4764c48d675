/**
 * GET books/{id}/verify (decision 057): whether a book's finalized records and stored PDFs are as they
 * were sealed, and if not, which records the check names and why (rules/record-seal.ts).
 */
import { z } from 'zod';
import { SEAL_PROBLEM_KINDS, SEAL_PROBLEM_REASONS } from '../rules/record-seal';
import { inspectionKindSchema } from './inspection';

export const sealProblemSchema = z.object({
  /** The record named; null for a stored PDF of the book that belongs to no record. */
  recordId: z.string().nullable(),
  kind: z.enum(SEAL_PROBLEM_KINDS),
  reason: z.enum(SEAL_PROBLEM_REASONS),
  /** The record's place in the book's chain, where it has a seal. */
  seq: z.number().int().optional(),
  /** The record as it is now (kind and day), when it is still there: for naming it. */
  record: z.object({ kind: inspectionKindSchema, when: z.string() }).nullable().optional(),
  /** The stored PDF concerned (pdfChanged, pdfMissing). */
  pdf: z.object({ _id: z.string(), fileName: z.string() }).optional(),
});
export type SealProblemDto = z.infer<typeof sealProblemSchema>;

export const bookVerifyReply = z.object({
  /** No problem found. */
  ok: z.boolean(),
  /** Sealed records checked. */
  records: z.number().int(),
  /** Stored PDFs of the book whose bytes were read and hashed. */
  pdfs: z.number().int(),
  /** The chain's head: its last place and hash (the export lists it). */
  head: z.object({ seq: z.number().int(), hash: z.string() }).nullable(),
  problems: z.array(sealProblemSchema),
  checkedAt: z.string(),
});
export type BookVerifyReply = z.infer<typeof bookVerifyReply>;
