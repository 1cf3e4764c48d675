import type { ImportReply } from '@pruefbuch/domain/schemas/customerlocation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '@/lib/api-client';
import { afterLocationChange } from './invalidate';
import { type ImportRequest, importForm } from './preview-import';

/**
 * POST customerlocation/import: writes the rows in one transaction; a file with errors only when the user chose
 * to skip those rows (else 400 IMPORT_HAS_ERRORS).
 */
export const runImport = (request: ImportRequest) =>
  upload<ImportReply>('customerlocation/import', importForm(request), { onProgress: request.onProgress });

export function useRunImport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: runImport, onSuccess: () => afterLocationChange(queryClient) });
}
