import type { RequiredTimeListReply } from '@pruefbuch/domain/schemas/capacity';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { capacityKeys } from './keys';

/** How many orders the to-plan list shows at first, and adds with each 'Mehr anzeigen'. */
export const TO_PLAN_PAGE = 8;

/**
 * The orders still to plan (or all plannable ones), with required and planned minutes per area: one page of
 * TO_PLAN_PAGE at a time, each further page appended ('Mehr anzeigen').
 */
export function useRequiredTimeList(filter: 'open' | 'all' | 'conflicts', search: string) {
  const { currentTenant } = useSession();
  return useInfiniteQuery({
    queryKey: capacityKeys.toPlan(currentTenant, filter, search),
    queryFn: ({ pageParam, signal }) =>
      api.get<RequiredTimeListReply>('capacity/get/requiredTimeList', {
        query: { filter, search: search || undefined, page: pageParam, size: TO_PLAN_PAGE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}
