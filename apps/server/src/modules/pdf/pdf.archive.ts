import { Readable } from 'node:stream';
import { translate } from '@pruefbuch/domain/locales/resources';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { blobs, pdfAssets } from '../../db/schema/index';
import type { TenantContext } from '../../platform/context';
import { lockFileRefs } from '../../platform/files';
import { PDF_LANG, pdfToBuffer } from '../../platform/pdf';
import { sealPdf } from '../../platform/pdf-seal';
import { insertBlob } from '../documents/documents.repo';
import { sealKeyOf } from '../tenants/tenants.certificate';
import { loadRecordDocument, recordFileName, recordPdf, renderRecordDocument } from './pdf.single-record';

/** Blob type of the PDFs archived on finalize. */
export const INSPECTION_PDF_TYPE = 'inspection-pdf';

/**
 * Renders the inspection PDF of a record that has just been finalized, seals it under the tenant's
 * certificate (PAdES, decision 056) and keeps it as a PDF asset of its book (kind 'inspection'),
 * inside the caller's transaction: the record, its book
 * and tenant are read through `tx`, so the PDF shows the state being committed. The bytes are
 * stored at their content address before the rows are inserted; should the caller's
 * transaction roll back, the file stays without a blob row (harmless; the consistency check,
 * markOrphanedFiles, marks it for removal).
 */
export async function archiveInspectionPdf(ctx: TenantContext, tx: Executor, inspectionId: string) {
  const doc = await loadRecordDocument(tx, ctx.deps.files, ctx.tenantId, inspectionId);
  const rendered = await pdfToBuffer(await recordPdf(doc), (pdf) => renderRecordDocument(pdf, doc));
  // What is stored and downloaded is the sealed PDF (decision 056): its signature covers every byte.
  const seal = await sealKeyOf(ctx, tx);
  const bytes = await sealPdf(rendered, seal.key, {
    name: seal.name,
    location: seal.location,
    reason: translate(PDF_LANG, 'pdf.sealReason'),
  });
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

/**
 * The PDF archived (and sealed) when the record was finalized, or null: a finalized record's PDF is this file,
 * byte for byte, wherever it is downloaded, so its seal still verifies (decision 056).
 */
export async function archivedPdfOf(db: Executor, tenantId: string, inspectionId: string) {
  const [row] = await db
    .select({ sha256: blobs.sha256, size: blobs.size, fileName: pdfAssets.fileName })
    .from(pdfAssets)
    .innerJoin(blobs, and(eq(blobs.id, pdfAssets.blobId), eq(blobs.tenantId, pdfAssets.tenantId)))
    .where(
      and(eq(pdfAssets.tenantId, tenantId), eq(pdfAssets.inspectionId, inspectionId), eq(pdfAssets.kind, 'inspection')),
    )
    .orderBy(desc(pdfAssets.createdAt))
    .limit(1);
  return row ?? null;
}
