import { Readable } from 'node:stream';
import type { Executor } from '../../db/client';
import { pdfAssets } from '../../db/schema/index';
import type { TenantContext } from '../../platform/context';
import { lockFileRefs } from '../../platform/files';
import { pdfToBuffer } from '../../platform/pdf';
import { insertBlob } from '../documents/documents.repo';
import { loadRecordDocument, recordFileName, recordPdf, renderRecordDocument } from './pdf.single-record';

/** Blob type of the PDFs archived on finalize. */
export const INSPECTION_PDF_TYPE = 'inspection-pdf';

/**
 * Renders the inspection PDF of a record that has just been finalized and keeps it as a PDF
 * asset of its book (kind 'inspection'), inside the caller's transaction: the record, its book
 * and tenant are read through `tx`, so the PDF shows the state being committed. The bytes are
 * stored at their content address before the rows are inserted; should the caller's
 * transaction roll back, the file stays without a blob row (harmless; the consistency check,
 * markOrphanedFiles, marks it for removal).
 */
export async function archiveInspectionPdf(ctx: TenantContext, tx: Executor, inspectionId: string) {
  const doc = await loadRecordDocument(tx, ctx.deps.files, ctx.tenantId, inspectionId);
  const bytes = await pdfToBuffer(recordPdf(doc), (pdf) => renderRecordDocument(pdf, doc));
  const staged = await ctx.deps.files.stage(Readable.from([bytes]));
  try {
    await lockFileRefs(tx, [staged.sha256]);
    await staged.commit();
  } finally {
    await staged.discard();
  }
  const fileName = recordFileName(doc, 'inspection');
  const blob = await insertBlob(tx, {
    tenantId: ctx.tenantId,
    bookId: doc.book.id,
    sha256: staged.sha256,
    size: staged.size,
    contentType: 'application/pdf',
    fileName,
    type: INSPECTION_PDF_TYPE,
    createdBy: ctx.user.id,
  });
  const [asset] = await tx
    .insert(pdfAssets)
    .values({
      tenantId: ctx.tenantId,
      bookId: doc.book.id,
      inspectionId,
      blobId: blob.id,
      kind: 'inspection',
      fileName,
      createdBy: ctx.user.id,
    })
    .returning();
  if (!asset) throw new Error('PDF asset not inserted');
  return asset;
}
