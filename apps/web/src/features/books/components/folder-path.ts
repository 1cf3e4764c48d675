/** Walking a tenant's folder tree: the path to a folder (breadcrumbs) and the folders in display order (selects). */
import type { FolderNode } from '@pruefbuch/domain/schemas/folder';

/** The folders from the top level down to the folder with the id (inclusive); [] when it is not in the tree. */
export function folderPath(nodes: readonly FolderNode[], id: string): FolderNode[] {
  for (const node of nodes) {
    if (node._id === id) return [node];
    const below = folderPath(node.children, id);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

/** Every folder with its depth, parents before children, siblings in the tree's order. */
export function flattenFolders(nodes: readonly FolderNode[], depth = 0): { node: FolderNode; depth: number }[] {
  return nodes.flatMap((node) => [{ node, depth }, ...flattenFolders(node.children, depth + 1)]);
}

/** The ids of the folder and all its ancestors: the branches to keep open so the folder is visible. */
export const ancestorIds = (nodes: readonly FolderNode[], id: string) => folderPath(nodes, id).map((n) => n._id);
