import type { PdfAsset } from '@pruefbuch/domain/schemas/pdf-asset';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inspectionKeys } from './keys';

/** GET pdfassets/book?book={id}: the PDFs kept for a book (archived records, uploaded reports). */
export const getPdfAssets = (tenantId: string, bookId: string, signal?: AbortSignal) =>
  api.get<PdfAsset[]>('pdfassets/book', { query: { book: bookId }, tenant: tenantId, signal });

export const getPdfAssetsQueryOptions = (tenantId: string, bookId: string) =>
  queryOptions({
    queryKey: inspectionKeys.pdfAssets(tenantId, bookId),
    queryFn: ({ signal }) => getPdfAssets(tenantId, bookId, signal),
  });

/** The archived PDF of one record (the newest, if the server made several), or null. */
export const useArchivedPdf = (tenantId: string, bookId: string, recordId: string, enabled: boolean) =>
  useQuery({
    ...getPdfAssetsQueryOptions(tenantId, bookId),
    enabled: enabled && !!bookId && !!recordId,
    select: (assets) =>
      assets.filter((a) => a.inspection === recordId).sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0] ?? null,
  });
