import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterOfferChange } from './invalidate';

/** DELETE offer/{id}/files/{fileId}. */
export const deleteOfferFile = ({ offerId, fileId }: { offerId: string; fileId: string }) =>
  api.delete<unknown>(`offer/${encodeURIComponent(offerId)}/files/${encodeURIComponent(fileId)}`);

export function useDeleteOfferFile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteOfferFile, onSuccess: () => afterOfferChange(queryClient) });
}
