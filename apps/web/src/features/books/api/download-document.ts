import { useMutation } from '@tanstack/react-query';
import { download } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';

/**
 * GET blobs/{id}/document/download: the file as an attachment. It is saved under the document's name as the
 * list gave it (JSON keeps every character intact), else under the name of the Content-Disposition header.
 */
export const downloadDocument = async ({
  tenantId,
  blobId,
  fileName,
}: {
  tenantId: string;
  blobId: string;
  fileName?: string;
}) => {
  const reply = await download(`blobs/${encodeURIComponent(blobId)}/document/download`, { tenant: tenantId });
  saveBlob(reply.blob, fileName || reply.fileName || blobId);
};

export const useDownloadDocument = () => useMutation({ mutationFn: downloadDocument });
