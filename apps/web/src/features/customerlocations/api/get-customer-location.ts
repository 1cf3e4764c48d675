import type { CustomerLocationDetail } from '@pruefbuch/domain/schemas/customerlocation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { locationKeys } from './keys';

/** GET customerlocation/{id}: the location with the books the user may see. */
export const getCustomerLocation = (id: string, signal?: AbortSignal) =>
  api.get<CustomerLocationDetail>(`customerlocation/${encodeURIComponent(id)}`, { signal });

export const getCustomerLocationQueryOptions = (tenant: string | null, id: string) =>
  queryOptions({
    queryKey: locationKeys.detail(tenant, id),
    queryFn: ({ signal }) => getCustomerLocation(id, signal),
  });

export function useCustomerLocation(id: string | undefined) {
  const { currentTenant } = useSession();
  return useQuery({ ...getCustomerLocationQueryOptions(currentTenant, id ?? ''), enabled: !!id });
}
