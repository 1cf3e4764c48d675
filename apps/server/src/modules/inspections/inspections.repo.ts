import type {
  Inspection,
  InspectionKind,
  InspectionListItem,
  SignatureSummary,
} from '@pruefbuch/domain/schemas/inspection';
import { and, desc, eq, getTableColumns, inArray, isNotNull, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { inspections, users } from '../../db/schema/index';
import { offsetOf } from '../../platform/paging';

export type InspectionRow = typeof inspections.$inferSelect;
export type InspectionInsert = typeof inspections.$inferInsert;

/**
 * The calls of a record are split by who writes it: inspections/* write inspections,
 * maintenance and expert reports (staff), selfinspections/* the operator's self-inspections.
 */
export type RecordFamily = 'staff' | 'self';
export const STAFF_KINDS = ['inspection', 'wartung', 'gutachten'] as const satisfies readonly InspectionKind[];
export const familyOf = (kind: InspectionKind): RecordFamily => (kind === 'self' ? 'self' : 'staff');
const inFamily = (family: RecordFamily | undefined): SQL | undefined =>
  family === undefined
    ? undefined
    : family === 'self'
      ? eq(inspections.kind, 'self')
      : inArray(inspections.kind, [...STAFF_KINDS]);

/** Download path (relative to /api/v1) of a blob, as blobs/{id} replies give it. */
export const blobDownloadPath = (blobId: string) => `blobs/${blobId}/document/download`;

const corrector = alias(inspections, 'corrector');
const finalizer = alias(users, 'finalizer');

/** A record row, its signature columns of some shape (whole, or without the drawing). */
type RowWith<Sig, Ack> = Omit<InspectionRow, 'inspectorSignature' | 'operatorAcknowledgement'> & {
  inspectorSignature: Sig | null;
  operatorAcknowledgement: Ack | null;
};
type ListRow = RowWith<SignatureSummary, SignatureSummary>;

/** What a record's reply needs from other rows: the record correcting it and who finalized it. */
const joined = {
  correctedBy: corrector.id,
  finalizerAbbreviation: finalizer.abbreviation,
  finalizerName: sql<string | null>`nullif(trim(${finalizer.firstName} || ' ' || ${finalizer.lastName}), '')`,
};
type Selected<R> = {
  row: R;
  correctedBy: string | null;
  finalizerAbbreviation: string | null;
  finalizerName: string | null;
};

/** A signature column without its drawing: lists name who signed and when, the record itself shows it. */
const withoutDrawing = (column: typeof inspections.inspectorSignature | typeof inspections.operatorAcknowledgement) =>
  sql<SignatureSummary | null>`(${column} - 'image')`;

const selectRecords = (db: Executor) =>
  db
    .select({ row: inspections, ...joined })
    .from(inspections)
    .leftJoin(corrector, eq(corrector.correctsId, inspections.id))
    .leftJoin(finalizer, eq(finalizer.id, inspections.finalizedBy));

/** The records of a list: as selectRecords, without the signature drawings (they never leave the database). */
const selectListRecords = (db: Executor) =>
  db
    .select({
      row: {
        ...getTableColumns(inspections),
        inspectorSignature: withoutDrawing(inspections.inspectorSignature),
        operatorAcknowledgement: withoutDrawing(inspections.operatorAcknowledgement),
      },
      ...joined,
    })
    .from(inspections)
    .leftJoin(corrector, eq(corrector.correctsId, inspections.id))
    .leftJoin(finalizer, eq(finalizer.id, inspections.finalizedBy));

function dtoOf<Sig, Ack>(s: Selected<RowWith<Sig, Ack>>) {
  const r = s.row;
  return {
    _id: r.id,
    book: r.bookId,
    tenant: r.tenantId,
    kind: r.kind,
    when: r.when,
    where: r.where,
    who: r.who,
    isAbnahmeGutachten: r.isAbnahmeGutachten,
    akkutausch: r.akkutausch,
    text: r.text,
    misc: r.misc,
    checklistName: r.checklistName,
    checklist: r.checklist,
    defects: r.defects.map((d) => ({ ...d, _id: d._id ?? '' })),
    continuedOperation: r.continuedOperation,
    inspectorSignature: r.inspectorSignature ?? null,
    operatorAcknowledgement: r.operatorAcknowledgement ?? null,
    report: r.reportBlobId ? blobDownloadPath(r.reportBlobId) : null,
    corrects: r.correctsId,
    correctedBy: s.correctedBy,
    finalized: r.finalizedAt !== null,
    finalizedAt: r.finalizedAt?.toISOString() ?? null,
    finalizedBy: r.finalizedBy ? s.finalizerAbbreviation || s.finalizerName || null : null,
    createdBy: r.createdBy,
    __v: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export const toInspectionDto = (s: Selected<InspectionRow>): Inspection => dtoOf(s);
const toListItem = (s: Selected<ListRow>): InspectionListItem => dtoOf(s);

// ---------------------------------------------------------------------------------------------
// Tenant-scoped queries: every one takes the tenant id of the verified request context.

/** A record of the tenant (of one family, when given), as stored; locked for a write with forUpdate. */
export async function findRecord(
  db: Executor,
  tenantId: string,
  id: string,
  opts: { family?: RecordFamily; forUpdate?: boolean } = {},
) {
  const q = db
    .select()
    .from(inspections)
    .where(and(eq(inspections.tenantId, tenantId), eq(inspections.id, id), inFamily(opts.family)))
    .limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/** The id of the record that corrects this one, if any. */
export async function correctionOf(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select({ id: inspections.id })
    .from(inspections)
    .where(and(eq(inspections.tenantId, tenantId), eq(inspections.correctsId, id)))
    .limit(1);
  return row?.id ?? null;
}

/** One record of the tenant as the API shows it. */
export async function readRecord(db: Executor, tenantId: string, id: string, family?: RecordFamily) {
  const [row] = await selectRecords(db)
    .where(and(eq(inspections.tenantId, tenantId), eq(inspections.id, id), inFamily(family)))
    .limit(1);
  return row ? toInspectionDto(row) : null;
}

export interface RecordFilter {
  bookId?: string;
  /** Records of any of these books (GET offline/day reads its books' drafts at once). */
  bookIds?: readonly string[];
  /** Records this user created. */
  createdBy?: string;
  family?: RecordFamily;
  kind?: InspectionKind;
  /** Kinds the caller may not see (expert reports for most branch users). */
  excludeKinds?: readonly InspectionKind[];
  finalized?: boolean;
  /** A branch user's scope (platform/branch-scope.ts recordInScope): their books, no staff drafts. */
  scope?: SQL;
}

const filterOf = (tenantId: string, f: RecordFilter) =>
  and(
    eq(inspections.tenantId, tenantId),
    f.scope,
    f.bookId ? eq(inspections.bookId, f.bookId) : undefined,
    f.bookIds ? inArray(inspections.bookId, [...f.bookIds]) : undefined,
    f.createdBy ? eq(inspections.createdBy, f.createdBy) : undefined,
    inFamily(f.family),
    f.kind ? eq(inspections.kind, f.kind) : undefined,
    f.excludeKinds?.length ? notInArray(inspections.kind, [...f.excludeKinds]) : undefined,
    f.finalized === undefined
      ? undefined
      : f.finalized
        ? isNotNull(inspections.finalizedAt)
        : isNull(inspections.finalizedAt),
  );

/**
 * Records of the tenant, newest first (by `when`, then by creation); a page of them when one is
 * asked for. Signatures without their drawings (inspectionListItemSchema).
 */
export async function listRecords(
  db: Executor,
  tenantId: string,
  f: RecordFilter,
  page?: { page: number; size: number },
) {
  const where = filterOf(tenantId, f);
  const q = selectListRecords(db)
    .where(where)
    .orderBy(desc(inspections.when), desc(inspections.createdAt), desc(inspections.id));
  const rows = page ? await q.limit(page.size).offset(offsetOf(page)) : await q;
  return rows.map(toListItem);
}

/**
 * Records of the tenant whole, each as GET inspections/{id} answers it (signature drawings included), in
 * one query; by book, then oldest first.
 */
export async function readRecords(db: Executor, tenantId: string, f: RecordFilter) {
  if (f.bookIds && f.bookIds.length === 0) return [];
  const rows = await selectRecords(db)
    .where(filterOf(tenantId, f))
    .orderBy(inspections.bookId, inspections.when, inspections.createdAt, inspections.id);
  return rows.map(toInspectionDto);
}

export async function countRecords(db: Executor, tenantId: string, f: RecordFilter) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inspections).where(filterOf(tenantId, f));
  return row?.n ?? 0;
}

/** The defects of every other record of a book, to see which photos another record still shows. */
export async function photosInOtherRecords(db: Executor, tenantId: string, bookId: string, exceptId: string) {
  const rows = await db
    .select({ defects: inspections.defects })
    .from(inspections)
    .where(
      and(eq(inspections.tenantId, tenantId), eq(inspections.bookId, bookId), sql`${inspections.id} <> ${exceptId}`),
    );
  return new Set(rows.flatMap((r) => r.defects.flatMap((d) => d.photos ?? [])));
}

/**
 * Records by id, whatever their tenant: only for ids a tenant-scoped query has just returned
 * (the daily list spans the tenants of its user).
 */
export async function unsafeReadRecords(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await selectListRecords(db).where(inArray(inspections.id, ids));
  const byId = new Map(rows.map((r) => [r.row.id, toListItem(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
