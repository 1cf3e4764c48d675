import type { FederalState, HolidaysReply } from '@pruefbuch/domain/schemas/capacity';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { capacityKeys } from './keys';

/** The public holidays of a year for a federal state (the one being chosen), with the local days. */
export function useHolidays(year: number, bundesland: FederalState) {
  const { currentTenant } = useSession();
  return useQuery({
    queryKey: capacityKeys.holidays(currentTenant, year, bundesland),
    queryFn: ({ signal }) => api.get<HolidaysReply>('capacity/get/holidays', { query: { year, bundesland }, signal }),
    placeholderData: keepPreviousData,
  });
}
