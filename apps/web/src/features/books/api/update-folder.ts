import type { Folder, FolderUpdate } from '@pruefbuch/domain/schemas/folder';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { folderTreeQueryKey } from './get-folder-tree';

/** PUT folder/{id}: rename and/or move under another parent. */
export const updateFolder = ({ tenantId, id, data }: { tenantId: string; id: string; data: FolderUpdate }) =>
  api.put<Folder>(`folder/${encodeURIComponent(id)}`, data, { tenant: tenantId });

export function useUpdateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFolder,
    onSuccess: (_, { tenantId }) => void queryClient.invalidateQueries({ queryKey: folderTreeQueryKey(tenantId) }),
  });
}
