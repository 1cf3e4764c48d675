import type { CostList } from '@pruefbuch/domain/schemas/capacity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { costListKeys } from './keys';

/** GET costlist/find/first: the tenant's cost list (the server makes it with the defaults on first read). */
export const getCostList = (signal?: AbortSignal) => api.get<CostList>('costlist/find/first', { signal });

export const costListQueryOptions = (tenant: string | null) =>
  queryOptions({ queryKey: costListKeys.first(tenant), queryFn: ({ signal }) => getCostList(signal) });

export function useCostList(options: { enabled?: boolean } = {}) {
  const { currentTenant } = useSession();
  return useQuery({ ...costListQueryOptions(currentTenant), enabled: options.enabled ?? true });
}
