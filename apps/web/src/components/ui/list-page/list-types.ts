import type { CSSProperties, ReactNode } from 'react';
import type { RowActionsConfig } from './row-actions';
import type { ListStateApi } from './use-list-state';

/** The part of a paged API reply the kit reads (the server's `{ docs, total, page, size, pages }`). */
export interface ListReply<T> {
  docs: readonly T[];
  total: number;
  pages?: number;
  /** The count stopped at `total` (a capped search, decision 024): there are more. */
  more?: boolean;
}

/** The part of a TanStack Query result the kit reads; a `useQuery` result fits as it is. */
export interface ListQuery<T> {
  data: ListReply<T> | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

export interface ListColumn<T, F extends string = string> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The API's sort field: the header becomes a sort button. */
  sort?: F;
  /**
   * The phone's sort select names the two orders 'ascending' and 'descending'; a column whose first order means
   * something else (an ampel sorted worst first) names them itself.
   */
  sortLabels?: { ascending: string; descending: string };
  /** The server always orders by this column: said in aria-sort, without a button. */
  presorted?: 'ascending' | 'descending';
  width?: CSSProperties['width'];
  align?: 'left' | 'right' | 'center';
  nowrap?: boolean;
  /**
   * On a phone every row is a card: 'title' heads it (default: the first column), 'aside' stands to the
   * right of the title (a badge), 'hidden' is left out, anything else is a labelled line.
   */
  phone?: 'title' | 'aside' | 'hidden' | 'line';
}

export interface ListTableProps<T, F extends string> {
  list: ListStateApi<F>;
  query: ListQuery<T>;
  columns: readonly ListColumn<T, F>[];
  rowKey: (row: T) => string;
  /** Where a click on the row (or the card) leads. */
  rowTo?: (row: T) => string;
  rowActions?: RowActionsConfig<T>;
  /** Shown when the list is empty without a search; with a search the kit says that nothing matched. */
  emptyText?: string;
  /** Beside the empty text, e.g. a button to create the first record. */
  emptyAction?: ReactNode;
  /** Test ids: `${testId}-table`, `-row`, `-card`, `-empty`. */
  testId?: string;
  /** Below this width the table scrolls sideways (between the phone's cards and a wide screen). */
  minWidth?: number;
  /**
   * Groups the rows (the list is sorted by the group): a heading row before the first row of each group, on
   * phones a heading between the cards. `label` may say more than the page shows (the group's total).
   */
  groupOf?: (row: T) => { key: string; label: ReactNode };
}
