import type { CustomerLocationDetail } from '@pruefbuch/domain/schemas/customerlocation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterLocationChange } from './invalidate';

/**
 * POST customerlocation/{id}/books: links a book of the tenant. 409 BOOK_ALREADY_LINKED when it is here already,
 * 409 BOOK_IN_OTHER_LOCATION (naming that location) when another location has it, 409 BOOK_OF_OTHER_CUSTOMER for a
 * book of another customer; BOOK_WITHOUT_CUSTOMER and BOOK_FIRST_OF_CUSTOMER link when sent with `confirm`.
 */
export const linkBook = ({ id, bookId, confirm = false }: { id: string; bookId: string; confirm?: boolean }) =>
  api.post<CustomerLocationDetail>(`customerlocation/${encodeURIComponent(id)}/books`, {
    bookId,
    ...(confirm ? { confirm } : {}),
  });

export function useLinkBook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: linkBook, onSuccess: (saved) => afterLocationChange(queryClient, saved) });
}
