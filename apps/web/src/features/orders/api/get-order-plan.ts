import type { RequiredTimeReply } from '@pruefbuch/domain/schemas/capacity';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { orderKeys } from './keys';

/** GET capacity/get/requiredTime/{orderId}: the order's production plan and where it disagrees with the order. */
export function useOrderPlan(orderId: string, enabled: boolean) {
  const { currentTenant } = useSession();
  return useQuery({
    queryKey: orderKeys.plan(currentTenant, orderId),
    queryFn: ({ signal }) =>
      api.get<RequiredTimeReply>(`capacity/get/requiredTime/${encodeURIComponent(orderId)}`, { signal }),
    enabled,
  });
}
