import type { DefectReport } from '@pruefbuch/domain/schemas/qr';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListReply } from '@/components/ui/list-page/list-types';
import { api } from '@/lib/api-client';
import { defectReportKeys } from './keys';

export type DefectReportFilter = 'open' | 'done' | 'all';

export interface DefectReportListParams {
  page: number;
  size: number;
  search?: string;
  sort?: 'createdAt' | '-createdAt';
  status: DefectReportFilter;
}

/** GET defectreports: a page of the tenant's reports, open ones by default. */
export const getDefectReports = (tenantId: string, params: DefectReportListParams, signal?: AbortSignal) =>
  api.get<ListReply<DefectReport>>('defectreports', { query: { ...params }, tenant: tenantId, signal });

export const useDefectReports = (tenantId: string, params: DefectReportListParams) =>
  useQuery(
    queryOptions({
      queryKey: defectReportKeys.list(tenantId, params),
      queryFn: ({ signal }) => getDefectReports(tenantId, params, signal),
      placeholderData: keepPreviousData,
      enabled: !!tenantId,
    }),
  );
