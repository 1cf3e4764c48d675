import type { LegalHold } from '@pruefbuch/domain/schemas/retention';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { retentionKeys } from './keys';

/** GET retention/holds: the tenant's legal holds on books and customers, newest first (admins). */
export const getLegalHolds = (tenantId: string, signal?: AbortSignal) =>
  api.get<LegalHold[]>('retention/holds', { tenant: tenantId, signal });

export const useLegalHolds = (tenantId: string, enabled = true) =>
  useQuery({
    queryKey: retentionKeys.holds(tenantId),
    queryFn: ({ signal }) => getLegalHolds(tenantId, signal),
    enabled: enabled && !!tenantId,
  });
