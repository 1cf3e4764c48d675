import type { Book, BookAsTemplate } from '@pruefbuch/domain/schemas/book';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshBookLists } from './book-lists';
import { bookQueryKey } from './get-book';

/** POST books/asTemplate/{id} ('Als Vorlage speichern'): a template made of a book. */
export const saveAsTemplate = ({
  tenantId,
  bookId,
  data,
}: {
  tenantId: string;
  bookId: string;
  data: BookAsTemplate;
}) => api.post<Book>(`books/asTemplate/${encodeURIComponent(bookId)}`, data, { tenant: tenantId });

export function useSaveAsTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAsTemplate,
    onSuccess: (book, { tenantId }) => {
      queryClient.setQueryData(bookQueryKey(tenantId, book._id), book);
      refreshBookLists(queryClient, tenantId);
    },
  });
}
