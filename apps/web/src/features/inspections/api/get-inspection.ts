import type { Inspection } from '@pruefbuch/domain/schemas/inspection';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inspectionKeys } from './keys';

/** GET inspections/{id}: a record of any kind. */
export const getInspection = (tenantId: string, id: string, signal?: AbortSignal) =>
  api.get<Inspection>(`inspections/${encodeURIComponent(id)}`, { tenant: tenantId || undefined, signal });

export const getInspectionQueryOptions = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: inspectionKeys.detail(tenantId, id),
    queryFn: ({ signal }) => getInspection(tenantId, id, signal),
  });

export const useInspection = (tenantId: string, id: string | null) =>
  useQuery({ ...getInspectionQueryOptions(tenantId, id ?? ''), enabled: !!id });
