import { useMutation } from '@tanstack/react-query';
import { download } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';

/** GET blobs/{id}/document/download: the file as an attachment, saved under the name the server gives. */
export const downloadDocument = async ({
  tenantId,
  blobId,
  fallbackName,
}: {
  tenantId: string;
  blobId: string;
  fallbackName: string;
}) => {
  const { blob, fileName } = await download(`blobs/${encodeURIComponent(blobId)}/document/download`, {
    tenant: tenantId,
  });
  saveBlob(blob, fileName ?? fallbackName);
};

export const useDownloadDocument = () => useMutation({ mutationFn: downloadDocument });
