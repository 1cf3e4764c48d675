import type { purgeEntryList } from '@pruefbuch/domain/schemas/retention';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { retentionKeys } from './keys';

export type PurgeEntry = z.infer<typeof purgeEntryList>[number];

/** GET retention/purges: the books the daily run deleted after their retention, newest first (admins). */
export const getPurges = (tenantId: string, signal?: AbortSignal) =>
  api.get<PurgeEntry[]>('retention/purges', { tenant: tenantId, signal });

export const usePurges = (tenantId: string) =>
  useQuery({
    queryKey: retentionKeys.purges(tenantId),
    queryFn: ({ signal }) => getPurges(tenantId, signal),
    enabled: !!tenantId,
  });
