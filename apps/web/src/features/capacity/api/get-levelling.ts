import type { LevellingReply } from '@pruefbuch/domain/schemas/capacity-levelling';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { capacityKeys } from './keys';

/** 'Woche ausgleichen': how the week of `date` would be levelled (decision 051); nothing is saved. Read while the dialog is open. */
export function useLevelling(date: string, enabled: boolean) {
  const { currentTenant } = useSession();
  return useQuery({
    queryKey: capacityKeys.levelling(currentTenant, date),
    queryFn: ({ signal }) => api.get<LevellingReply>('capacity/get/levelling', { query: { date }, signal }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
