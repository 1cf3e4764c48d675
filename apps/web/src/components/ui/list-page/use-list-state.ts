/**
 * A list's page, size, sort and search, kept in the address so that back and forward, a reload and a shared link
 * show the same page. The address is the source of truth; the search field is typed locally and reaches the
 * address (and the API) once the typing settles. Changes replace the history entry, so Back leaves the list.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { useUrlParams } from '@/lib/use-url-params';
import {
  type ListState,
  listConfig,
  listStateChanges,
  nextSort,
  parseListState,
  type SortValue,
  sortDirection,
} from './list-state';

const SEARCH_DELAY_MS = 300;

export interface ListStateOptions<F extends string> {
  /** The fields columns sort by (the API's sort names); none for a list in the server's fixed order. */
  sortFields?: readonly F[];
  /** Default: the first sort field, ascending. */
  defaultSort?: SortValue<F>;
  defaultSize?: number;
  sizes?: readonly number[];
}

export function useListState<F extends string = never>(options: ListStateOptions<F> = {}) {
  const { sortFields, defaultSort, defaultSize, sizes } = options;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the options are constants of the screen
  const config = useMemo(() => listConfig({ sortFields, defaultSort, defaultSize, sizes }), []);
  const [params, update] = useUrlParams();
  const state = parseListState(params, config);

  const [search, setSearch] = useState(state.search);
  const [typed] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const set = (change: Partial<ListState<F>>) => update(listStateChanges(change, config));

  // Typed text → address, once it settles.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the settled text triggers this
  useEffect(() => {
    if (typed !== state.search) set({ search: typed });
  }, [typed]);
  // Address → field, when something else changed it (a link to the bare list, back and forward).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the address triggers this
  useEffect(() => {
    if (state.search !== typed) setSearch(state.search);
  }, [state.search]);

  return {
    ...state,
    /** The settled search term for the API, undefined for none. */
    query: state.search || undefined,
    /** What the API's list calls take: page, size, sort and search. */
    apiParams: { page: state.page, size: state.size, sort: state.sort, search: state.search || undefined },
    sortFields: config.sortFields,
    sizes: config.sizes,
    /** The search field's text, as typed. */
    searchText: search,
    setSearchText: setSearch,
    clearSearch: () => {
      setSearch('');
      set({ search: '' });
    },
    setPage: (page: number) => set({ page }),
    setSize: (size: number) => set({ size }),
    setSort: (sort: SortValue<F>) => set({ sort }),
    /** A click on a sortable column's header. */
    toggleSort: (field: F) => set({ sort: nextSort(state.sort, field) }),
    sortDirection: (field: F) => sortDirection(state.sort, field),
    /** The whole address query, for a screen's own parameters (a folder, a status filter). */
    params,
    /** A filter of the screen's own in the address (null or '' removes it); a new filter starts on page 1. */
    setFilter: (key: string, value: string | null) => update({ [key]: value, page: null }),
    /** Sets (or with null removes) any parameters; replaces the history entry. */
    update,
  };
}

export type ListStateApi<F extends string = string> = ReturnType<typeof useListState<F>>;
