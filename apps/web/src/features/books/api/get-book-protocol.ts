import type { ProtocolEntry } from '@pruefbuch/domain/schemas/audit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET auditlogs/book?bookId=: the protocol (audit trail) of a book. */
export const getBookProtocol = (tenantId: string, bookId: string, signal?: AbortSignal) =>
  api.get<ProtocolEntry[]>('auditlogs/book', { query: { bookId }, tenant: tenantId, signal });

export const getBookProtocolQueryOptions = (tenantId: string, bookId: string) =>
  queryOptions({
    queryKey: ['auditlogs', 'book', tenantId, bookId] as const,
    queryFn: ({ signal }) => getBookProtocol(tenantId, bookId, signal),
  });

export const useBookProtocol = (tenantId: string, bookId: string, enabled = true) =>
  useQuery({ ...getBookProtocolQueryOptions(tenantId, bookId), enabled });
