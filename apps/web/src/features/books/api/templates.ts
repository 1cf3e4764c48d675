import { BookStatus } from '@pruefbuch/domain/rules/book-status';
import type { Book, BookAsTemplate, BookCreate, BookListItem } from '@pruefbuch/domain/schemas/book';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListReply } from '@/components/ui/list-page/list-types';
import { api } from '@/lib/api-client';
import { refreshBookLists } from './book-lists';
import { bookQueryKey } from './get-book';

const id = (value: string) => encodeURIComponent(value);

/** GET books?status=7: the tenant's templates (at most 100, by title), for 'Aus Vorlage anlegen'. */
export const useTemplates = (tenantId: string) =>
  useQuery({
    queryKey: ['books', 'templates', tenantId] as const,
    queryFn: ({ signal }) =>
      api.get<ListReply<BookListItem>>('books', {
        query: { status: BookStatus.STATUS_TEMPLATE, size: 100, sort: 'title' },
        tenant: tenantId,
        signal,
      }),
    select: (reply) => reply.docs,
    enabled: !!tenantId,
  });

function useBookCreated() {
  const queryClient = useQueryClient();
  return (book: Book, tenantId: string) => {
    queryClient.setQueryData(bookQueryKey(tenantId, book._id), book);
    refreshBookLists(queryClient, tenantId);
  };
}

/** POST books/fromTemplate/{id}: a new book from a template, with its own title and folder. */
export function useCreateFromTemplate() {
  const created = useBookCreated();
  return useMutation({
    mutationFn: ({ tenantId, templateId, data }: { tenantId: string; templateId: string; data: BookCreate }) =>
      api.post<Book>(`books/fromTemplate/${id(templateId)}`, data, { tenant: tenantId }),
    onSuccess: (book, { tenantId }) => created(book, tenantId),
  });
}

/** POST books/asTemplate/{id} ('Als Vorlage speichern'): a template made of a book. */
export function useSaveAsTemplate() {
  const created = useBookCreated();
  return useMutation({
    mutationFn: ({ tenantId, bookId, data }: { tenantId: string; bookId: string; data: BookAsTemplate }) =>
      api.post<Book>(`books/asTemplate/${id(bookId)}`, data, { tenant: tenantId }),
    onSuccess: (book, { tenantId }) => created(book, tenantId),
  });
}
