/**
 * The state of a paged list as it stands in the address: ?page=, ?size=, ?sort= and ?search=. Pure functions,
 * so the reading, the writing and the paging arithmetic are tested without a browser. A value equal to its
 * default is left out of the address, so a plain list has a plain address.
 */
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@pruefbuch/domain/constants';
import type { ReactNode } from 'react';

/** A sort as the API takes it: the field, or the field with a leading '-' for descending. */
export type SortValue<F extends string> = F | `-${F}`;

export interface ListState<F extends string> {
  /** 1-based. */
  page: number;
  size: number;
  /** undefined when the list has no sortable column (the server's order). */
  sort: SortValue<F> | undefined;
  /** The settled search term, trimmed; '' for none. */
  search: string;
}

export interface ListConfig<F extends string> {
  /** The fields a column may sort by. */
  sortFields: readonly F[];
  defaultSort: SortValue<F> | undefined;
  defaultSize: number;
  /** The page sizes the pager offers; a size from the address outside them falls back to the default. */
  sizes: readonly number[];
}

export const PAGE_SIZES: readonly number[] = [10, 20, 50, 100].filter((size) => size <= MAX_PAGE_SIZE);

export function listConfig<F extends string>(options: {
  sortFields?: readonly F[];
  defaultSort?: SortValue<F>;
  defaultSize?: number;
  sizes?: readonly number[];
}): ListConfig<F> {
  const sortFields = options.sortFields ?? [];
  const defaultSize = options.defaultSize ?? DEFAULT_PAGE_SIZE;
  const sizes = options.sizes ?? PAGE_SIZES;
  return {
    sortFields,
    defaultSort: options.defaultSort ?? sortFields[0],
    defaultSize,
    sizes: sizes.includes(defaultSize) ? sizes : [...sizes, defaultSize].sort((a, b) => a - b),
  };
}

/** The field of a sort value: '-name' → 'name'. */
export const sortField = <F extends string>(sort: SortValue<F>): F =>
  (sort.startsWith('-') ? sort.slice(1) : sort) as F;

export function isSortValue<F extends string>(value: string | null, fields: readonly F[]): value is SortValue<F> {
  if (!value) return false;
  return (fields as readonly string[]).includes(value.startsWith('-') ? value.slice(1) : value);
}

/** A positive integer from the address, else null ('2' → 2; '0', '-1', '1.5', 'x' → null). */
function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

/** Reads the list's state from the address; anything missing or malformed takes its default. */
export function parseListState<F extends string>(params: URLSearchParams, config: ListConfig<F>): ListState<F> {
  const rawSort = params.get('sort');
  const size = positiveInt(params.get('size'));
  return {
    page: positiveInt(params.get('page')) ?? 1,
    size: size !== null && config.sizes.includes(size) ? size : config.defaultSize,
    sort: isSortValue(rawSort, config.sortFields) ? rawSort : config.defaultSort,
    search: (params.get('search') ?? '').trim(),
  };
}

/**
 * The address changes for a change of state (null removes a parameter). Defaults are removed; a new search,
 * sort or page size starts again on page 1.
 */
export function listStateChanges<F extends string>(
  change: Partial<ListState<F>>,
  config: ListConfig<F>,
): Record<string, string | null> {
  const changes: Record<string, string | null> = {};
  if (change.search !== undefined) changes.search = change.search.trim() || null;
  if (change.sort !== undefined) changes.sort = change.sort === config.defaultSort ? null : change.sort;
  if (change.size !== undefined) changes.size = change.size === config.defaultSize ? null : String(change.size);
  if (change.page !== undefined) changes.page = change.page <= 1 ? null : String(Math.floor(change.page));
  else if (change.search !== undefined || change.sort !== undefined || change.size !== undefined) changes.page = null;
  return changes;
}

/** A click on a column's header: ascending first, descending on the next click, then ascending again. */
export const nextSort = <F extends string>(current: SortValue<F> | undefined, field: F): SortValue<F> =>
  current === field ? `-${field}` : field;

/** The column's state for aria-sort. */
export function sortDirection<F extends string>(
  current: SortValue<F> | undefined,
  field: F,
): 'ascending' | 'descending' | 'none' {
  if (current === field) return 'ascending';
  if (current === `-${field}`) return 'descending';
  return 'none';
}

/** Number of pages: the server's pages rounded up (SPEC §9), else from total and size; at least 1. */
export function pageCount(reply: { total: number; pages?: number }, size: number): number {
  const pages = reply.pages ?? reply.total / Math.max(1, size);
  return Math.max(1, Math.ceil(pages));
}

/** The rows a page shows, 1-based for display ('21–40 von 57'); from 0 when the list is empty. */
export function pageRange(page: number, size: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * size + 1, total);
  return { from, to: Math.min(page * size, total) };
}

/** A page beyond the last one (after a delete or a narrower search) shows the last one instead. */
export const clampPage = (page: number, pages: number) => Math.min(Math.max(1, page), Math.max(1, pages));

/** The heading of the group that starts at `index`, or null inside a group (and without grouping). */
export function groupStart<T>(
  groupOf: ((row: T) => { key: string; label: ReactNode }) | undefined,
  rows: readonly T[],
  index: number,
): ReactNode | null {
  if (!groupOf) return null;
  const row = rows[index];
  if (row === undefined) return null;
  const group = groupOf(row);
  const before = index > 0 ? rows[index - 1] : undefined;
  return before !== undefined && groupOf(before).key === group.key ? null : group.label;
}
