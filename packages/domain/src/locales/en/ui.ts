/** Texts of the shared list page kit (apps/web components/ui/list-page). */
import type { ui as de } from '../de/ui';

export const ui: typeof de = {
  list: {
    search: 'Search',
    searchPlaceholder: 'Search …',
    clearSearch: 'Clear search',
    total_one: '{{count}} entry',
    total_other: '{{formatted}} entries',
    empty: 'No entries yet.',
    noMatch: 'Nothing matches “{{search}}”.',
    loading: 'Loading the list …',
    actions: 'Actions',
    sortBy: 'Sort by {{column}}',
    sort: 'Sort order',
    sortAsc: '{{column}} ascending',
    sortDesc: '{{column}} descending',
    range: '{{from}}–{{to}} of {{total}}',
    pager: 'Pages',
    page: 'Page {{page}}',
    pageControl: {
      first: 'First page',
      previous: 'Previous page',
      next: 'Next page',
      last: 'Last page',
    },
    pageSize: 'Entries per page',
  },
};
