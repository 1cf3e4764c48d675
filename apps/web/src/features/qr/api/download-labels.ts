import { useMutation } from '@tanstack/react-query';
import { download } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';

export interface DownloadLabelsInput {
  tenantId: string;
  books: string[];
}

/** POST books/getEtikettPdf {books}: the label PDF (several labels per A4 page), saved as the server names it. */
export const downloadLabels = async ({ tenantId, books }: DownloadLabelsInput) => {
  const reply = await download('books/getEtikettPdf', { method: 'POST', body: { books }, tenant: tenantId });
  saveBlob(reply.blob, reply.fileName || 'etiketten.pdf');
};

export const useDownloadLabels = () => useMutation({ mutationFn: downloadLabels });
