import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defectReportKeys } from './keys';

/** GET defectreports/count: the tenant's open reports, for the nav's badge; asked again every few minutes. */
export const useOpenDefectReportCount = (tenantId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: defectReportKeys.count(tenantId ?? ''),
    queryFn: ({ signal }) => api.get<{ open: number }>('defectreports/count', { tenant: tenantId ?? '', signal }),
    enabled: enabled && !!tenantId,
    refetchInterval: 5 * 60_000,
    select: (reply) => reply.open,
  });
