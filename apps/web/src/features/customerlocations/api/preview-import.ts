import type { ImportMapping } from '@pruefbuch/domain/rules/location-import';
import type { ImportReply } from '@pruefbuch/domain/schemas/customerlocation';
import { useMutation } from '@tanstack/react-query';
import { upload } from '@/lib/api-client';

export interface ImportRequest {
  file: File;
  /** The columns as the user confirmed them; none for the server's guess. */
  mapping?: Partial<ImportMapping> | null;
  skipInvalid?: boolean;
  onProgress?: (fraction: number) => void;
}

/** The multipart form both import calls send: the file, and the mapping and the skip choice when given. */
export const importForm = ({ file, mapping, skipInvalid }: ImportRequest) => {
  const body = new FormData();
  if (mapping) body.append('mapping', JSON.stringify(mapping));
  if (skipInvalid) body.append('skipInvalid', 'true');
  body.append('file', file);
  return body;
};

/** POST customerlocation/import/preview: what the file would do, row by row; writes nothing. */
export const previewImport = (request: ImportRequest) =>
  upload<ImportReply>('customerlocation/import/preview', importForm(request), { onProgress: request.onProgress });

export const usePreviewImport = () => useMutation({ mutationFn: previewImport });
