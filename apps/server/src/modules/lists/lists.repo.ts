/**
 * Queries of the open-inspection lists, the daily list and the expert report statistics. Each
 * list is one query for the page (with the newest draft of every book through a lateral join)
 * and one for the count; no query per row.
 */
import { BookStatus } from '@pruefbuch/domain/rules/book-status';
import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { books, inspections, tenants, userTenants } from '../../db/schema/index';
import { inService } from '../../platform/legal-holds';
import { containsPattern, offsetOf } from '../../platform/paging';
import { searchText } from '../books/books.search';

/** Whose books a list covers: every tenant's (admins), a user's tenants, or one tenant. */
export type ListScope = { kind: 'all' } | { kind: 'member'; userId: string } | { kind: 'tenant'; tenantId: string };

export type SearchField = 'sn' | 'zip' | 'orderNo';

export interface OpenListFilter {
  scope: ListScope;
  /** The user whose drafts count as open work and come first in the draft column. */
  userId: string;
  /** Due books (My inspections), books with a draft (in progress), or any book matching the search. */
  mode: 'due' | 'inProgress' | 'search';
  search?: { field: SearchField; value: string };
  today: string;
  page: number;
  size: number;
}

const scopeWhere = (s: ListScope): SQL | undefined => {
  if (s.kind === 'all') return undefined;
  if (s.kind === 'tenant') return eq(books.tenantId, s.tenantId);
  return inArray(
    books.tenantId,
    sql`(select ${userTenants.tenantId} from ${userTenants} where ${userTenants.userId} = ${s.userId})`,
  );
};

/** A search narrows by one field; the trigram index over the search text finds the candidates. */
function searchWhere(search: OpenListFilter['search']): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search.value);
  const field =
    search.field === 'sn'
      ? ilike(books.glasbocknr, pattern)
      : search.field === 'orderNo'
        ? ilike(books.orderNo, pattern)
        : ilike(sql`coalesce(${books.objectaddress} ->> 'zip', '')`, `${pattern.slice(1)}`);
  return and(ilike(searchText, pattern), field);
}

const openDraftsOf = (userId: string) =>
  sql`(select ${inspections.bookId} from ${inspections} where ${inspections.createdBy} = ${userId} and ${inspections.finalizedAt} is null)`;
const draftsOfTenant = (tenantId: string) =>
  sql`(select ${inspections.bookId} from ${inspections} where ${inspections.tenantId} = ${tenantId} and ${inspections.finalizedAt} is null)`;

function listWhere(f: OpenListFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [
    scopeWhere(f.scope),
    eq(books.active, true),
    inService,
    sql`${books.status} <> ${BookStatus.STATUS_TEMPLATE}`,
    searchWhere(f.search),
  ];
  if (f.mode === 'due') {
    // Due: the ampel is orange or worse (within the tenant's orange days, overdue, or shut down), or the user has a draft.
    conds.push(
      or(
        sql`${books.nextInspectionDate} <= ${f.today}::date + ${tenants.ampelOrangeDays}`,
        eq(books.shutDown, true),
        inArray(books.id, openDraftsOf(f.userId)),
      ),
    );
  } else if (f.mode === 'inProgress' && f.scope.kind === 'tenant') {
    conds.push(inArray(books.id, draftsOfTenant(f.scope.tenantId)));
  }
  return and(...conds);
}

/**
 * A page of open-inspection rows and the total, in one query: the page of matching books is cut
 * first (the total counted by a window over the same matches), and only its rows look up their
 * newest draft. Joining the drafts before the cut looked one up for every match of a broad
 * search (a ZIP prefix matches hundreds of books). A page past the end counts separately.
 */
export async function openInspectionPage(db: Executor, f: OpenListFilter) {
  const where = listWhere(f);
  const page = db
    .select({
      id: books.id,
      title: books.title,
      customer: books.customer,
      object: books.object,
      site: books.site,
      glasbocknr: books.glasbocknr,
      manufacturerNo: books.manufacturerNo,
      orderNo: books.orderNo,
      zip: sql<string>`coalesce(${books.objectaddress} ->> 'zip', '')`.as('zip'),
      location: sql<string>`coalesce(${books.objectaddress} ->> 'location', '')`.as('location'),
      tenantId: books.tenantId,
      tenantUrl: tenants.url,
      nextInspectionDate: books.nextInspectionDate,
      inspectionAmpel: books.inspectionAmpel,
      nextInspectionDateSelf: books.nextInspectionDateSelf,
      inspectionSelfAmpel: books.inspectionSelfAmpel,
      total: sql<number>`(count(*) over ())::int`.as('total'),
    })
    .from(books)
    .innerJoin(tenants, eq(tenants.id, books.tenantId))
    .where(where)
    .orderBy(sql`${books.nextInspectionDate} asc nulls last`, asc(books.title), asc(books.id))
    .limit(f.size)
    .offset(offsetOf(f))
    .as('page');
  const draft = db
    .select({ id: inspections.id, kind: inspections.kind, when: inspections.when, who: inspections.who })
    .from(inspections)
    .where(and(eq(inspections.bookId, page.id), isNull(inspections.finalizedAt)))
    .orderBy(sql`coalesce(${inspections.createdBy} = ${f.userId}, false) desc`, desc(inspections.updatedAt))
    .limit(1)
    .as('draft');
  const rows = await db
    .select({
      id: page.id,
      title: page.title,
      customer: page.customer,
      object: page.object,
      site: page.site,
      glasbocknr: page.glasbocknr,
      manufacturerNo: page.manufacturerNo,
      orderNo: page.orderNo,
      zip: page.zip,
      location: page.location,
      tenantId: page.tenantId,
      tenantUrl: page.tenantUrl,
      nextInspectionDate: page.nextInspectionDate,
      inspectionAmpel: page.inspectionAmpel,
      nextInspectionDateSelf: page.nextInspectionDateSelf,
      inspectionSelfAmpel: page.inspectionSelfAmpel,
      total: page.total,
      draftId: draft.id,
      draftKind: draft.kind,
      draftWhen: draft.when,
      draftWho: draft.who,
    })
    .from(page)
    .leftJoinLateral(draft, sql`true`)
    .orderBy(sql`${page.nextInspectionDate} asc nulls last`, asc(page.title), asc(page.id));
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && f.page > 1) {
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(books)
      .innerJoin(tenants, eq(tenants.id, books.tenantId))
      .where(where);
    total = count?.n ?? 0;
  }
  return { rows, total };
}

export type OpenInspectionRow = Awaited<ReturnType<typeof openInspectionPage>>['rows'][number];

/** Berlin's day as a range of timestamps: [midnight, next midnight). */
const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone 'Europe/Berlin'`;
const dayEnd = (day: string) => sql`(${day}::date + 1)::timestamp at time zone 'Europe/Berlin'`;

/**
 * Ids of the records a user started or finalized on a day (Europe/Berlin), within the tenants
 * of the scope, newest first. Two index range scans (creator and finalizer), no table scan.
 */
export async function dailyRecordIds(db: Executor, userId: string, day: string, scope: ListScope) {
  const started = and(
    eq(inspections.createdBy, userId),
    sql`${inspections.createdAt} >= ${dayStart(day)}`,
    sql`${inspections.createdAt} < ${dayEnd(day)}`,
  );
  const finalized = and(
    eq(inspections.finalizedBy, userId),
    sql`${inspections.finalizedAt} >= ${dayStart(day)}`,
    sql`${inspections.finalizedAt} < ${dayEnd(day)}`,
  );
  const tenantWhere =
    scope.kind === 'all'
      ? undefined
      : scope.kind === 'tenant'
        ? eq(inspections.tenantId, scope.tenantId)
        : inArray(
            inspections.tenantId,
            sql`(select ${userTenants.tenantId} from ${userTenants} where ${userTenants.userId} = ${scope.userId})`,
          );
  const rows = await db
    .select({ id: inspections.id, tenantId: inspections.tenantId })
    .from(inspections)
    .where(and(or(started, finalized), tenantWhere))
    .orderBy(desc(inspections.updatedAt), desc(inspections.id));
  return rows;
}

/** Expert reports of a tenant per month between two dates: acceptance reports and the others. */
export async function expertReportsPerMonth(db: Executor, tenantId: string, from: string, to: string) {
  return db
    .select({
      month: sql<string>`to_char(${inspections.when}, 'YYYY-MM')`,
      acceptance: sql<number>`count(*) filter (where ${inspections.isAbnahmeGutachten})::int`,
      periodic: sql<number>`count(*) filter (where not ${inspections.isAbnahmeGutachten})::int`,
    })
    .from(inspections)
    .where(
      and(
        eq(inspections.tenantId, tenantId),
        eq(inspections.kind, 'gutachten'),
        sql`${inspections.when} between ${from}::date and ${to}::date`,
        sql`${inspections.finalizedAt} is not null`,
        // A corrected report counts once: through its correction.
        sql`not exists (select 1 from ${inspections} c where c.corrects_id = ${inspections.id} and c.finalized_at is not null)`,
      ),
    )
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}
