import type { EmployeeTimeReply } from '@pruefbuch/domain/schemas/capacity';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { capacityKeys, type Range } from './keys';

const EMPLOYEE_PATH: Record<Range, string> = {
  week: 'capacity/get/getWeeklyEmployeeTime',
  month: 'capacity/get/getMonthlyEmployeeTime',
};

/** Available time per day and who is away, for the week or month holding `date`. */
export function useEmployeeTime(range: Range, date: string) {
  const { currentTenant } = useSession();
  return useQuery({
    queryKey: capacityKeys.employeeTime(currentTenant, range, date),
    queryFn: ({ signal }) => api.get<EmployeeTimeReply>(EMPLOYEE_PATH[range], { query: { date }, signal }),
    placeholderData: keepPreviousData,
  });
}
