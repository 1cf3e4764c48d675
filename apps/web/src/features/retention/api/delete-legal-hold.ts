import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { retentionKeys } from './keys';

/** DELETE retention/holds/{id}: lifts the hold; purges that are due follow in the next daily run. */
export const deleteLegalHold = ({ tenantId, id }: { tenantId: string; id: string }) =>
  api.delete(`retention/holds/${encodeURIComponent(id)}`, { tenant: tenantId });

export function useDeleteLegalHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLegalHold,
    onSuccess: (_, { tenantId }) => queryClient.invalidateQueries({ queryKey: retentionKeys.all(tenantId) }),
  });
}
