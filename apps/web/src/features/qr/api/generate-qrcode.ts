import type { QrCode } from '@pruefbuch/domain/schemas/qr';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bookQrCodesQueryKey } from './get-book-qrcodes';

export interface GenerateQrCodeInput {
  tenantId: string;
  bookId: string;
  /** The code of a pre-printed label; without it the server makes a new one. */
  qr?: string;
}

/** POST qr/generate/{tenantId}/{bookId} {qr?}: a new code, or a pre-printed one (409 QR_EXISTS when taken). */
export const generateQrCode = ({ tenantId, bookId, qr }: GenerateQrCodeInput) =>
  api.post<QrCode>(`qr/generate/${encodeURIComponent(tenantId)}/${encodeURIComponent(bookId)}`, qr ? { qr } : {}, {
    tenant: tenantId,
  });

export function useGenerateQrCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateQrCode,
    onSuccess: (_, { bookId }) => void queryClient.invalidateQueries({ queryKey: bookQrCodesQueryKey(bookId) }),
  });
}
