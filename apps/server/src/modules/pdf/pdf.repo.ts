import type { InspectionKind, OperatorAcknowledgement, Signature } from '@pruefbuch/domain/schemas/inspection';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { blobs, books, bookTypes, inspections, tenants } from '../../db/schema/index';

export type BookRow = typeof books.$inferSelect;
export type TenantRow = typeof tenants.$inferSelect;
export type BookTypeRow = typeof bookTypes.$inferSelect;
export type InspectionRow = typeof inspections.$inferSelect;

/**
 * A book of the tenant with its tenant and book type, or null (another tenant's book is null too). A retired
 * book is null unless `retired` (the reader reads retired books: admins, decision 059).
 */
export async function findBookWithTenant(db: Executor, tenantId: string, bookId: string, retired = false) {
  const [row] = await db
    .select({ book: books, tenant: tenants, type: bookTypes })
    .from(books)
    .innerJoin(tenants, eq(tenants.id, books.tenantId))
    .leftJoin(bookTypes, eq(bookTypes.id, books.bookTypeId))
    .where(and(eq(books.tenantId, tenantId), eq(books.id, bookId), retired ? undefined : isNull(books.retiredAt)))
    .limit(1);
  return row ?? null;
}

/**
 * A signature column with its image (a data URL of some 10–50 kB) replaced by 'md5:<hash>': a
 * book of 100 records would otherwise carry megabytes of images that the PDF takes from the
 * cache of flattened signatures (platform/pdf/images.ts); signatureImages() reads the missing.
 */
const hashedImage = <T>(column: AnyPgColumn): SQL<T> =>
  sql<T>`case when ${column} is null then null else (${column} - 'image') || jsonb_build_object('image', 'md5:' || md5(${column} ->> 'image')) end`;

const recordColumns = {
  ...getTableColumns(inspections),
  inspectorSignature: hashedImage<Signature | null>(inspections.inspectorSignature),
  operatorAcknowledgement: hashedImage<OperatorAcknowledgement | null>(inspections.operatorAcknowledgement),
};

/** The images of these records' signatures, as data URLs. */
export function signatureImages(db: Executor, tenantId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      inspector: sql<string | null>`${inspections.inspectorSignature} ->> 'image'`,
      operator: sql<string | null>`${inspections.operatorAcknowledgement} ->> 'image'`,
    })
    .from(inspections)
    .where(and(eq(inspections.tenantId, tenantId), inArray(inspections.id, ids)));
}

/**
 * The finalized records of a book, oldest first (drafts never reach a PDF); signature images as
 * hashes. Kinds the reader may not see (hiddenRecordKinds) are left out.
 */
export function finalizedRecords(
  db: Executor,
  tenantId: string,
  bookId: string,
  excludeKinds: readonly InspectionKind[] = [],
) {
  return db
    .select(recordColumns)
    .from(inspections)
    .where(
      and(
        eq(inspections.tenantId, tenantId),
        eq(inspections.bookId, bookId),
        isNotNull(inspections.finalizedAt),
        excludeKinds.length ? notInArray(inspections.kind, [...excludeKinds]) : undefined,
      ),
    )
    .orderBy(asc(inspections.when), asc(inspections.finalizedAt), asc(inspections.createdAt));
}

/** The newest finalized records of a book (the summary's table). */
export function latestRecords(db: Executor, tenantId: string, bookId: string, limit: number) {
  return db
    .select()
    .from(inspections)
    .where(and(eq(inspections.tenantId, tenantId), eq(inspections.bookId, bookId), isNotNull(inspections.finalizedAt)))
    .orderBy(desc(inspections.when), desc(inspections.finalizedAt))
    .limit(limit);
}

export async function findRecord(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(inspections)
    .where(and(eq(inspections.tenantId, tenantId), eq(inspections.id, id)))
    .limit(1);
  return row ?? null;
}

/** Kind and date of the records that a set of records corrects or is corrected by. */
export async function correctionPartners(db: Executor, tenantId: string, rows: InspectionRow[]) {
  const ids = rows.map((r) => r.id);
  const corrected = rows.map((r) => r.correctsId).filter((id): id is string => !!id);
  const partners = new Map<string, Pick<InspectionRow, 'id' | 'kind' | 'when' | 'isAbnahmeGutachten'>>();
  const correctedBy = new Map<string, string>();
  if (ids.length === 0) return { partners, correctedBy };
  const cols = {
    id: inspections.id,
    kind: inspections.kind,
    when: inspections.when,
    isAbnahmeGutachten: inspections.isAbnahmeGutachten,
    correctsId: inspections.correctsId,
    finalizedAt: inspections.finalizedAt,
  };
  const [targets, fixers] = await Promise.all([
    corrected.length
      ? db
          .select(cols)
          .from(inspections)
          .where(and(eq(inspections.tenantId, tenantId), inArray(inspections.id, corrected)))
      : [],
    db
      .select(cols)
      .from(inspections)
      .where(
        and(
          eq(inspections.tenantId, tenantId),
          inArray(inspections.correctsId, ids),
          isNotNull(inspections.finalizedAt),
        ),
      ),
  ]);
  for (const r of [...targets, ...fixers]) partners.set(r.id, r);
  for (const f of fixers) if (f.correctsId) correctedBy.set(f.correctsId, f.id);
  return { partners, correctedBy };
}

/** Blobs of the tenant by id (defect photos, uploaded reports). */
export async function blobsByIds(db: Executor, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: blobs.id,
      sha256: blobs.sha256,
      contentType: blobs.contentType,
      fileName: blobs.fileName,
      bookId: blobs.bookId,
    })
    .from(blobs)
    .where(and(eq(blobs.tenantId, tenantId), inArray(blobs.id, ids)));
}
