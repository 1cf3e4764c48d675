import type { BookSortField } from '@pruefbuch/domain/schemas/book';
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { books } from '../../db/schema/index';
import { type BookListRow, listColumns, toBookListItem } from './books.repo';

/**
 * The text a book search looks in: title, customer, site, serial (glasbocknr), manufacturer and
 * order number, and the object address's ZIP and city, joined by a unit separator so that a
 * search term never matches across two fields. The books_search_trgm_idx index is built on
 * exactly this expression (see the books_indexes migration).
 */
export const searchText = sql`(${books.title} || chr(31) || ${books.customer} || chr(31) || ${books.site} || chr(31) || ${books.glasbocknr} || chr(31) || ${books.manufacturerNo} || chr(31) || ${books.orderNo} || chr(31) || coalesce(${books.objectaddress} ->> 'zip', '') || chr(31) || coalesce(${books.objectaddress} ->> 'location', ''))`;

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

/**
 * 'title' or '-title' → ORDER BY with the id as the tie-breaker, so pages never overlap. Books
 * without a date come last both ways.
 */
function orderOf(sort: string): SQL[] {
  const descending = sort.startsWith('-');
  const column = SORT_COLUMNS[(descending ? sort.slice(1) : sort) as BookSortField] ?? books.title;
  if (!descending) return [asc(column), asc(books.id)];
  return [column.notNull ? desc(column) : sql`${column} desc nulls last`, desc(books.id)];
}

/** A search term as a LIKE pattern that takes %, _ and \ literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface BookListFilter {
  /** A folder id, 'root' for the books without a folder, undefined for every book. */
  folder?: string;
  search?: string;
  status?: number;
  active?: boolean;
}

/** The conditions of a list in one tenant. */
export function listWhere(tenantId: string, f: BookListFilter): SQL | undefined {
  const conds: SQL[] = [eq(books.tenantId, tenantId)];
  if (f.folder === 'root') conds.push(isNull(books.folderId));
  else if (f.folder) conds.push(eq(books.folderId, f.folder));
  if (f.search) conds.push(sql`${searchText} ilike ${containsPattern(f.search)}`);
  if (f.status !== undefined) conds.push(eq(books.status, f.status));
  if (f.active !== undefined) conds.push(eq(books.active, f.active));
  return and(...conds);
}

/**
 * One page of the tenant's books: one query that returns the page and the total of all
 * matches (a window count); a page past the end counts separately.
 */
export async function listBooks(
  db: Executor,
  tenantId: string,
  f: BookListFilter & { page: number; size: number; sort: string },
) {
  const where = listWhere(tenantId, f);
  const rows = await db
    .select({ ...listColumns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(books)
    .where(where)
    .orderBy(...orderOf(f.sort))
    .limit(f.size)
    .offset((f.page - 1) * f.size);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && f.page > 1) {
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(books)
      .where(where);
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
