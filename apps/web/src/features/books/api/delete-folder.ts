import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { folderTreeQueryKey } from './get-folder-tree';

/** DELETE folder/{id}; a folder with subfolders or books is refused with 409 FOLDER_NOT_EMPTY. */
export const deleteFolder = ({ tenantId, id }: { tenantId: string; id: string }) =>
  api.delete(`folder/${encodeURIComponent(id)}`, { tenant: tenantId });

export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFolder,
    onSuccess: (_, { tenantId }) => void queryClient.invalidateQueries({ queryKey: folderTreeQueryKey(tenantId) }),
  });
}
