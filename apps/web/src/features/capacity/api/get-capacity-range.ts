import type { CapacityRangeReply } from '@pruefbuch/domain/schemas/capacity';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { capacityKeys, type Range } from './keys';

const RANGE_PATH: Record<Range, string> = {
  week: 'capacity/get/capacityForWeekFromDate',
  month: 'capacity/get/getCapacityForMonthFromDate',
};
/** The days of the week or month holding `date`: capacity, utilisation, planned slots, notes. */
export function useCapacityRange(range: Range, date: string) {
  const { currentTenant } = useSession();
  return useQuery({
    queryKey: capacityKeys.range(currentTenant, range, date),
    queryFn: ({ signal }) => api.get<CapacityRangeReply>(RANGE_PATH[range], { query: { date }, signal }),
    placeholderData: keepPreviousData,
  });
}
