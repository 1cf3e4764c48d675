import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterRecordChange } from './invalidate';
import { inspectionKeys } from './keys';

export interface DeleteInspectionInput {
  tenantId: string;
  id: string;
  bookId: string;
  self: boolean;
}

/** DELETE inspections/{id} or selfinspections/{id}: drafts only (finalized → 409 FINALIZED). */
export const deleteInspection = ({ tenantId, id, self }: DeleteInspectionInput) =>
  api.delete(`${self ? 'selfinspections' : 'inspections'}/${encodeURIComponent(id)}`, { tenant: tenantId });

export function useDeleteInspection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInspection,
    onSuccess: (_, { tenantId, id, bookId }) => {
      queryClient.removeQueries({ queryKey: inspectionKeys.detail(tenantId, id) });
      invalidateAfterRecordChange(queryClient, tenantId, bookId, { schedule: true });
    },
  });
}
