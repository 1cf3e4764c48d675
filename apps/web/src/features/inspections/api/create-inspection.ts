import type { Inspection, InspectionCreate, SelfInspectionCreate } from '@pruefbuch/domain/schemas/inspection';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterRecordChange } from './invalidate';
import { inspectionKeys } from './keys';

export interface CreateInspectionInput {
  tenantId: string;
  self: boolean;
  data: InspectionCreate | SelfInspectionCreate;
}

/** POST inspections (inspection, maintenance, expert report) or POST selfinspections: a new draft. */
export const createInspection = ({ tenantId, self, data }: CreateInspectionInput) =>
  api.post<Inspection>(self ? 'selfinspections' : 'inspections', data, { tenant: tenantId });

export function useCreateInspection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInspection,
    onSuccess: (record, { tenantId }) => {
      queryClient.setQueryData(inspectionKeys.detail(tenantId, record._id), record);
      // A correction marks the corrected record as corrected.
      if (record.corrects) {
        void queryClient.invalidateQueries({ queryKey: inspectionKeys.detail(tenantId, record.corrects) });
      }
      invalidateAfterRecordChange(queryClient, tenantId, record.book);
    },
  });
}
