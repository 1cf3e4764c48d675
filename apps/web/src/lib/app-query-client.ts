import { type InvalidateOptions, type InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

/**
 * The app's query client: TanStack's, with one change to `invalidateQueries`, which every write calls when it
 * has been saved. A refetch cancels a running read of the query only when the query already has data; a read
 * without data is joined instead. So a list whose first read (a new search, a new page) left just before the
 * write would show what was there before it, and keep showing it: the closed defect report stayed in the list.
 * Such reads are cancelled first, so the refetch reads after the write. (The cancelled read's waiters get the
 * new read's answer; a query nobody shows any more goes back to how it was, and is read when shown again.)
 */
export class AppQueryClient extends QueryClient {
  override invalidateQueries<TTaggedQueryKey extends readonly unknown[] = readonly unknown[]>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    if (filters?.refetchType !== 'none') {
      for (const query of this.getQueryCache().findAll({ ...filters, fetchStatus: 'fetching' })) {
        if (query.state.data === undefined) void query.cancel({ revert: true, silent: true });
      }
    }
    return super.invalidateQueries(filters, options);
  }
}
