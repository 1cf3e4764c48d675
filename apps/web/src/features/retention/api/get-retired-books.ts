import type { RetiredBookList } from '@pruefbuch/domain/schemas/retention';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { retentionKeys } from './keys';

/** GET retention/books: the tenant's retired books, newest first, and the tenant's retention in years (admins). */
export const getRetiredBooks = (tenantId: string, signal?: AbortSignal) =>
  api.get<RetiredBookList>('retention/books', { tenant: tenantId, signal });

export const useRetiredBooks = (tenantId: string, enabled = true) =>
  useQuery({
    queryKey: retentionKeys.books(tenantId),
    queryFn: ({ signal }) => getRetiredBooks(tenantId, signal),
    enabled: enabled && !!tenantId,
  });
