import type { Inspection } from '@pruefbuch/domain/schemas/inspection';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterRecordChange } from './invalidate';
import { inspectionKeys } from './keys';

export interface FinalizeInspectionInput {
  tenantId: string;
  id: string;
  self: boolean;
  version: number;
}

/**
 * POST inspections/{id}/finalize or selfinspections/{id}/finalize: the record becomes read-only and the
 * book's next dates and ampels are recomputed.
 */
export const finalizeInspection = ({ tenantId, id, self, version }: FinalizeInspectionInput) =>
  api.post<Inspection>(
    `${self ? 'selfinspections' : 'inspections'}/${encodeURIComponent(id)}/finalize`,
    { __v: version },
    { tenant: tenantId },
  );

export function useFinalizeInspection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finalizeInspection,
    onSuccess: (record, { tenantId }) => {
      if (record?._id) queryClient.setQueryData(inspectionKeys.detail(tenantId, record._id), record);
      else void queryClient.invalidateQueries({ queryKey: inspectionKeys.all });
      if (record?.book) invalidateAfterRecordChange(queryClient, tenantId, record.book, { schedule: true });
    },
  });
}
