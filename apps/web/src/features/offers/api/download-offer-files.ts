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

/** GET offer/donwloadAngebotsanhang/{id} (SPEC's spelling): every attachment in one zip. */
export const downloadOfferZip = async ({ offerId, fallbackName }: { offerId: string; fallbackName: string }) => {
  const reply = await download(`offer/donwloadAngebotsanhang/${encodeURIComponent(offerId)}`);
  saveBlob(reply.blob, reply.fileName || fallbackName);
};

export const useDownloadOfferFile = () => useMutation({ mutationFn: downloadOfferFile });
export const useDownloadOfferZip = () => useMutation({ mutationFn: downloadOfferZip });
