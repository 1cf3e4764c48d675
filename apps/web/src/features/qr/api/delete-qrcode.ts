import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bookQrCodesQueryKey } from './get-book-qrcodes';

export interface DeleteQrCodeInput {
  tenantId: string;
  bookId: string;
  id: string;
}

/** DELETE qr/{id}: the label stops leading to the book. */
export const deleteQrCode = ({ tenantId, id }: DeleteQrCodeInput) =>
  api.delete(`qr/${encodeURIComponent(id)}`, { tenant: tenantId });

export function useDeleteQrCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQrCode,
    onSuccess: (_, { bookId }) => void queryClient.invalidateQueries({ queryKey: bookQrCodesQueryKey(bookId) }),
  });
}
