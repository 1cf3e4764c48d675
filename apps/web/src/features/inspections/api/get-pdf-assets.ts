import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inspectionKeys } from './keys';

/** What the editor needs of a PDF asset: which record it belongs to and its blob. */
export interface PdfAssetRef {
  _id: string;
  blob: string;
  /** The record the PDF was archived for (finalize), else null. */
  inspection: string | null;
  fileName?: string;
}

type RawAsset = Partial<PdfAssetRef> & { blobId?: string; inspectionId?: string | null };

/** GET pdfassets/book?book={id}: the PDFs kept for a book (archived records, uploaded reports). */
export const getPdfAssets = async (tenantId: string, bookId: string, signal?: AbortSignal) => {
  const rows = await api.get<RawAsset[] | { docs: RawAsset[] }>('pdfassets/book', {
    query: { book: bookId },
    tenant: tenantId,
    signal,
  });
  const list = Array.isArray(rows) ? rows : (rows?.docs ?? []);
  return list.map(
    (row): PdfAssetRef => ({
      _id: row._id ?? '',
      blob: row.blob ?? row.blobId ?? '',
      inspection: row.inspection ?? row.inspectionId ?? null,
      fileName: row.fileName,
    }),
  );
};

export const getPdfAssetsQueryOptions = (tenantId: string, bookId: string) =>
  queryOptions({
    queryKey: inspectionKeys.pdfAssets(tenantId, bookId),
    queryFn: ({ signal }) => getPdfAssets(tenantId, bookId, signal),
  });

/** The archived PDF of one record, if the server made one. */
export const useArchivedPdf = (tenantId: string, bookId: string, recordId: string, enabled: boolean) =>
  useQuery({
    ...getPdfAssetsQueryOptions(tenantId, bookId),
    enabled: enabled && !!bookId,
    select: (assets) => assets.find((a) => a.inspection === recordId && a.blob) ?? null,
  });
