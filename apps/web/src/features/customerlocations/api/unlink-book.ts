import type { CustomerLocationDetail } from '@pruefbuch/domain/schemas/customerlocation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterLocationChange } from './invalidate';

/** DELETE customerlocation/{id}/books/{bookId}: the book stays, only its link to the location goes. */
export const unlinkBook = ({ id, bookId }: { id: string; bookId: string }) =>
  api.delete<CustomerLocationDetail>(`customerlocation/${encodeURIComponent(id)}/books/${encodeURIComponent(bookId)}`);

export function useUnlinkBook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unlinkBook, onSuccess: (saved) => afterLocationChange(queryClient, saved) });
}
