import type { Readable } from 'node:stream';
import { blobUploadFields } from '@pruefbuch/domain/schemas/document';
import type { Tx } from '../../db/client';
import { recordChanges } from '../../platform/audit';
import type { TenantContext } from '../../platform/context';
import { AppError, badField, notFound } from '../../platform/errors';
import { keepingUpload, lockFileRefs } from '../../platform/files';
import { scheduleFileRemovals } from '../../platform/files-removals';
import { readsRetired } from '../../platform/legal-holds';
import { formFields, type ReceivedFile, type ReceivedUpload } from '../../platform/uploads';
import {
  AREA_BLOB_TYPES,
  type BlobRow,
  BOOK_DOCUMENT_TYPE,
  bookExists,
  deleteBlob,
  findBlob,
  insertBlob,
  isRecordBlob,
  listBookDocuments,
  toBlobDto,
} from './documents.repo';

/**
 * Stores an uploaded file as a blob of the request's tenant: the bytes go to their content
 * address and the row is inserted in one transaction, under the hash's lock; when anything
 * fails the file is removed again unless another blob holds the same bytes.
 */
/**
 * In the caller's transaction: moves a staged upload to its content address (under the hash's lock)
 * and inserts its blob row. Every upload that becomes a blob goes through here.
 */
export async function commitBlob(
  tx: Tx,
  ctx: TenantContext,
  file: ReceivedFile,
  target: { bookId: string | null; type: string },
): Promise<BlobRow> {
  await lockFileRefs(tx, [file.staged.sha256]);
  await file.staged.commit();
  return insertBlob(tx, {
    tenantId: ctx.tenantId,
    bookId: target.bookId,
    sha256: file.staged.sha256,
    size: file.staged.size,
    contentType: file.contentType,
    fileName: file.fileName,
    type: target.type,
    createdBy: ctx.user.id,
  });
}

async function storeBlob(
  ctx: TenantContext,
  file: ReceivedFile,
  target: { bookId: string | null; type: string },
): Promise<BlobRow> {
  return keepingUpload(ctx.deps.database.db, ctx.deps.files, file.staged, () =>
    ctx.db.transaction(async (tx) => {
      if (target.bookId && !(await bookExists(tx, ctx.tenantId, target.bookId))) throw notFound();
      const row = await commitBlob(tx, ctx, file, target);
      if (row.bookId && row.type === BOOK_DOCUMENT_TYPE) {
        await recordChanges(
          tx,
          ctx,
          { entity: 'book', entityId: row.bookId, tenantId: ctx.tenantId, action: 'update' },
          { documents: null },
          { documents: row.fileName },
        );
      }
      return row;
    }),
  );
}

/** Every path out of an upload call drops the staged copy (a no-op once committed). */
async function withUpload<T>(upload: ReceivedUpload, use: (file: ReceivedFile | null) => Promise<T>): Promise<T> {
  try {
    return await use(upload.file);
  } finally {
    await upload.file?.staged.discard();
  }
}

/** POST blobs (multipart: file, tenant, type; optional book). */
export function createBlob(ctx: TenantContext, upload: ReceivedUpload) {
  return withUpload(upload, async (file) => {
    const fields = formFields(ctx.tenantId, upload.fields, blobUploadFields);
    if (AREA_BLOB_TYPES.includes(fields.type)) throw badField('type', 'validation.invalid');
    if (!file) throw badField('file', 'validation.required');
    const row = await storeBlob(ctx, file, { bookId: fields.book ?? null, type: fields.type });
    return toBlobDto(row);
  });
}

/** POST books/{id}/document: the file becomes one of the book's documents. */
export function addBookDocument(ctx: TenantContext, bookId: string, upload: ReceivedUpload) {
  return withUpload(upload, async (file) => {
    formFields(ctx.tenantId, upload.fields, blobUploadFields);
    if (!(await bookExists(ctx.db, ctx.tenantId, bookId))) throw notFound();
    if (!file) throw badField('file', 'validation.required');
    const row = await storeBlob(ctx, file, { bookId, type: BOOK_DOCUMENT_TYPE });
    return { blob: toBlobDto(row), documents: (await listBookDocuments(ctx.db, ctx.tenantId, bookId)).map(toBlobDto) };
  });
}

export async function getBlob(ctx: TenantContext, id: string) {
  const row = await findBlob(ctx.db, ctx.tenantId, id);
  if (!row) throw notFound();
  return toBlobDto(row);
}

export async function bookDocuments(ctx: TenantContext, bookId: string) {
  if (!(await bookExists(ctx.db, ctx.tenantId, bookId, readsRetired(ctx.user)))) throw notFound();
  return { documents: (await listBookDocuments(ctx.db, ctx.tenantId, bookId)).map(toBlobDto) };
}

/** The bytes of a blob with what a download reply needs to describe them. */
export async function openBlobFile(ctx: TenantContext, id: string): Promise<{ blob: BlobRow; stream: Readable }> {
  const blob = await findBlob(ctx.db, ctx.tenantId, id);
  if (!blob) throw notFound();
  const stream = await ctx.deps.files.get(blob.sha256);
  if (!stream) throw new Error(`file of blob ${blob.id} is missing`);
  return { blob, stream };
}

/** Deletes the row and marks the file for removal after the grace period (kept if another blob holds the same bytes). */
async function removeBlob(ctx: TenantContext, id: string, bookId?: string) {
  const row = await ctx.db.transaction(async (tx) => {
    const blob = await findBlob(tx, ctx.tenantId, id);
    if (blob && (await isRecordBlob(tx, blob))) throw new AppError('FINALIZED', 409);
    const deleted = await deleteBlob(tx, ctx.tenantId, id, bookId);
    if (!deleted) throw notFound();
    if (deleted.bookId && deleted.type === BOOK_DOCUMENT_TYPE) {
      await recordChanges(
        tx,
        ctx,
        { entity: 'book', entityId: deleted.bookId, tenantId: ctx.tenantId, action: 'update' },
        { documents: deleted.fileName },
        { documents: null },
      );
    }
    await scheduleFileRemovals(tx, [deleted.sha256], ctx.deps.config.fileRemovalGraceHours);
    return deleted;
  });
  return row;
}

/** DELETE blobs/{id}. */
export async function deleteBlobById(ctx: TenantContext, id: string) {
  await removeBlob(ctx, id);
}

/** DELETE books/{id}/document/{docId}: replies the book's remaining documents. */
export async function deleteBookDocument(ctx: TenantContext, bookId: string, docId: string) {
  if (!(await bookExists(ctx.db, ctx.tenantId, bookId))) throw notFound();
  await removeBlob(ctx, docId, bookId);
  return { documents: (await listBookDocuments(ctx.db, ctx.tenantId, bookId)).map(toBlobDto) };
}
