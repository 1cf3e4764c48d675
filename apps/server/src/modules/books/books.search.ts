import type { BookSortField } from '@pruefbuch/domain/schemas/book';
import { and, asc, desc, eq, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { bookSearchText, books, tenants } from '../../db/schema/index';
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
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface BookListFilter {
  /** A folder id, 'root' for the books without a folder, undefined for every book. */
  folder?: string;
  search?: string;
  status?: number;
  active?: boolean;
  /** Only when the tenant has this url (the folder list's path names the tenant by its url). */
  tenantUrl?: string;
}

/** The conditions of a list in one tenant. */
export function listWhere(tenantId: string, f: BookListFilter): SQL | undefined {
  const conds: SQL[] = [eq(books.tenantId, tenantId)];
  if (f.folder === 'root') conds.push(isNull(books.folderId));
  else if (f.folder) conds.push(eq(books.folderId, f.folder));
  if (f.search) conds.push(sql`${searchText} ilike ${containsPattern(f.search)}`);
  if (f.status !== undefined) conds.push(eq(books.status, f.status));
  if (f.active !== undefined) conds.push(eq(books.active, f.active));
  if (f.tenantUrl !== undefined) {
    conds.push(
      sql`exists (select 1 from ${tenants} where ${tenants.id} = ${tenantId} and ${tenants.url} = ${f.tenantUrl})`,
    );
  }
  return and(...conds);
}

export type BookListParams = BookListFilter & { page: number; size: number; sort: string };

/**
 * The page query. The matches (id and sort key only) are a CTE that is read twice, so
 * PostgreSQL computes it once and on its own, free to use the trigram or the folder index
 * whatever the sort; the page is sorted and cut from it, the count taken from it, and only the
 * page's rows are read in full.
 */
export function listQuery(db: Executor, tenantId: string, f: BookListParams) {
  const { column, descending } = sortOf(f.sort);
  const matches = db.$with('matches').as(
    db
      .select({ id: books.id, key: sql`${column}`.as('key') })
      .from(books)
      .where(listWhere(tenantId, f)),
  );
  const page = db.$with('page').as(
    db
      .select({ id: matches.id, key: matches.key })
      .from(matches)
      .orderBy(...orderBy(matches.key, matches.id, descending, !column.notNull))
      .limit(f.size)
      .offset((f.page - 1) * f.size),
  );
  return db
    .with(matches, page)
    .select({ ...listColumns, total: sql<number>`(select count(*) from ${matches})`.mapWith(Number) })
    .from(page)
    .innerJoin(books, eq(books.id, page.id))
    .orderBy(...orderBy(page.key, page.id, descending, !column.notNull));
}

/**
 * One page of the tenant's books: one query that returns the page and the total of all
 * matches; a page past the end counts separately.
 */
export async function listBooks(db: Executor, tenantId: string, f: BookListParams) {
  const rows = await listQuery(db, tenantId, f);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && f.page > 1) {
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(books)
      .where(listWhere(tenantId, f));
    total = c?.n ?? 0;
  }
  return {
    docs: rows.map((r: BookListRow) => toBookListItem(r)),
    total,
    page: f.page,
    size: f.size,
    pages: Math.max(1, Math.ceil(total / f.size)),
  };
}
