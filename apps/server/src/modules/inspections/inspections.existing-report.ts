import { checklistFor } from '@pruefbuch/domain/rules/checklists';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { existingReportFieldsSchema, type Inspection } from '@pruefbuch/domain/schemas/inspection';
import { inspections, pdfAssets } from '../../db/schema/index';
import type { TenantContext } from '../../platform/context';
import { badField, notFound } from '../../platform/errors';
import { keepingUpload } from '../../platform/files';
import { formFields, type ReceivedUpload, unsupportedFileType } from '../../platform/uploads';
import { findBook } from '../books/books.repo';
import { recomputeBookSchedule } from '../books/books.schedule';
import { findBookType } from '../booktypes/booktypes.repo';
import { commitBlob } from '../documents/documents.service';
import { auditCreated, auditFinalized } from './inspections.audit';
import { readRecord } from './inspections.repo';
import { sealFinalizedRecord } from './inspections.seal';

/** Blobs of this type are uploaded expert reports; their PDF asset is of kind 'upload'. */
export const EXPERT_REPORT_TYPE = 'expert-report';

/**
 * POST inspections/existingDoc (multipart: file = the report as PDF; book, when, who, where,
 * text, isAbnahmeGutachten): an expert report made elsewhere becomes a finalized 'gutachten'
 * record of the book whose report is the uploaded file, kept as a PDF asset of the book. The
 * schedule and status follow as after any finalized record; all in one transaction.
 */
export async function uploadExistingReport(ctx: TenantContext, upload: ReceivedUpload): Promise<Inspection> {
  const { file } = upload;
  return keepingUpload(ctx.deps.database.db, ctx.deps.files, file?.staged, async () => {
    const fields = formFields(ctx.tenantId, upload.fields, existingReportFieldsSchema);
    if (!file) throw badField('file', 'validation.required');
    if (file.contentType !== 'application/pdf') throw unsupportedFileType();
    if (fields.when > berlinToday()) throw badField('when', 'validation.notInFuture');
    return await ctx.db.transaction(async (tx) => {
      const book = await findBook(tx, ctx.tenantId, fields.book);
      if (!book) throw notFound();
      const blob = await commitBlob(tx, ctx, file, { bookId: book.id, type: EXPERT_REPORT_TYPE });
      const type = book.bookTypeId ? await findBookType(tx, book.bookTypeId) : null;
      const now = new Date();
      const [row] = await tx
        .insert(inspections)
        .values({
          tenantId: ctx.tenantId,
          bookId: book.id,
          kind: 'gutachten',
          when: fields.when,
          where: fields.where,
          who: fields.who,
          isAbnahmeGutachten: fields.isAbnahmeGutachten,
          text: fields.text,
          checklistName: checklistFor('gutachten', type),
          reportBlobId: blob.id,
          finalizedAt: now,
          finalizedBy: ctx.user.id,
          createdBy: ctx.user.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('inspection insert returned nothing');
      await tx.insert(pdfAssets).values({
        tenantId: ctx.tenantId,
        bookId: book.id,
        inspectionId: row.id,
        blobId: blob.id,
        kind: 'upload',
        fileName: blob.fileName,
        createdBy: ctx.user.id,
      });
      await auditCreated(tx, ctx, row);
      await auditFinalized(tx, ctx, row);
      await recomputeBookSchedule(tx, ctx, book.id, { status: true });
      await sealFinalizedRecord(tx, ctx.tenantId, row.id);
      const dto = await readRecord(tx, ctx.tenantId, row.id);
      if (!dto) throw notFound();
      return dto;
    });
  });
}
