import type { Book } from '@pruefbuch/domain/schemas/book';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { retentionKeys } from './keys';

/** POST books/{id}/restore (admins): a retired book back in service, in every list and reminder. */
export const restoreBook = ({ tenantId, id }: { tenantId: string; id: string }) =>
  api.post<Book>(`books/${encodeURIComponent(id)}/restore`, undefined, { tenant: tenantId });

export function useRestoreBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreBook,
    onSuccess: (_, { tenantId }) => {
      // The book itself, its lists, folders and the tenant's counts, and the retired list.
      for (const queryKey of [['books'], ['folders', 'tree', tenantId], ['tenants', 'bookCounts']]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      return queryClient.invalidateQueries({ queryKey: retentionKeys.all(tenantId) });
    },
  });
}
