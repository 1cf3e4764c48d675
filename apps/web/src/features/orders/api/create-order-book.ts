import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterOrderChange } from './invalidate';

/** POST orders/{id}/book: the inspection book from the door configuration, in the chosen folder. */
export const createOrderBook = ({ id, folder }: { id: string; folder: string | null }) =>
  api.post<{ bookId: string; unknownCodes: string[] }>(`orders/${encodeURIComponent(id)}/book`, { folder });

export function useCreateOrderBook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createOrderBook, onSuccess: () => afterOrderChange(queryClient) });
}
