import type { Offer } from '@pruefbuch/domain/schemas/offer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '@/lib/api-client';
import { afterOfferChange } from './invalidate';

export interface UploadOfferFileInput {
  offerId: string;
  file: File;
  onProgress?: (fraction: number) => void;
}

/** POST offer/{id}/files (multipart 'file'): the server checks type and size from the bytes. */
export const uploadOfferFile = ({ offerId, file, onProgress }: UploadOfferFileInput) => {
  const form = new FormData();
  form.set('file', file, file.name);
  return upload<Offer>(`offer/${encodeURIComponent(offerId)}/files`, form, { onProgress });
};

export function useUploadOfferFile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadOfferFile, onSuccess: () => afterOfferChange(queryClient) });
}
