/**
 * The state of a paged, sorted and searchable list, kept in the address (page, sort, search):
 * a reload or a shared link shows the same page. A new search starts on page 1.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useUrlParams } from './use-url-params';

export function useListParams<S extends string>(sorts: readonly S[], defaultSort: S) {
  const [params, update] = useUrlParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const rawSort = params.get('sort');
  const sort = rawSort !== null && (sorts as readonly string[]).includes(rawSort) ? (rawSort as S) : defaultSort;
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the search term triggers this
  useEffect(() => {
    if ((params.get('search') ?? '') !== debounced) update({ search: debounced || null, page: null });
  }, [debounced]);

  const setSort = (next: S) => update({ sort: next === defaultSort ? null : next, page: null });
  return {
    params,
    update,
    page,
    sort,
    setSort,
    /** The search field's text, as typed. */
    search,
    setSearch,
    /** The settled search term to send to the API, or undefined. */
    query: debounced || undefined,
    setPage: (next: number) => update({ page: next === 1 ? null : String(next) }),
    /** SortHeader props for a column: ascending first, descending on the next click. */
    sortHeader: (column: string) => ({
      active: sort.replace(/^-/, '') === column,
      descending: sort.startsWith('-'),
      onSort: () => setSort((sort === column ? `-${column}` : column) as S),
    }),
  };
}
