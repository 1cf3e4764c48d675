import { useMutation } from '@tanstack/react-query';
import { download } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';

/** GET offer/{id}/files/{fileId}: one attachment, saved under its name. */
export const downloadOfferFile = async ({
  offerId,
  fileId,
  fileName,
}: {
  offerId: string;
  fileId: string;
  fileName: string;
}) => {
  const reply = await download(`offer/${encodeURIComponent(offerId)}/files/${encodeURIComponent(fileId)}`);
  saveBlob(reply.blob, fileName || reply.fileName || fileId);
};

export const useDownloadOfferFile = () => useMutation({ mutationFn: downloadOfferFile });
