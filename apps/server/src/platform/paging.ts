import { type AnyColumn, ilike, or, type SQL } from 'drizzle-orm';

/**
 * The shared pieces of every paged list (SPEC §9): page/size/search in, `{ docs, total, page,
 * size, pages }` out. The queries stay with their areas (the book list is one prepared
 * statement, the others plain Drizzle); the paging arithmetic and the search pattern live here.
 */
export interface PageParams {
  page: number;
  size: number;
}

export interface Page<T> extends PageParams {
  docs: T[];
  total: number;
  pages: number;
}

/** Rows to skip for a 1-based page. */
export const offsetOf = (p: PageParams) => (p.page - 1) * p.size;

/** The reply of a list call: total pages rounded up, at least 1 (SPEC §9). */
export const pageReply = <T>(docs: T[], total: number, p: PageParams): Page<T> => ({
  docs,
  total,
  page: p.page,
  size: p.size,
  pages: Math.max(1, Math.ceil(total / p.size)),
});

/** An ILIKE pattern that finds the term anywhere, with %, _ and \ taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The search of a list: the term anywhere in any of the columns (case-insensitive); none without a term. */
export function searchAny(term: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!term) return undefined;
  const like = containsPattern(term);
  return or(...columns.map((c) => ilike(c, like)));
}
