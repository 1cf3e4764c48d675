import type { PdfAsset } from '@pruefbuch/domain/schemas/pdf-asset';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inspectionKeys } from './keys';

export interface SignOffInput {
  tenantId: string;
  bookId: string;
  assetId: string;
  techAcceptorId: string;
  note: string;
}

const id = (value: string) => encodeURIComponent(value);

/** PUT books/{id}/techacceptor/{techAcceptorId}/{tenantId}/{pdfassetId}: the tenant's tech acceptor signs a PDF off. */
export const signOffPdfAsset = ({ tenantId, bookId, assetId, techAcceptorId, note }: SignOffInput) =>
  api.put<PdfAsset>(
    `books/${id(bookId)}/techacceptor/${id(techAcceptorId)}/${id(tenantId)}/${id(assetId)}`,
    { note },
    { tenant: tenantId },
  );

export function useSignOffPdfAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOffPdfAsset,
    // A 409 (signed off meanwhile) shows the other sign-off too.
    onSettled: (_asset, _error, { tenantId, bookId }) => {
      void queryClient.invalidateQueries({ queryKey: inspectionKeys.pdfAssets(tenantId, bookId) });
      void queryClient.invalidateQueries({ queryKey: ['auditlogs', 'book', tenantId, bookId] });
    },
  });
}
