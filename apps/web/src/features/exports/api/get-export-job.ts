import type { ExportJob } from '@pruefbuch/domain/schemas/export';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const POLL_MS = 2000;
const settled = (job: ExportJob | undefined) => !!job && ['done', 'failed', 'expired'].includes(job.status);

/** GET exports/jobs/{id}: one's own background file, asked again every 2 s until it is done or failed. */
export function useExportJob(tenantId: string, id: string | null) {
  return useQuery({
    queryKey: ['exports', 'job', tenantId, id],
    queryFn: ({ signal }) =>
      api.get<ExportJob>(`exports/jobs/${encodeURIComponent(id ?? '')}`, { signal, tenant: tenantId }),
    enabled: !!id,
    refetchInterval: (query) => (settled(query.state.data) ? false : POLL_MS),
  });
}
