import type { ProtocolEntry } from '@pruefbuch/domain/schemas/audit';
import type { CostList, CostListUpdate } from '@pruefbuch/domain/schemas/capacity';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getSessionState, useSession } from '@/lib/session';

/** Query keys of the cost list; each names the tenant it was read in. */
export const COSTLIST_KEY = 'costlist';
export const costListKeys = {
  first: (tenant: string | null) => [COSTLIST_KEY, tenant, 'first'] as const,
  protocol: (tenant: string | null, id: string) => [COSTLIST_KEY, tenant, 'protocol', id] as const,
};

/** GET costlist/find/first: the tenant's cost list (the server makes it with the defaults on first read). */
export const getCostList = (signal?: AbortSignal) => api.get<CostList>('costlist/find/first', { signal });

export const costListQueryOptions = (tenant: string | null) =>
  queryOptions({ queryKey: costListKeys.first(tenant), queryFn: ({ signal }) => getCostList(signal) });

export function useCostList(options: { enabled?: boolean } = {}) {
  const { currentTenant } = useSession();
  return useQuery({ ...costListQueryOptions(currentTenant), enabled: options.enabled ?? true });
}

/** PUT costlist/{id} with the __v it was read with; a stale one is a 409. */
export const updateCostList = ({ id, data }: { id: string; data: CostListUpdate }) =>
  api.put<CostList>(`costlist/${encodeURIComponent(id)}`, data);

export function useUpdateCostList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCostList,
    onSuccess: (saved) => {
      const { currentTenant } = getSessionState();
      queryClient.setQueryData(costListKeys.first(currentTenant), saved);
      void queryClient.invalidateQueries({ queryKey: costListKeys.protocol(currentTenant, saved._id) });
    },
  });
}

/** GET protocol/getProtocolByCostList/{id}: every change of the cost list. */
export function useCostListProtocol(id: string) {
  const { currentTenant } = useSession();
  return useQuery({
    queryKey: costListKeys.protocol(currentTenant, id),
    queryFn: ({ signal }) =>
      api.get<ProtocolEntry[]>(`protocol/getProtocolByCostList/${encodeURIComponent(id)}`, { signal }),
  });
}
