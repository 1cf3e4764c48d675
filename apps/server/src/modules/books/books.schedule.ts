/**
 * The schedule of a book (docs/decisions/008): next inspection and self-inspection dates, both
 * ampels, the shut-down flag and, after a finalized record, the book status. The rules are
 * domain/rules/next-inspection.ts; this file feeds them from the database and stores the result.
 *
 * Book status after a finalized inspection, maintenance or expert report, taken from the latest
 * counted one of them (by `when`, then finalizedAt):
 * - an open (unresolved) defect of severity 'repair' or 'shutdown' → 6 STATUS_FAILURE (Mangel);
 * - else an acceptance report (gutachten with isAbnahmeGutachten) → 3 STATUS_APPROVED (Abgenommen);
 * - else → 4 STATUS_INSPECTED (Gewartet).
 * A template (7) keeps its status; self-inspections never change it.
 *
 * shutDown: the same latest record has an open defect of severity 'shutdown'. Self-inspections
 * do not count here either: the operator's checks neither shut an installation down nor clear
 * an expert's finding.
 */
import type { Ampel } from '@pruefbuch/domain/rules/book-status';
import { BookStatus } from '@pruefbuch/domain/rules/book-status';
import {
  type AmpelThresholds,
  berlinToday,
  bookSchedule,
  type DatedRecord,
} from '@pruefbuch/domain/rules/next-inspection';
import { and, eq, isNotNull, isNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { books, bookTypes, inspections, tenants } from '../../db/schema/index';
import { recordChanges } from '../../platform/audit';
import type { RequestContext, TenantContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { aggregateInputChanged, refreshLocationsOfBooks } from '../../platform/location-ampels';
import { findBook } from './books.repo';

/** What the schedule of a book depends on (the book as it is, or as it is about to be saved). */
export interface ScheduleSource {
  /** null for a book not yet saved: it has no records. */
  id: string | null;
  tenantId: string;
  bookTypeId: string | null;
  serviceinterval: number;
  selfserviceinterval: number;
  firstservice: string | null;
  completedOn: string | null;
}

export interface ScheduleColumns {
  nextInspectionDate: string | null;
  inspectionAmpel: Ampel | null;
  nextInspectionDateSelf: string | null;
  inspectionSelfAmpel: Ampel | null;
  shutDown: boolean;
}

export interface CountedRecord extends DatedRecord {
  id: string;
  finalizedAt: Date;
  /** An unresolved defect of severity 'repair' or 'shutdown'. */
  repairOpen: boolean;
  /** An unresolved defect of severity 'shutdown'. */
  shutdownOpen: boolean;
}

const openDefect = (severities: string[]) =>
  sql<boolean>`exists (select 1 from jsonb_array_elements(${inspections.defects}) d
    where d->>'severity' in (${sql.join(
      severities.map((s) => sql`${s}`),
      sql`, `,
    )}) and coalesce((d->>'resolved')::boolean, false) = false)`;

const corrector = alias(inspections, 'corrector');

/**
 * The records that count for the schedule: finalized, and not corrected by a finalized
 * correction (a correction replaces the record it corrects).
 */
export async function countedRecords(db: Executor, tenantId: string, bookId: string): Promise<CountedRecord[]> {
  const rows = await db
    .select({
      id: inspections.id,
      kind: inspections.kind,
      when: inspections.when,
      isAbnahmeGutachten: inspections.isAbnahmeGutachten,
      finalizedAt: inspections.finalizedAt,
      repairOpen: openDefect(['repair', 'shutdown']),
      shutdownOpen: openDefect(['shutdown']),
    })
    .from(inspections)
    .leftJoin(corrector, and(eq(corrector.correctsId, inspections.id), isNotNull(corrector.finalizedAt)))
    .where(
      and(
        eq(inspections.tenantId, tenantId),
        eq(inspections.bookId, bookId),
        isNotNull(inspections.finalizedAt),
        isNull(corrector.id),
      ),
    );
  return rows.map((r) => ({ ...r, finalized: true, finalizedAt: r.finalizedAt ?? new Date(0) }));
}

/** The latest counted inspection, maintenance or expert report: by `when`, then by finalizedAt. */
export function latestStaffRecord<R extends Pick<CountedRecord, 'kind' | 'when' | 'finalizedAt'>>(
  records: readonly R[],
): R | null {
  let latest: R | null = null;
  for (const r of records) {
    if (r.kind === 'self') continue;
    if (
      !latest ||
      r.when > latest.when ||
      (r.when === latest.when && r.finalizedAt.getTime() > latest.finalizedAt.getTime())
    ) {
      latest = r;
    }
  }
  return latest;
}

/** The book status after its latest counted staff record (see the head of this file). */
export function statusAfter(
  latest: Pick<CountedRecord, 'kind' | 'isAbnahmeGutachten' | 'repairOpen'> | null,
  current: number,
): number {
  if (!latest || current === BookStatus.STATUS_TEMPLATE) return current;
  if (latest.repairOpen) return BookStatus.STATUS_FAILURE;
  if (latest.kind === 'gutachten' && latest.isAbnahmeGutachten) return BookStatus.STATUS_APPROVED;
  return BookStatus.STATUS_INSPECTED;
}

/** The tenant's thresholds and the intervals of a book type, in one query. */
async function settingsOf(db: Executor, tenantId: string, bookTypeId: string | null) {
  const [row] = await db
    .select({
      orangeDays: tenants.ampelOrangeDays,
      blackDays: tenants.ampelBlackDays,
      serviceinterval: bookTypes.serviceinterval,
      selfserviceinterval: bookTypes.selfserviceinterval,
    })
    .from(tenants)
    .leftJoin(bookTypes, bookTypeId ? eq(bookTypes.id, bookTypeId) : sql`false`)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  if (!row) throw notFound();
  const thresholds: AmpelThresholds = { orangeDays: row.orangeDays, blackDays: row.blackDays };
  const type =
    row.serviceinterval === null || row.selfserviceinterval === null
      ? null
      : { serviceinterval: row.serviceinterval, selfserviceinterval: row.selfserviceinterval };
  return { thresholds, type };
}

/** The schedule of a book from its counted records, intervals, today's date and the tenant's thresholds. */
export async function scheduleFor(
  db: Executor,
  book: ScheduleSource,
  today = berlinToday(),
): Promise<ScheduleColumns & { latest: CountedRecord | null }> {
  const [{ thresholds, type }, records] = await Promise.all([
    settingsOf(db, book.tenantId, book.bookTypeId),
    book.id ? countedRecords(db, book.tenantId, book.id) : Promise.resolve([]),
  ]);
  const latest = latestStaffRecord(records);
  const shutDown = latest?.shutdownOpen ?? false;
  const s = bookSchedule(book, type, records, today, thresholds, shutDown);
  return { ...s, shutDown, latest };
}

const SCHEDULE_FIELDS = [
  'nextInspectionDate',
  'inspectionAmpel',
  'nextInspectionDateSelf',
  'inspectionSelfAmpel',
  'shutDown',
  'status',
] as const;

/**
 * Recomputes and stores a book's schedule inside the caller's transaction (finalize, upload of
 * an existing report, deletion of a record, a book type's new intervals). With `status`, the book status follows its latest
 * record too. A change bumps the book's version and is written to its protocol.
 */
export async function recomputeBookSchedule(
  tx: Executor,
  ctx: TenantContext,
  bookId: string,
  opts: { status: boolean },
) {
  const book = await findBook(tx, ctx.tenantId, bookId, { forUpdate: true });
  if (!book) throw notFound();
  const { latest, ...schedule } = await scheduleFor(tx, book);
  const next = { ...schedule, status: opts.status ? statusAfter(latest, book.status) : book.status };
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const f of SCHEDULE_FIELDS) {
    if (book[f] !== next[f]) {
      before[f] = book[f];
      after[f] = next[f];
    }
  }
  if (Object.keys(after).length === 0) return;
  await tx
    .update(books)
    .set({ ...after, version: book.version + 1, updatedAt: new Date() })
    .where(and(eq(books.id, bookId), eq(books.tenantId, ctx.tenantId)));
  if (aggregateInputChanged(book, { ...book, ...next })) await refreshLocationsOfBooks(tx, ctx.tenantId, [bookId]);
  await recordChanges(
    tx,
    ctx,
    { entity: 'book', entityId: bookId, tenantId: ctx.tenantId, action: 'update' },
    before,
    after,
  );
}

/**
 * A book type's intervals apply to its books that have none of their own: after a change of the
 * type's intervals their next dates and ampels are recomputed in the caller's transaction. Book
 * types are shared, so this spans tenants (book type changes are rare admin work).
 */
export async function recomputeBooksOfType(tx: Executor, ctx: RequestContext, bookTypeId: string) {
  const affected = await tx
    .select({ id: books.id, tenantId: books.tenantId })
    .from(books)
    .where(and(eq(books.bookTypeId, bookTypeId), or(eq(books.serviceinterval, 0), eq(books.selfserviceinterval, 0))));
  for (const book of affected) {
    await recomputeBookSchedule(tx, { ...ctx, tenantId: book.tenantId }, book.id, { status: false });
  }
}

/** The ampel of a stored due date, in SQL: the same rule as ampelFor (rules/next-inspection.ts). */
const ampelSql = (due: SQLWrapper, today: string, shutDown: SQL) => sql<Ampel | null>`case
  when ${shutDown} then 'black'
  when ${due} is null then null
  when ${due} - ${today}::date > ${tenants.ampelOrangeDays} then 'green'
  when ${due} >= ${today}::date then 'orange'
  when ${today}::date - ${due} > ${tenants.ampelBlackDays} then 'black'
  else 'red' end`;

/**
 * Dates pass without any write: one statement recomputes both stored ampels of every book (of
 * one tenant, when given) from the stored dates, the shut-down flag and the tenant's thresholds.
 * Only books whose ampel changes are written; their locations' aggregates follow in the same
 * transaction, per tenant and in batches. Returns how many books changed.
 */
export function refreshAmpels(db: Executor, opts: { tenantId?: string; today?: string } = {}) {
  return db.transaction(async (tx) => {
    const rows = await writeAmpels(tx, opts.today ?? berlinToday(), opts.tenantId);
    const byTenant = new Map<string, string[]>();
    for (const r of rows) {
      const ids = byTenant.get(r.tenantId);
      if (ids) ids.push(r.id);
      else byTenant.set(r.tenantId, [r.id]);
    }
    for (const [tenantId, ids] of byTenant) await refreshLocationsOfBooks(tx, tenantId, ids);
    return rows.length;
  });
}

/** The ampel statement of refreshAmpels: the changed books' ids and tenants. */
function writeAmpels(db: Executor, today: string, tenantId: string | undefined) {
  const ampel = ampelSql(books.nextInspectionDate, today, sql`${books.shutDown}`);
  const selfAmpel = ampelSql(books.nextInspectionDateSelf, today, sql`false`);
  return db
    .update(books)
    .set({ inspectionAmpel: ampel, inspectionSelfAmpel: selfAmpel })
    .from(tenants)
    .where(
      and(
        eq(tenants.id, books.tenantId),
        tenantId ? eq(books.tenantId, tenantId) : undefined,
        sql`(${books.inspectionAmpel} is distinct from ${ampel} or ${books.inspectionSelfAmpel} is distinct from ${selfAmpel})`,
      ),
    )
    .returning({ id: books.id, tenantId: books.tenantId });
}
