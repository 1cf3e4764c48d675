/**
 * PDF assets of a book (SPEC §3 PDF asset, §7 GET pdfassets/book and the tech acceptor's
 * sign-off PUT books/{id}/techacceptor/{techAcceptorId}/{tenantId}/{pdfassetId}).
 */
import { z } from 'zod';
import { idSchema } from './common';

/**
 * 'inspection': the PDF archived when a record was finalized; 'upload': an uploaded PDF, an existing expert
 * report (with its record) or any PDF uploaded for the book (POST pdfassets/uploadfile, without a record).
 */
export const PDF_ASSET_KINDS = ['inspection', 'upload'] as const;
export type PdfAssetKind = (typeof PDF_ASSET_KINDS)[number];

export const pdfAssetSchema = z.object({
  _id: z.string(),
  book: z.string(),
  /** The record the PDF belongs to (null once that record is gone). */
  inspection: z.string().nullable(),
  blob: z.string(),
  kind: z.enum(PDF_ASSET_KINDS),
  fileName: z.string(),
  /** Download call relative to /api/v1. */
  path: z.string(),
  /** The tech acceptor who signed it off (id and name), null while not signed off. */
  techAcceptor: z.string().nullable(),
  techAcceptorName: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  /** Abbreviation of the user who recorded the sign-off. */
  acceptedBy: z.string().nullable(),
  acceptanceNote: z.string(),
  createdAt: z.string(),
});
export type PdfAsset = z.infer<typeof pdfAssetSchema>;
export const pdfAssetListReply = z.array(pdfAssetSchema);

export const pdfAssetsQuery = z.object({ book: idSchema });

export const techAcceptorParams = z.object({
  id: idSchema,
  techAcceptorId: idSchema,
  tenantId: idSchema,
  pdfassetId: idSchema,
});
/** The body may be empty. */
export const techAcceptorBody = z
  .object({ note: z.string({ error: 'validation.invalid' }).trim().max(1000, { error: 'validation.max' }).default('') })
  .nullish();
