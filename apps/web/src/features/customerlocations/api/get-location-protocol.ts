import type { ProtocolEntry } from '@pruefbuch/domain/schemas/audit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { locationKeys } from './keys';

/** GET protocol/getProtocolByCustomerLocation/{id} (the roles that may change locations). */
export const getLocationProtocol = (id: string, signal?: AbortSignal) =>
  api.get<ProtocolEntry[]>(`protocol/getProtocolByCustomerLocation/${encodeURIComponent(id)}`, { signal });

export const getLocationProtocolQueryOptions = (tenant: string | null, id: string) =>
  queryOptions({
    queryKey: locationKeys.protocol(tenant, id),
    queryFn: ({ signal }) => getLocationProtocol(id, signal),
  });

export function useLocationProtocol(id: string) {
  const { currentTenant } = useSession();
  return useQuery(getLocationProtocolQueryOptions(currentTenant, id));
}
