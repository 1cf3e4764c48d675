import type { ImportRun } from '@pruefbuch/domain/schemas/customerlocation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterLocationChange } from './invalidate';

/** POST customerlocation/import/runs/{id}/undo: all of the run or nothing; 409 naming a branch changed since. */
export const undoImportRun = (id: string) =>
  api.post<ImportRun>(`customerlocation/import/runs/${encodeURIComponent(id)}/undo`);

export function useUndoImportRun() {
  const queryClient = useQueryClient();
  // The branch lists and the runs (their keys share the locations' prefix) are read again.
  return useMutation({ mutationFn: undoImportRun, onSuccess: () => afterLocationChange(queryClient) });
}
