import type { Inspection, InspectionUpdate } from '@pruefbuch/domain/schemas/inspection';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterRecordChange } from './invalidate';
import { inspectionKeys } from './keys';

export interface UpdateInspectionInput {
  tenantId: string;
  id: string;
  self: boolean;
  data: InspectionUpdate;
}

/** PUT inspections/{id} or selfinspections/{id} with __v; finalized → 409 FINALIZED, stale → 409 CONFLICT. */
export const updateInspection = ({ tenantId, id, self, data }: UpdateInspectionInput) =>
  api.put<Inspection>(`${self ? 'selfinspections' : 'inspections'}/${encodeURIComponent(id)}`, data, {
    tenant: tenantId,
  });

export function useUpdateInspection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInspection,
    onSuccess: (record, { tenantId }) => {
      queryClient.setQueryData(inspectionKeys.detail(tenantId, record._id), record);
      invalidateAfterRecordChange(queryClient, tenantId, record.book);
    },
  });
}
