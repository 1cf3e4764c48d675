import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { orderKeys } from './keys';

/** The AB-Nr numbering of the current year (decision 049). */
export type OrderNumbering = { year: number; prefix: string; next: number; example: string };

/** GET orders/numbering: the prefix, the next number and the AB-Nr it makes. */
export const orderNumberingQueryOptions = (tenant: string | null) =>
  queryOptions({
    queryKey: orderKeys.numbering(tenant),
    queryFn: ({ signal }) => api.get<OrderNumbering>('orders/numbering', { signal }),
    staleTime: 0,
  });

export function useOrderNumbering(enabled: boolean) {
  const { currentTenant } = useSession();
  return useQuery({ ...orderNumberingQueryOptions(currentTenant), enabled });
}
