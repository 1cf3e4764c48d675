import type { CapacitySettings } from '@pruefbuch/domain/schemas/capacity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { capacityKeys } from './keys';

/** GET capacity: the tenant's capacity settings (employees, working times, federal state, local days). */
export const capacitySettingsQueryOptions = (tenant: string | null) =>
  queryOptions({
    queryKey: capacityKeys.settings(tenant),
    queryFn: ({ signal }) => api.get<CapacitySettings>('capacity', { signal }),
  });

export function useCapacitySettings(enabled = true) {
  const { currentTenant } = useSession();
  return useQuery({ ...capacitySettingsQueryOptions(currentTenant), enabled });
}
