import { useMutation } from '@tanstack/react-query';
import { download } from '@/lib/api-client';
import { saveBlob, showInTab } from '@/lib/download';

export interface DownloadPdfInput {
  tenantId: string;
  /** The call, relative to /api/v1. */
  path: string;
  /** Used when the server names no file. */
  fallbackName: string;
  /** A POST with this JSON body (the preview); GET without. */
  body?: unknown;
  /** Show the PDF in this tab (opened by the click, lib/download openPendingTab) instead of saving it. */
  tab?: Window | null;
}

/**
 * A PDF the API streams (book export, short form, blank checklist, archived record), saved as a file; the
 * preview is shown in a tab of its own.
 */
export const downloadPdf = async ({ tenantId, path, fallbackName, body, tab }: DownloadPdfInput) => {
  try {
    const reply = await download(path, {
      tenant: tenantId || undefined,
      ...(body === undefined ? {} : { method: 'POST' as const, body }),
    });
    if (tab === undefined) saveBlob(reply.blob, reply.fileName || fallbackName);
    else showInTab(tab, reply.blob, reply.fileName || fallbackName);
  } catch (error) {
    tab?.close();
    throw error;
  }
};

export const useDownloadPdf = () => useMutation({ mutationFn: downloadPdf });

const id = (value: string) => encodeURIComponent(value);

/** The PDF calls of SPEC §7 and the contract. */
export const pdfPaths = {
  bookExport: (bookId: string) => `books/${id(bookId)}/exportPdf`,
  bookShrink: (bookId: string) => `books/${id(bookId)}/exportPdfShrink`,
  preInspection: (bookId: string) => `inspections/preInspectionPdf/${id(bookId)}`,
  archived: (blobId: string) => `inspections/inspectionPdf/${id(blobId)}`,
  gutachten: (bookId: string, recordId: string) => `books/${id(bookId)}/gutachtenPdf/${id(recordId)}`,
  preview: 'inspections/preview',
};
