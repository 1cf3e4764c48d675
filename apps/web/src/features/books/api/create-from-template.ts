import type { Book, BookCreate } from '@pruefbuch/domain/schemas/book';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshBookLists } from './book-lists';
import { bookQueryKey } from './get-book';

/** POST books/fromTemplate/{id}: a new book from a template, with its own title and folder. */
export const createFromTemplate = ({
  tenantId,
  templateId,
  data,
}: {
  tenantId: string;
  templateId: string;
  data: BookCreate;
}) => api.post<Book>(`books/fromTemplate/${encodeURIComponent(templateId)}`, data, { tenant: tenantId });

export function useCreateFromTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFromTemplate,
    onSuccess: (book, { tenantId }) => {
      queryClient.setQueryData(bookQueryKey(tenantId, book._id), book);
      refreshBookLists(queryClient, tenantId);
    },
  });
}
