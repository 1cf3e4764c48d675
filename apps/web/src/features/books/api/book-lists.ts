import type { QueryClient } from '@tanstack/react-query';

/**
 * After a book was created, changed, moved or deleted: every list that may show it loads again
 * (a folder's books, the templates, what is due next, the folder tree's and tenants' counts).
 */
export function refreshBookLists(queryClient: QueryClient, tenantId: string) {
  for (const queryKey of [
    ['books', 'folder'],
    ['books', 'templates', tenantId],
    ['books', 'due', tenantId],
    ['folders', 'tree', tenantId],
    ['tenants', 'bookCounts'],
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
