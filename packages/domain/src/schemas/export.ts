import { z } from 'zod';

/** What an inspection file (Prüfakte) holds: one book, the books of a branch, or those of a customer's branches. */
export const EXPORT_SCOPES = ['book', 'branch', 'customer'] as const;
export type ExportScope = (typeof EXPORT_SCOPES)[number];

/** queued → running → done, or failed; a done file's link runs out and it becomes expired. */
export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'expired'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** A file built in the background, as its requester sees it (GET exports/jobs/{id}). */
export const exportJobSchema = z.object({
  _id: z.string(),
  scope: z.enum(EXPORT_SCOPES),
  /** What it is the file of, e.g. 'Filiale 0815 Frankfurt' or a book's title. */
  label: z.string(),
  status: z.enum(EXPORT_STATUSES),
  booksDone: z.number().int(),
  booksTotal: z.number().int(),
  fileName: z.string(),
  /** Bytes of the ZIP once done. */
  size: z.number().int().nullable(),
  /** The download link (below /api/v1), while done and not expired; it also went out by mail. */
  downloadPath: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ExportJob = z.infer<typeof exportJobSchema>;

/** POST …/exportFile: how the file comes, with the size that decided it (rules/export-mode.ts). */
export const exportStartReply = z.object({
  mode: z.enum(['direct', 'background']),
  books: z.number().int(),
  records: z.number().int(),
  fileBytes: z.number().int(),
  /** The job, when the file is built in the background. */
  job: exportJobSchema.nullable(),
});
export type ExportStartReply = z.infer<typeof exportStartReply>;

/** One file of the ZIP as manifest.json lists it. */
export const manifestFileSchema = z.object({
  path: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  kind: z.enum(['book-pdf', 'record-pdf', 'document']),
  book: z.string(),
});

/** manifest.json of an inspection file. */
export const manifestSchema = z.object({
  format: z.literal('pruefbuch-inspection-file/1'),
  exportedAt: z.string(),
  exportedBy: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  tenant: z.object({ id: z.string(), name: z.string() }),
  scope: z.object({ kind: z.enum(EXPORT_SCOPES), id: z.string(), label: z.string() }),
  books: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      folder: z.string(),
      records: z.number().int(),
      /** The head of the book's record chain (decision 057): its last sealed record's place and hash; null while nothing is sealed. */
      chainHead: z.object({ seq: z.number().int(), hash: z.string() }).nullable(),
    }),
  ),
  files: z.array(manifestFileSchema),
});
export type Manifest = z.infer<typeof manifestSchema>;
