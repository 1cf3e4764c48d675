import type { CostList, CostListUpdate } from '@pruefbuch/domain/schemas/capacity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getSessionState } from '@/lib/session';
import { costListKeys } from './keys';

/** PUT costlist/{id} with the __v it was read with; a stale one is a 409. */
export const updateCostList = ({ id, data }: { id: string; data: CostListUpdate }) =>
  api.put<CostList>(`costlist/${encodeURIComponent(id)}`, data);

export function useUpdateCostList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCostList,
    onSuccess: (saved) => {
      const { currentTenant } = getSessionState();
      queryClient.setQueryData(costListKeys.first(currentTenant), saved);
      void queryClient.invalidateQueries({ queryKey: costListKeys.protocol(currentTenant, saved._id) });
    },
  });
}
