import type { AbnStats } from '@pruefbuch/domain/schemas/inspection';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface AbnStatsParams {
  tenantId: string;
  /** YYYY-MM-DD, both included. */
  from: string;
  to: string;
}

/** GET inspections/abnStats/{tenantId}/{from}/{to}: expert reports per month, acceptance and periodic. */
export const getAbnStats = ({ tenantId, from, to }: AbnStatsParams, signal?: AbortSignal) =>
  api.get<AbnStats>(['inspections', 'abnStats', tenantId, from, to].map((part) => encodeURIComponent(part)).join('/'), {
    tenant: tenantId,
    signal,
  });

export const getAbnStatsQueryOptions = (params: AbnStatsParams) =>
  queryOptions({
    queryKey: ['lists', 'abnStats', params] as const,
    queryFn: ({ signal }) => getAbnStats(params, signal),
    placeholderData: keepPreviousData,
  });

export const useAbnStats = (params: AbnStatsParams | null) =>
  useQuery({
    ...getAbnStatsQueryOptions(params ?? { tenantId: '', from: '', to: '' }),
    enabled: !!params?.tenantId,
  });
