import type { PdfAsset } from '@pruefbuch/domain/schemas/pdf-asset';
import { eq } from 'drizzle-orm';
import { pdfAssets } from '../../db/schema/index';
import type { TenantContext } from '../../platform/context';
import { badField, notFound } from '../../platform/errors';
import { keepingUpload, lockFileRefs } from '../../platform/files';
import { type ReceivedUpload, unsupportedFileType } from '../../platform/uploads';
import { findBook } from '../books/books.repo';
import { insertBlob, PDF_ASSET_TYPE } from '../documents/documents.repo';
import { readAsset } from './pdf.assets';

/** The book the upload names (the form's `book` field), of the request's tenant; `tenant`, when sent, must be it. */
function bookField(ctx: TenantContext, fields: Record<string, string>) {
  if (fields.tenant !== undefined && fields.tenant !== ctx.tenantId) throw notFound();
  const book = fields.book?.trim();
  if (!book) throw badField('book', 'validation.required');
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(book))
    throw badField('book', 'validation.id');
  return book;
}

/**
 * POST pdfassets/uploadfile (multipart: file = a PDF; book; tenant, optional, the x-tenant tenant): an existing
 * PDF (an acceptance certificate, a report made elsewhere) becomes a PDF asset of the book, kind 'upload' without
 * a record, ready for the tech acceptor's sign-off. Anything but a PDF is refused; file and rows in one go.
 */
export async function uploadPdfAsset(ctx: TenantContext, upload: ReceivedUpload): Promise<PdfAsset> {
  const { file } = upload;
  return keepingUpload(ctx.deps.database.db, ctx.deps.files, file?.staged, async () => {
    const bookId = bookField(ctx, upload.fields);
    if (!file) throw badField('file', 'validation.required');
    if (file.contentType !== 'application/pdf') throw unsupportedFileType();
    return await ctx.db.transaction(async (tx) => {
      const book = await findBook(tx, ctx.tenantId, bookId);
      if (!book) throw notFound();
      await lockFileRefs(tx, [file.staged.sha256]);
      await file.staged.commit();
      const blob = await insertBlob(tx, {
        tenantId: ctx.tenantId,
        bookId: book.id,
        sha256: file.staged.sha256,
        size: file.staged.size,
        contentType: file.contentType,
        fileName: file.fileName,
        type: PDF_ASSET_TYPE,
        createdBy: ctx.user.id,
      });
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
      const dto = await readAsset(tx, eq(pdfAssets.id, asset.id));
      if (!dto) throw notFound();
      return dto;
    });
  });
}
