import type { DefectReportListQuery, DefectReportStatus } from '@pruefbuch/domain/schemas/qr';
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { books, bookTypes, defectReports, inspections, qrCodes, tenants, users } from '../../db/schema/index';
import { insideVisibilityWindow } from '../../platform/branch-scope';
import { inService, notRetired } from '../../platform/legal-holds';
import { offsetOf, searchAny } from '../../platform/paging';

export type QrCodeRow = typeof qrCodes.$inferSelect;
export type DefectReportRow = typeof defectReports.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findBookOfTenant(db: Executor, tenantId: string, bookId: string) {
  const [row] = await db
    .select({ id: books.id })
    .from(books)
    .where(and(eq(books.tenantId, tenantId), eq(books.id, bookId), inService))
    .limit(1);
  return row ?? null;
}

export async function findCodeByValue(db: Executor, code: string) {
  const [row] = await db.select().from(qrCodes).where(eq(qrCodes.code, code)).limit(1);
  return row ?? null;
}

/** A code by its id or its value, in any tenant (the caller checks who may see it); a retired book's code leads nowhere. */
export async function unsafeFindCodeByIdOrValue(db: Executor, idOrCode: string) {
  const [row] = await db
    .select({ code: qrCodes, tenantUrl: tenants.url })
    .from(qrCodes)
    .innerJoin(tenants, eq(tenants.id, qrCodes.tenantId))
    .where(
      and(
        UUID.test(idOrCode) ? or(eq(qrCodes.id, idOrCode), eq(qrCodes.code, idOrCode)) : eq(qrCodes.code, idOrCode),
        notRetired(qrCodes.bookId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findMapping(db: Executor, tenantId: string, bookId: string, id: string) {
  const [row] = await db
    .select()
    .from(qrCodes)
    .where(and(eq(qrCodes.tenantId, tenantId), eq(qrCodes.bookId, bookId), eq(qrCodes.id, id)))
    .limit(1);
  return row ?? null;
}

/** The codes of a book, newest first. */
export function codesOfBook(db: Executor, tenantId: string, bookId: string) {
  return db
    .select()
    .from(qrCodes)
    .where(and(eq(qrCodes.tenantId, tenantId), eq(qrCodes.bookId, bookId)))
    .orderBy(desc(qrCodes.createdAt), desc(qrCodes.id));
}

/** Inserts codes; a code taken already (by a pre-printed label or a collision) yields no row for it. */
export function insertCodes(db: Executor, rows: (typeof qrCodes.$inferInsert)[]) {
  return db.insert(qrCodes).values(rows).onConflictDoNothing({ target: qrCodes.code }).returning();
}

export async function deleteCode(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .delete(qrCodes)
    .where(and(eq(qrCodes.tenantId, tenantId), eq(qrCodes.id, id)))
    .returning();
  return row ?? null;
}

/** The books of the tenant with what a label shows and their newest code (null when none). */
export async function labelBooks(db: Executor, tenantId: string, bookIds: string[]) {
  const newest = db
    .selectDistinctOn([qrCodes.bookId], { bookId: qrCodes.bookId, code: qrCodes.code })
    .from(qrCodes)
    .where(and(eq(qrCodes.tenantId, tenantId), inArray(qrCodes.bookId, bookIds)))
    .orderBy(qrCodes.bookId, desc(qrCodes.createdAt), desc(qrCodes.id))
    .as('newest');
  return db
    .select({
      id: books.id,
      title: books.title,
      object: books.object,
      site: books.site,
      manufacturerNo: books.manufacturerNo,
      glasbocknr: books.glasbocknr,
      code: newest.code,
    })
    .from(books)
    .leftJoin(newest, eq(newest.bookId, books.id))
    .where(and(eq(books.tenantId, tenantId), inArray(books.id, bookIds)));
}

const corrections = alias(inspections, 'corrections');

/** Everything the public page of a code shows, or null for an unknown code. */
export async function unsafePublicView(db: Executor, code: string) {
  const [row] = await db
    .select({
      book: {
        id: books.id,
        title: books.title,
        object: books.object,
        site: books.site,
        typ: books.typ,
        objectaddress: books.objectaddress,
        inspectionAmpel: books.inspectionAmpel,
        nextInspectionDate: books.nextInspectionDate,
        shutDown: books.shutDown,
        manufacturerNo: books.manufacturerNo,
      },
      type: bookTypes.type,
      tenant: {
        id: tenants.id,
        name: tenants.name,
        url: tenants.url,
        notificationEmail: tenants.notificationEmail,
      },
    })
    .from(qrCodes)
    .innerJoin(books, eq(books.id, qrCodes.bookId))
    .innerJoin(tenants, eq(tenants.id, qrCodes.tenantId))
    .leftJoin(bookTypes, eq(bookTypes.id, books.bookTypeId))
    // A book taken out of service (active = false) or outside its visibility window (today in Berlin
    // before visibleFrom or after visibleTo) does not answer on its label (decision 021), nor a retired one (059).
    .where(and(eq(qrCodes.code, code), eq(books.active, true), inService, insideVisibilityWindow()))
    .limit(1);
  return row ?? null;
}

/** SPEC §4's last inspection of a book: finalized, not self, not an acceptance report, not corrected. */
export async function lastCountedInspection(db: Executor, tenantId: string, bookId: string) {
  const [row] = await db
    .select({ when: inspections.when, kind: inspections.kind })
    .from(inspections)
    .leftJoin(corrections, and(eq(corrections.correctsId, inspections.id), isNotNull(corrections.finalizedAt)))
    .where(
      and(
        eq(inspections.tenantId, tenantId),
        eq(inspections.bookId, bookId),
        isNotNull(inspections.finalizedAt),
        ne(inspections.kind, 'self'),
        eq(inspections.isAbnahmeGutachten, false),
        isNull(corrections.id),
      ),
    )
    .orderBy(desc(inspections.when), desc(inspections.finalizedAt))
    .limit(1);
  return row ?? null;
}

export async function insertDefectReport(db: Executor, values: typeof defectReports.$inferInsert) {
  const [row] = await db.insert(defectReports).values(values).returning();
  if (!row) throw new Error('defect report not inserted');
  return row;
}

/** A report with what its list rows show of its book and of who closed it. */
const reportView = {
  report: defectReports,
  book: { title: books.title, object: books.object, site: books.site },
  closer: { firstName: users.firstName, lastName: users.lastName, abbreviation: users.abbreviation },
};
export type DefectReportView = {
  report: DefectReportRow;
  book: { title: string; object: string; site: string };
  closer: { firstName: string; lastName: string; abbreviation: string } | null;
};

const selectReports = (db: Executor) =>
  db
    .select(reportView)
    .from(defectReports)
    .innerJoin(books, eq(books.id, defectReports.bookId))
    .leftJoin(users, eq(users.id, defectReports.closedBy));

export function defectReportsOfBook(db: Executor, tenantId: string, bookId: string, status?: DefectReportStatus) {
  return selectReports(db)
    .where(
      and(
        eq(defectReports.tenantId, tenantId),
        eq(defectReports.bookId, bookId),
        status ? eq(defectReports.status, status) : undefined,
      ),
    )
    .orderBy(desc(defectReports.createdAt), desc(defectReports.id));
}

/** The tenant's reports of a status ('all': any), searched in the report, its reporter and its installation. */
export async function listDefectReports(db: Executor, tenantId: string, q: DefectReportListQuery) {
  const where = and(
    eq(defectReports.tenantId, tenantId),
    q.status === 'all' ? undefined : eq(defectReports.status, q.status),
    searchAny(q.search, [
      defectReports.text,
      defectReports.name,
      defectReports.contact,
      defectReports.note,
      books.title,
      books.object,
      books.site,
    ]),
  );
  const order: SQL[] =
    q.sort === 'createdAt'
      ? [asc(defectReports.createdAt), asc(defectReports.id)]
      : [desc(defectReports.createdAt), desc(defectReports.id)];
  const [rows, [count]] = await Promise.all([
    selectReports(db)
      .where(where)
      .orderBy(...order)
      .limit(q.size)
      .offset(offsetOf(q)),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(defectReports)
      .innerJoin(books, eq(books.id, defectReports.bookId))
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function countOpenDefectReports(db: Executor, tenantId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(defectReports)
    .where(and(eq(defectReports.tenantId, tenantId), eq(defectReports.status, 'open')));
  return row?.n ?? 0;
}

export async function findDefectReport(db: Executor, tenantId: string, id: string): Promise<DefectReportView | null> {
  const [row] = await selectReports(db)
    .where(and(eq(defectReports.tenantId, tenantId), eq(defectReports.id, id)))
    .limit(1);
  return row ?? null;
}

/** A report of the tenant, locked until the transaction ends (two people closing it at once). */
export async function lockDefectReport(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(defectReports)
    .where(and(eq(defectReports.tenantId, tenantId), eq(defectReports.id, id)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function updateDefectReport(
  db: Executor,
  tenantId: string,
  id: string,
  set: Pick<typeof defectReports.$inferInsert, 'status' | 'note' | 'closedAt' | 'closedBy'>,
) {
  const [row] = await db
    .update(defectReports)
    .set(set)
    .where(and(eq(defectReports.tenantId, tenantId), eq(defectReports.id, id)))
    .returning();
  return row ?? null;
}

/** Locks the books of a label run so two runs never both give a book its first code. */
export async function lockBooks(db: Executor, tenantId: string, bookIds: string[]) {
  await db.execute(
    sql`select ${books.id} from ${books} where ${books.tenantId} = ${tenantId} and ${inArray(books.id, bookIds)} for update`,
  );
}
