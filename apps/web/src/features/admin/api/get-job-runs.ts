import type { JobsReply } from '@pruefbuch/domain/schemas/job';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getJobRuns = (signal?: AbortSignal) => api.get<JobsReply>('admin/jobs', { signal });

export const getJobRunsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'jobs'] as const,
    queryFn: ({ signal }) => getJobRuns(signal),
    staleTime: 0,
  });

export const useJobRuns = () => useQuery(getJobRunsQueryOptions());
