import type { DocumentBlob } from '@pruefbuch/domain/schemas/document';
import { and, desc, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { blobs, books, inspections } from '../../db/schema/index';
import { inService } from '../../platform/legal-holds';

export type BlobRow = typeof blobs.$inferSelect;

/** Blobs of this type attached to a book make up the book's documents list. */
export const BOOK_DOCUMENT_TYPE = 'document';

export function toBlobDto(row: BlobRow): DocumentBlob {
  return {
    _id: row.id,
    path: `blobs/${row.id}/document/download`,
    contentType: row.contentType,
    fileName: row.fileName,
    size: row.size,
    type: row.type,
    book: row.bookId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Blob types that belong to a signed record and may never be deleted on their own. */
/** Blobs of this type are PDFs uploaded as PDF assets of a book (POST pdfassets/uploadfile). */
export const PDF_ASSET_TYPE = 'pdf-asset';
const RECORD_BLOB_TYPES = ['inspection-pdf', 'expert-report', PDF_ASSET_TYPE];

/**
 * Whether a blob is part of a legal record: an archived inspection PDF, an uploaded expert
 * report, or a defect photo of a finalized record. Such blobs go only with their book.
 */
export async function isRecordBlob(db: Executor, blob: Pick<BlobRow, 'id' | 'tenantId' | 'type' | 'bookId'>) {
  if (RECORD_BLOB_TYPES.includes(blob.type)) return true;
  if (blob.type !== 'defect-photo' || !blob.bookId) return false;
  const [hit] = await db
    .select({ id: inspections.id })
    .from(inspections)
    .where(
      and(
        eq(inspections.tenantId, blob.tenantId),
        eq(inspections.bookId, blob.bookId),
        isNotNull(inspections.finalizedAt),
        sql`${inspections.defects} @> ${JSON.stringify([{ photos: [blob.id] }])}::jsonb`,
      ),
    )
    .limit(1);
  return !!hit;
}

/**
 * Blob types that belong to an area with access rules of its own (an offer's attachments: offers:read):
 * the blobs routes neither create, show nor delete them; the area serves them itself.
 */
export const AREA_BLOB_TYPES: readonly string[] = ['offer-attachment'];
const notOfAnArea = () => notInArray(blobs.type, [...AREA_BLOB_TYPES]);

export async function findBlob(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(blobs)
    .where(and(eq(blobs.tenantId, tenantId), eq(blobs.id, id), notOfAnArea()))
    .limit(1);
  return row ?? null;
}

/** Whether the tenant has the book; a retired one (decision 059) only when `retired` (an admin's read). */
export async function bookExists(db: Executor, tenantId: string, bookId: string, retired = false) {
  const [row] = await db
    .select({ id: books.id })
    .from(books)
    .where(and(eq(books.tenantId, tenantId), eq(books.id, bookId), retired ? undefined : inService))
    .limit(1);
  return Boolean(row);
}

/** A book's documents, newest first. */
export function listBookDocuments(db: Executor, tenantId: string, bookId: string) {
  return db
    .select()
    .from(blobs)
    .where(and(eq(blobs.tenantId, tenantId), eq(blobs.bookId, bookId), eq(blobs.type, BOOK_DOCUMENT_TYPE)))
    .orderBy(desc(blobs.createdAt), desc(blobs.id));
}

export async function insertBlob(db: Executor, values: typeof blobs.$inferInsert) {
  const [row] = await db.insert(blobs).values(values).returning();
  if (!row) throw new Error('blob not inserted');
  return row;
}

/** Deletes a blob of the tenant (of the book, when one is named); null when there is none. */
export async function deleteBlob(db: Executor, tenantId: string, id: string, bookId?: string) {
  const [row] = await db
    .delete(blobs)
    .where(
      and(
        eq(blobs.tenantId, tenantId),
        eq(blobs.id, id),
        notOfAnArea(),
        ...(bookId ? [eq(blobs.bookId, bookId), eq(blobs.type, BOOK_DOCUMENT_TYPE)] : []),
      ),
    )
    .returning();
  return row ?? null;
}
