import type { Folder } from '@pruefbuch/domain/schemas/folder';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { folderTreeQueryKey } from './get-folder-tree';

export interface CreateFolderInput {
  tenantId: string;
  /** null: a folder on the top level. */
  parentId: string | null;
  folderName: string;
}

/** POST folder/tenant/{tenantId}[/{parentId}]. */
export const createFolder = ({ tenantId, parentId, folderName }: CreateFolderInput) =>
  api.post<Folder>(
    `folder/tenant/${encodeURIComponent(tenantId)}${parentId ? `/${encodeURIComponent(parentId)}` : ''}`,
    { folderName },
    { tenant: tenantId },
  );

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFolder,
    onSuccess: (_, { tenantId }) => void queryClient.invalidateQueries({ queryKey: folderTreeQueryKey(tenantId) }),
  });
}
