import type { ImportMapping } from '@pruefbuch/domain/rules/location-import';
import type { ImportReply } from '@pruefbuch/domain/schemas/customerlocation';
import { useMutation } from '@tanstack/react-query';
import { upload } from '@/lib/api-client';

export interface ImportRequest {
  file: File;
  /** The customer the branches belong to (required by the server; matching stays within it). */
  customer: number;
  /** Whether an empty cell clears the stored value; by default it keeps it. */
  clearEmpty?: boolean;
  /** The columns as the user confirmed them; none for the server's guess. */
  mapping?: Partial<ImportMapping> | null;
  skipInvalid?: boolean;
  onProgress?: (fraction: number) => void;
}

/** The multipart form both import calls send: the customer, the file, and the mapping and the choices when given. */
export const importForm = ({ file, customer, clearEmpty, mapping, skipInvalid }: ImportRequest) => {
  const body = new FormData();
  body.append('customer', String(customer));
  if (clearEmpty) body.append('clearEmpty', 'true');
  if (mapping) body.append('mapping', JSON.stringify(mapping));
  if (skipInvalid) body.append('skipInvalid', 'true');
  body.append('file', file);
  return body;
};

/** POST customerlocation/import/preview: what the file would do, row by row; writes nothing. */
export const previewImport = (request: ImportRequest) =>
  upload<ImportReply>('customerlocation/import/preview', importForm(request), { onProgress: request.onProgress });

export const usePreviewImport = () => useMutation({ mutationFn: previewImport });
