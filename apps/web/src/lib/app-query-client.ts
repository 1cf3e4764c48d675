import { type InvalidateOptions, type InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

/**
 * The app's query client: TanStack's, with one change to `invalidateQueries`, which every write calls when it
 * has been saved. A refetch cancels a running read of the query only when the query already has data; a read
 * without data is joined instead. So a list whose first read (a new search, a new page) left just before the
 * write would show what was there before it, and keep showing it: the closed defect report stayed in the list.
 * Such reads of the queries the invalidation reads again are cancelled first, so the refetch reads after the
 * write, and the cancelled read's waiters get the new read's answer. A read that is not read again (a query
 * nobody shows, fetched by a caller of `fetchQuery`) is left to its caller.
 */
export class AppQueryClient extends QueryClient {
  override invalidateQueries<TTaggedQueryKey extends readonly unknown[] = readonly unknown[]>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    // The queries TanStack reads again: refetchQueries with this type, less the disabled and static ones.
    const type = filters?.refetchType ?? filters?.type ?? 'active';
    if (type !== 'none' && options?.cancelRefetch !== false) {
      for (const query of this.getQueryCache().findAll({ ...filters, type, fetchStatus: 'fetching' })) {
        if (query.state.data === undefined && !query.isDisabled() && !query.isStatic()) {
          void query.cancel({ revert: true, silent: true });
        }
      }
    }
    return super.invalidateQueries(filters, options);
  }
}
