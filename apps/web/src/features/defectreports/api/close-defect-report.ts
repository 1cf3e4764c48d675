import type { DefectReport, DefectReportUpdate } from '@pruefbuch/domain/schemas/qr';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defectReportKeys } from './keys';

/** PUT defectreports/{id}: 'done' with a note, or 'open' again. */
export const setDefectReportStatus = ({
  tenantId,
  id,
  data,
}: {
  tenantId: string;
  id: string;
  data: DefectReportUpdate;
}) => api.put<DefectReport>(`defectreports/${encodeURIComponent(id)}`, data, { tenant: tenantId });

export function useSetDefectReportStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefectReportStatus,
    // The list, the nav's count and the book's card all change; a 409 means someone else closed it: reload too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: defectReportKeys.all }),
  });
}
