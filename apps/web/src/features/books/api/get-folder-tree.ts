import type { FolderTree } from '@pruefbuch/domain/schemas/folder';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET folder/tree/{tenantId}: the tenant's folders as a tree with book counts. */
export const getFolderTree = (tenantId: string, signal?: AbortSignal) =>
  api.get<FolderTree>(`folder/tree/${encodeURIComponent(tenantId)}`, { tenant: tenantId, signal });

export const folderTreeQueryKey = (tenantId: string) => ['folders', 'tree', tenantId] as const;

export const getFolderTreeQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: folderTreeQueryKey(tenantId), queryFn: ({ signal }) => getFolderTree(tenantId, signal) });

export const useFolderTree = (tenantId: string | undefined) =>
  useQuery({ ...getFolderTreeQueryOptions(tenantId ?? ''), enabled: !!tenantId });
