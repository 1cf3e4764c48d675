import type { ShutDownReason } from '@pruefbuch/domain/schemas/inspection';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inspectionKeys } from './keys';

/** GET books/{id}/shutdown: the record and the open 'shutdown' defects that keep the installation out of service. */
export const getShutDownReason = (tenantId: string, bookId: string, signal?: AbortSignal) =>
  api.get<ShutDownReason>(`books/${encodeURIComponent(bookId)}/shutdown`, { tenant: tenantId, signal });

export const getShutDownReasonQueryOptions = (tenantId: string, bookId: string) =>
  queryOptions({
    queryKey: inspectionKeys.shutDown(tenantId, bookId),
    queryFn: ({ signal }) => getShutDownReason(tenantId, bookId, signal),
  });

export const useShutDownReason = (tenantId: string, bookId: string, enabled = true) =>
  useQuery({ ...getShutDownReasonQueryOptions(tenantId, bookId), enabled });
