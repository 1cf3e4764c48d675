import type { CapacitySettings, CapacitySettingsUpdate } from '@pruefbuch/domain/schemas/capacity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getSessionState } from '@/lib/session';
import { CAPACITY_KEY, capacityKeys } from './keys';

/** PUT capacity/{id} with the __v it was read with; the plan, the holidays and the protocol are read again. */
export const updateCapacitySettings = ({ id, data }: { id: string; data: CapacitySettingsUpdate }) =>
  api.put<CapacitySettings>(`capacity/${encodeURIComponent(id)}`, data);

export function useUpdateCapacitySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCapacitySettings,
    onSuccess: (saved) => {
      const { currentTenant } = getSessionState();
      queryClient.setQueryData(capacityKeys.settings(currentTenant), saved);
      void queryClient.invalidateQueries({ queryKey: capacityKeys.plan(currentTenant) });
      void queryClient.invalidateQueries({ queryKey: [CAPACITY_KEY, currentTenant, 'settings', 'holidays'] });
      void queryClient.invalidateQueries({ queryKey: capacityKeys.protocol(currentTenant, saved._id) });
    },
  });
}
