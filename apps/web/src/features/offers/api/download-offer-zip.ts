import { useMutation } from '@tanstack/react-query';
import { download } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';

/** GET offer/donwloadAngebotsanhang/{id} (SPEC's spelling): every attachment in one zip. */
export const downloadOfferZip = async ({ offerId, fallbackName }: { offerId: string; fallbackName: string }) => {
  const reply = await download(`offer/donwloadAngebotsanhang/${encodeURIComponent(offerId)}`);
  saveBlob(reply.blob, reply.fileName || fallbackName);
};

export const useDownloadOfferZip = () => useMutation({ mutationFn: downloadOfferZip });
