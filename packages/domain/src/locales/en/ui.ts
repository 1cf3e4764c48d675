/** Texts of the shared list page and entity editor kits (apps/web components/ui/list-page, entity-editor). */
import type { ui as de } from '../de/ui';

export const ui: typeof de = {
  /** The CSV/XLSX buttons of the evaluations. */
  export: {
    label: 'Export',
    csv: 'CSV',
    xlsx: 'Excel (XLSX)',
    failed: 'The export failed.',
  },
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
    moreThan: 'more than {{n}}',
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
  editor: {
    unsaved: 'Unsaved changes',
    noChanges: 'No changes',
    notFoundTitle: 'Not found',
    notFound: 'This record does not exist (any more), or it is not shared with you.',
  },
  conflict: {
    title: 'The record has been changed meanwhile',
    text: 'Someone else saved this record while you were editing it. You can load the new version (your changes are discarded) or keep your input and overwrite the new version with your next save.',
    reload: 'Reload',
    keep: 'Keep my input',
  },
  unsaved: {
    title: 'Unsaved changes',
    text: 'Your input has not been saved yet. If you leave this page, it will be lost.',
    leave: 'Leave and discard',
    stay: 'Keep editing',
  },
  /** The notice for outdated browsers (SPEC §9); {brow_name} and {days} are filled in by the notice itself. */
  browserUpdate: {
    msg: 'Your browser ({brow_name}) is out of date.',
    insecure: 'Your browser ({brow_name}) has a known security vulnerability.',
    msgmore: 'Please update it: Prüfbuch then runs more safely, faster and completely.',
    bupdate: 'Update browser',
    bignore: 'Ignore',
    remind: 'You will be reminded in {days} days.',
    bnever: 'Do not show again',
  },
};
