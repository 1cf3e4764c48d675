import type { ImportRun, importRunListReply } from '@pruefbuch/domain/schemas/customerlocation';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { afterLocationChange } from './invalidate';
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

/** POST customerlocation/import/runs/{id}/undo: all of the run or nothing; 409 naming a branch changed since. */
export const undoImportRun = (id: string) =>
  api.post<ImportRun>(`customerlocation/import/runs/${encodeURIComponent(id)}/undo`);

export function useUndoImportRun() {
  const queryClient = useQueryClient();
  // The branch lists and the runs (their keys share the locations' prefix) are read again.
  return useMutation({ mutationFn: undoImportRun, onSuccess: () => afterLocationChange(queryClient) });
}
