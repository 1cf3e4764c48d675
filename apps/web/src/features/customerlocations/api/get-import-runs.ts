import type { importRunListReply } from '@pruefbuch/domain/schemas/customerlocation';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { LOCATIONS_KEY } from './keys';

const runKeys = (tenant: string | null, page: number) => [LOCATIONS_KEY, tenant, 'importruns', page] as const;

/** GET customerlocation/import/runs: the tenant's import runs, newest first (admins). */
export const getImportRuns = (page: number, signal?: AbortSignal) =>
  api.get<z.infer<typeof importRunListReply>>('customerlocation/import/runs', { query: { page, size: 10 }, signal });

export function useImportRuns(page: number, enabled: boolean) {
  const { currentTenant } = useSession();
  return useQuery({
    ...queryOptions({
      queryKey: runKeys(currentTenant, page),
      queryFn: ({ signal }) => getImportRuns(page, signal),
    }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
