import { idSchema } from '@pruefbuch/domain/schemas/common';
import type { PdfAsset } from '@pruefbuch/domain/schemas/pdf-asset';
import { z } from 'zod';
import { pdfAssets } from '../../db/schema/index';
import type { TenantContext } from '../../platform/context';
import { badField, notFound } from '../../platform/errors';
import { keepingUpload } from '../../platform/files';
import { formFields, type ReceivedUpload, unsupportedFileType } from '../../platform/uploads';
import { findBook } from '../books/books.repo';
import { PDF_ASSET_TYPE } from '../documents/documents.repo';
import { commitBlob } from '../documents/documents.service';
import { readAsset } from './pdf.assets';

/** The form's fields besides the file: the book the PDF belongs to. */
const uploadFileFields = z.object({ book: idSchema, tenant: z.string().optional() });

/**
 * POST pdfassets/uploadfile (multipart: file = a PDF; book; tenant, optional, the x-tenant tenant): an existing
 * PDF (an acceptance certificate, a report made elsewhere) becomes a PDF asset of the book, kind 'upload' without
 * a record, ready for the tech acceptor's sign-off. Anything but a PDF is refused; file and rows in one go.
 */
export async function uploadPdfAsset(ctx: TenantContext, upload: ReceivedUpload): Promise<PdfAsset> {
  const { file } = upload;
  return keepingUpload(ctx.deps.database.db, ctx.deps.files, file?.staged, async () => {
    const { book: bookId } = formFields(ctx.tenantId, upload.fields, uploadFileFields);
    if (!file) throw badField('file', 'validation.required');
    if (file.contentType !== 'application/pdf') throw unsupportedFileType();
    return await ctx.db.transaction(async (tx) => {
      const book = await findBook(tx, ctx.tenantId, bookId);
      if (!book) throw notFound();
      const blob = await commitBlob(tx, ctx, file, { bookId: book.id, type: PDF_ASSET_TYPE });
      const [asset] = await tx
        .insert(pdfAssets)
        .values({
          tenantId: ctx.tenantId,
          bookId: book.id,
          blobId: blob.id,
          kind: 'upload',
          fileName: blob.fileName,
          createdBy: ctx.user.id,
        })
        .returning({ id: pdfAssets.id });
      if (!asset) throw new Error('PDF asset not inserted');
      const dto = await readAsset(tx, ctx.tenantId, asset.id);
      if (!dto) throw notFound();
      return dto;
    });
  });
}
