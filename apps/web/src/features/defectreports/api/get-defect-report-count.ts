import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defectReportKeys } from './keys';

/** GET defectreports/count: the tenant's open reports, for the nav's badge; asked again every few minutes. */
export const openDefectReportCountQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: defectReportKeys.count(tenantId),
    queryFn: ({ signal }) => api.get<{ open: number }>('defectreports/count', { tenant: tenantId, signal }),
    refetchInterval: 5 * 60_000,
  });

export const useOpenDefectReportCount = (tenantId: string | null, enabled: boolean) =>
  useQuery({
    ...openDefectReportCountQueryOptions(tenantId ?? ''),
    enabled: enabled && !!tenantId,
    select: (reply) => reply.open,
  });
