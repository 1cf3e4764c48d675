import type { QrCode } from '@pruefbuch/domain/schemas/qr';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET books/{id}/qrcode: the book's codes, newest first (the server makes one when the book has none). */
export const getBookQrCodes = (bookId: string, tenantId: string, signal?: AbortSignal) =>
  api.get<QrCode[]>(`books/${encodeURIComponent(bookId)}/qrcode`, { tenant: tenantId, signal });

export const bookQrCodesQueryKey = (bookId: string) => ['qr', 'book', bookId] as const;

export const getBookQrCodesQueryOptions = (bookId: string, tenantId: string) =>
  queryOptions({
    queryKey: bookQrCodesQueryKey(bookId),
    queryFn: ({ signal }) => getBookQrCodes(bookId, tenantId, signal),
  });

export const useBookQrCodes = (bookId: string, tenantId: string | undefined) =>
  useQuery({ ...getBookQrCodesQueryOptions(bookId, tenantId ?? ''), enabled: !!bookId && !!tenantId });
