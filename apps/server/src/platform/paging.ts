import { SEARCH_COUNT_CAP } from '@pruefbuch/domain/constants';
import { type AnyColumn, asc, desc, ilike, or, type SQL } from 'drizzle-orm';

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
  /** A capped count: there are more than `total` (see pageReply). */
  more?: true;
}

/** Rows to skip for a 1-based page. */
export const offsetOf = (p: PageParams) => (p.page - 1) * p.size;

/**
 * How far a search counts for a page (the order searches, decision 024; the offer search, decision 076): at
 * least SEARCH_COUNT_CAP matches, in whole pages (so the page past them, which `more` offers, holds a match),
 * and to the end of the page asked for. Counting every match of a common term (a city, a customer: a tenth of
 * all records) read each of them; a page and its count now read at most this many, in the list's order.
 */
export const searchReach = (p: PageParams) =>
  Math.max(Math.ceil(SEARCH_COUNT_CAP / p.size) * p.size, offsetOf(p) + p.size);

/**
 * A search's page cut from its first matches in the page's order, read up to searchReach(p) + 1 of them: the page,
 * the total counted so far and whether there are more (one match past the reach says so).
 */
export function searchPageOf<T>(matches: readonly T[], p: PageParams) {
  const reach = searchReach(p);
  const from = offsetOf(p);
  return {
    page: matches.slice(from, from + p.size),
    total: Math.min(matches.length, reach),
    more: matches.length > reach,
  };
}

/**
 * The reply of a list call: total pages rounded up, at least 1 (SPEC §9). With `more` (a count that
 * stopped at `total`), one page more than `total` fills, so that the next page can be asked for.
 */
export const pageReply = <T>(docs: T[], total: number, p: PageParams, more = false): Page<T> => ({
  docs,
  total,
  page: p.page,
  size: p.size,
  pages: Math.max(1, Math.ceil(total / p.size) + (more ? 1 : 0)),
  ...(more ? { more: true as const } : {}),
});

/**
 * pageReply as JSON text, its docs already JSON (written by the database): a route that answers it sets
 * the JSON content type, and Fastify sends the text as it is, unchecked by the reply schema. Only the
 * orders' lists do (their route's `json`): a page of 20 orders parsed, checked by orderListReply and
 * written again takes about 2 ms, 20 to 70 times this text, the whole of the 2 ms a list may add to its
 * SQL (`node --import tsx bench/list-replies.ts`). paging.test.ts holds this text to pageReply and the
 * schema; orders-lists.test.ts and expectListItemsAreOrders (test/fixtures/orders.ts) hold the orders'
 * list replies to orderListReply and to the orders.
 */
export const pageReplyJson = (docs: string[], total: number, p: PageParams, more = false): string => {
  const { docs: _none, ...paging } = pageReply([], total, p, more);
  return `{"docs":[${docs.join(',')}],${JSON.stringify(paging).slice(1)}`;
};

/** An ILIKE pattern that finds the term anywhere, with %, _ and \ taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A number typed whole ('AB-25-0012', 'CS 2400123', 'SV-250004'): up to four letters, then groups of digits split
 * by '-', '/', '.', white space or nothing. For such a term, its last group of at least four digits, which a
 * trigram index finds cheaply (decision 079); otherwise null. pg_trgm makes trigrams of each word of a term, and the
 * letters' ('ab', 'cs') stand in every order's numbers: their posting lists hold every order, and looking them up
 * cost 1-2.7 ms a search at 100,000 orders against 0.05-0.3 ms for the last group alone (bench/orders.ts).
 */
export function numberProbe(term: string): string | null {
  const trimmed = term.trim();
  if (!/^(?:\p{L}{1,4}[\s./-]*)?\d+(?:[\s./-]+\d+)*$/u.test(trimmed)) return null;
  const last = /\d+$/.exec(trimmed)?.[0] ?? '';
  // A term that is the group alone gains nothing: its own trigrams are the probe's.
  return last.length >= 4 && last !== trimmed ? last : null;
}

/** The search of a list: the term anywhere in any of the columns (case-insensitive); none without a term. */
export function searchAny(term: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!term) return undefined;
  const like = containsPattern(term);
  return or(...columns.map((c) => ilike(c, like)));
}

type Key = AnyColumn | SQL;
/** A sort field of a list: its key columns, keys that break ties within it, and whether it reads best-first descending. */
export interface SortField {
  /** Sorted ascending before the keys whatever the direction (e.g. 'has no value' last both ways). */
  first?: Key[];
  keys: Key[];
  /** Sorted ascending whatever the direction (e.g. a name under a role). */
  thenBy?: Key[];
  /** The plain field sorts descending (worst or newest first); '-' turns it round. */
  descendingFirst?: boolean;
}

/** One key of a list's order (orderKeys): an expression and its direction. */
export interface OrderKey {
  key: Key;
  descending: boolean;
}

/**
 * The keys of a list's order (SPEC §9): 'field' sorts by the field's keys, '-field' the other way round;
 * an unknown or missing field sorts by `fallback`. The tie-breakers (the id) come last, so every
 * row has one place and paging never shows a row twice.
 */
export function orderKeys(
  sort: string | undefined,
  fields: Record<string, SortField>,
  fallback: string,
  tiebreak: Key[],
): OrderKey[] {
  const reversed = !!sort?.startsWith('-');
  const name = reversed ? sort?.slice(1) : sort;
  const field = (name && fields[name]) || (fields[fallback] as SortField);
  const down = field.descendingFirst ? !reversed : reversed;
  const ascending = (key: Key) => ({ key, descending: false });
  return [
    ...(field.first ?? []).map(ascending),
    ...field.keys.map((key) => ({ key, descending: down })),
    ...(field.thenBy ?? []).map(ascending),
    ...tiebreak.map(ascending),
  ];
}

/** An order key as ORDER BY takes it. */
export const orderTerm = ({ key, descending }: OrderKey) => (descending ? desc(key) : asc(key));

/** The ORDER BY of a list: its keys (orderKeys), each in its direction. */
export function orderBy(
  sort: string | undefined,
  fields: Record<string, SortField>,
  fallback: string,
  tiebreak: Key[],
): SQL[] {
  return orderKeys(sort, fields, fallback, tiebreak).map(orderTerm);
}
