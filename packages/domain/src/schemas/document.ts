import { z } from 'zod';
import { idSchema } from './common';

/**
 * Content types a document may have. The server takes the type from the file's bytes, never
 * from its name or the browser's claim; the web's drop zone offers the same list.
 */
export const DOCUMENT_CONTENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/heic',
  'image/heif',
] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

/** File name extensions per accepted type; a name without one of them gets the first appended. */
export const DOCUMENT_EXTENSIONS: Record<DocumentContentType, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'image/heic': ['heic', 'heif'],
  'image/heif': ['heif', 'heic'],
};

/** The upload limit when UPLOAD_LIMIT_MB is not set. */
export const DEFAULT_UPLOAD_LIMIT_MB = 25;

/** What a blob is for: 'document' for a book's documents; other areas name their own. */
export const blobTypeSchema = z
  .string()
  .trim()
  .min(1, { error: 'validation.required' })
  .max(40, { error: 'validation.max' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'validation.invalid' });

/**
 * The text fields of a multipart upload (SPEC §7 POST blobs: file, tenant, type). `tenant`
 * must name the tenant of the x-tenant header; `book` attaches the blob to a book.
 */
export const blobUploadFields = z.object({
  tenant: z.string().optional(),
  type: blobTypeSchema.default('document'),
  book: idSchema.optional(),
});
export type BlobUploadFields = z.infer<typeof blobUploadFields>;

/** SPEC §3 Blob/document. `path` is the download call relative to /api/v1. */
export const blobSchema = z.object({
  _id: z.string(),
  path: z.string(),
  contentType: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  type: z.string(),
  book: z.string().nullable(),
  createdAt: z.string(),
});
export type DocumentBlob = z.infer<typeof blobSchema>;

/** A book's documents, newest first. */
export const bookDocumentsReply = z.object({ documents: z.array(blobSchema) });
export type BookDocumentsReply = z.infer<typeof bookDocumentsReply>;

/** POST books/{id}/document: the new blob and the book's documents after the upload. */
export const bookDocumentAddedReply = z.object({ blob: blobSchema, documents: z.array(blobSchema) });
export type BookDocumentAddedReply = z.infer<typeof bookDocumentAddedReply>;

export const bookDocumentParams = z.object({ id: idSchema, docId: idSchema });
