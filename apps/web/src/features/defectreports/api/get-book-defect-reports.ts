import type { DefectReport } from '@pruefbuch/domain/schemas/qr';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defectReportKeys } from './keys';

/** GET books/{id}/defectreports?status=open: the book's open reports (the book page). */
export const useOpenBookDefectReports = (tenantId: string, bookId: string) =>
  useQuery({
    queryKey: defectReportKeys.ofBook(tenantId, bookId),
    queryFn: ({ signal }) =>
      api.get<DefectReport[]>(`books/${encodeURIComponent(bookId)}/defectreports`, {
        query: { status: 'open' },
        tenant: tenantId,
        signal,
      }),
  });
