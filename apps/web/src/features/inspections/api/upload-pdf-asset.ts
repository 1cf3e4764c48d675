import type { PdfAsset } from '@pruefbuch/domain/schemas/pdf-asset';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '@/lib/api-client';
import { inspectionKeys } from './keys';

export interface UploadPdfAssetInput {
  tenantId: string;
  bookId: string;
  file: File;
  onProgress?: (fraction: number) => void;
}

/** POST pdfassets/uploadfile (multipart: file, tenant, book): an existing PDF as a PDF asset of the book. */
export const uploadPdfAsset = ({ tenantId, bookId, file, onProgress }: UploadPdfAssetInput) => {
  const form = new FormData();
  form.set('tenant', tenantId);
  form.set('book', bookId);
  // The file goes last: the server reads the text fields before the bytes.
  form.set('file', file, file.name);
  return upload<PdfAsset>('pdfassets/uploadfile', form, { tenant: tenantId, onProgress });
};

export function useUploadPdfAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPdfAsset,
    onSuccess: (_asset, { tenantId, bookId }) =>
      queryClient.invalidateQueries({ queryKey: inspectionKeys.pdfAssets(tenantId, bookId) }),
  });
}
