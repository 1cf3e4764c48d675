import { useMutation } from '@tanstack/react-query';
import { download } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';

export interface DownloadLabelsInput {
  tenantId: string;
  books: string[];
  /** Position (1–24) of the first label on a sheet of which some labels are used already. */
  start?: number;
}

/**
 * POST books/getEtikettPdf {books, start}: the label PDF (24 labels per A4 sheet, the code under each QR),
 * saved as the server names it.
 */
export const downloadLabels = async ({ tenantId, books, start = 1 }: DownloadLabelsInput) => {
  const reply = await download('books/getEtikettPdf', { method: 'POST', body: { books, start }, tenant: tenantId });
  saveBlob(reply.blob, reply.fileName || 'etiketten.pdf');
};

export const useDownloadLabels = () => useMutation({ mutationFn: downloadLabels });
