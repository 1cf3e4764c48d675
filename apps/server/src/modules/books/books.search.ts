import type { BookSortField } from '@pruefbuch/domain/schemas/book';
import { and, asc, desc, eq, fillPlaceholders, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { bookSearchText, books, tenants } from '../../db/schema/index';
import { inService } from '../../platform/legal-holds';
import { containsPattern, pageReply } from '../../platform/paging';
import { type BookListRow, listColumns, toBookListItem } from './books.repo';

/** The search text of books (see bookSearchText: the trigram index is built on the same expression). */
export const searchText = bookSearchText(books);

const SORT_COLUMNS: Record<BookSortField, AnyPgColumn> = {
  title: books.title,
  customer: books.customer,
  site: books.site,
  glasbocknr: books.glasbocknr,
  manufacturerNo: books.manufacturerNo,
  orderNo: books.orderNo,
  status: books.status,
  nextInspectionDate: books.nextInspectionDate,
  nextInspectionDateSelf: books.nextInspectionDateSelf,
  createdAt: books.createdAt,
  updatedAt: books.updatedAt,
};

/** 'title' or '-title' → the sort column and direction. */
function sortOf(sort: string): { column: AnyPgColumn; descending: boolean } {
  const descending = sort.startsWith('-');
  const column = SORT_COLUMNS[(descending ? sort.slice(1) : sort) as BookSortField] ?? books.title;
  return { column, descending };
}

/**
 * ORDER BY a sort key with the id as the tie-breaker, so pages never overlap. Books without a
 * date come last both ways.
 */
function orderBy(key: SQLWrapper, id: SQLWrapper, descending: boolean, nullable: boolean): SQL[] {
  if (!descending) return [asc(key), asc(id)];
  return [nullable ? sql`${key} desc nulls last` : desc(key), desc(id)];
}

/** A search term as a LIKE pattern that takes %, _ and \ literally. */

export interface BookListFilter {
  /** A folder id, 'root' for the books without a folder, undefined for every book. */
  folder?: string;
  search?: string;
  status?: number;
  active?: boolean;
  /** Only when the tenant has this url (the folder list's path names the tenant by its url). */
  tenantUrl?: string;
}

/** The conditions of a list in one tenant (values or placeholders of a prepared query). */
export function listWhere(
  tenantId: unknown,
  f: { folder?: unknown; pattern?: unknown; status?: unknown; active?: unknown; tenantUrl?: unknown },
): SQL | undefined {
  // Retired books (decision 059) are in no list, search or count.
  const conds: SQL[] = [sql`${books.tenantId} = ${tenantId}`, inService];
  if (f.folder === 'root') conds.push(isNull(books.folderId));
  else if (f.folder !== undefined) conds.push(sql`${books.folderId} = ${f.folder}`);
  if (f.pattern !== undefined) conds.push(sql`${searchText} ilike ${f.pattern}`);
  if (f.status !== undefined) conds.push(sql`${books.status} = ${f.status}`);
  if (f.active !== undefined) conds.push(sql`${books.active} = ${f.active}`);
  if (f.tenantUrl !== undefined) {
    conds.push(
      sql`exists (select 1 from ${tenants} where ${tenants.id} = ${tenantId} and ${tenants.url} = ${f.tenantUrl})`,
    );
  }
  return and(...conds);
}

export type BookListParams = BookListFilter & { page: number; size: number; sort: string };

const P = {
  tenantId: sql.placeholder('tenantId'),
  folder: sql.placeholder('folder'),
  pattern: sql.placeholder('pattern'),
  status: sql.placeholder('status'),
  active: sql.placeholder('active'),
  tenantUrl: sql.placeholder('tenantUrl'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

/** The values of a list's placeholders. */
function valuesOf(tenantId: string, f: BookListParams): Record<string, unknown> {
  return {
    tenantId,
    folder: f.folder,
    pattern: f.search ? containsPattern(f.search) : undefined,
    status: f.status,
    active: f.active,
    tenantUrl: f.tenantUrl,
    limit: f.size,
    offset: (f.page - 1) * f.size,
  };
}

/** Which conditions a list has: one prepared statement per shape (bounded: sorts × filters). */
const shapeOf = (f: BookListParams) =>
  [
    f.sort,
    f.folder === undefined ? '' : f.folder === 'root' ? 'root' : 'folder',
    f.search ? 'search' : '',
    f.status === undefined ? '' : 'status',
    f.active === undefined ? '' : 'active',
    f.tenantUrl === undefined ? '' : 'url',
  ].join('|');

/**
 * The page query of a shape. The matches (id and sort key only) are a CTE that is read twice,
 * so PostgreSQL computes it once and on its own, free to use the trigram or the folder index
 * whatever the sort; the page is sorted and cut from it, the count taken from it, and only the
 * page's rows are read in full.
 */
function buildListQuery(db: Executor, f: BookListParams, direct?: { tenantId: string; scope: SQL }) {
  const { column, descending } = sortOf(f.sort);
  // Prepared: placeholders; direct (a branch user's scope, decision 019): the values themselves.
  const v: Record<keyof typeof P, unknown> = direct
    ? (valuesOf(direct.tenantId, f) as Record<keyof typeof P, unknown>)
    : P;
  const where = and(
    listWhere(v.tenantId, {
      folder: f.folder === 'root' ? 'root' : f.folder === undefined ? undefined : v.folder,
      pattern: f.search ? v.pattern : undefined,
      status: f.status === undefined ? undefined : v.status,
      active: f.active === undefined ? undefined : v.active,
      tenantUrl: f.tenantUrl === undefined ? undefined : v.tenantUrl,
    }),
    direct?.scope,
  );
  const matches = db.$with('matches').as(
    db
      .select({ id: books.id, key: sql`${column}`.as('key') })
      .from(books)
      .where(where),
  );
  const page = db.$with('page').as(
    db
      .select({ id: matches.id, key: matches.key })
      .from(matches)
      .orderBy(...orderBy(matches.key, matches.id, descending, !column.notNull))
      .limit(v.limit as number)
      .offset(v.offset as number),
  );
  return db
    .with(matches, page)
    .select({ ...listColumns, total: sql<number>`(select count(*) from ${matches})`.mapWith(Number) })
    .from(page)
    .innerJoin(books, eq(books.id, page.id))
    .orderBy(...orderBy(page.key, page.id, descending, !column.notNull));
}

type PreparedList = ReturnType<ReturnType<typeof buildListQuery>['prepare']>;
const preparedLists = preparedStatements<PreparedList>();

/** The prepared statement of a list's shape on this database (planned once per connection, not per request). */
const preparedList = (db: Executor, f: BookListParams): PreparedList =>
  preparedLists(db, shapeOf(f), (_shape, n) => buildListQuery(db, f).prepare(`books_list_${n}`));

/** The SQL text and parameters of a list, as the API runs it (for the benchmark's direct query). */
export function listSql(db: Executor, tenantId: string, f: BookListParams) {
  const q = buildListQuery(db, f).toSQL();
  return { name: `bench_${shapeOf(f)}`, sql: q.sql, params: fillPlaceholders(q.params, valuesOf(tenantId, f)) };
}

/**
 * One page of the tenant's books: one query that returns the page and the total of all
 * matches; a page past the end counts separately.
 */
export async function listBooks(db: Executor, tenantId: string, f: BookListParams, scope?: SQL) {
  // A branch user's list carries their scope, which a statement prepared per shape cannot.
  const rows = scope
    ? await buildListQuery(db, f, { tenantId, scope })
    : await preparedList(db, f).execute(valuesOf(tenantId, f));
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && f.page > 1) {
    const v = valuesOf(tenantId, f);
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(books)
      .where(and(listWhere(tenantId, { ...f, pattern: v.pattern }), scope));
    total = c?.n ?? 0;
  }
  return pageReply(
    rows.map((r: BookListRow) => toBookListItem(r)),
    total,
    f,
  );
}
