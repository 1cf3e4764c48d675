import type { CustomerLocationDetail } from '@pruefbuch/domain/schemas/customerlocation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterLocationChange } from './invalidate';

/**
 * POST customerlocation/{id}/books: links a book of the tenant. 409 BOOK_ALREADY_LINKED when it is here already,
 * 409 BOOK_IN_OTHER_LOCATION (naming that location) when another location has it.
 */
export const linkBook = ({ id, bookId }: { id: string; bookId: string }) =>
  api.post<CustomerLocationDetail>(`customerlocation/${encodeURIComponent(id)}/books`, { bookId });

export function useLinkBook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: linkBook, onSuccess: (saved) => afterLocationChange(queryClient, saved) });
}
