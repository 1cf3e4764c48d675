import type { ExportStartReply } from '@pruefbuch/domain/schemas/export';
import { useMutation } from '@tanstack/react-query';
import { api, download } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';

export interface StartExportInput {
  tenantId: string;
  /** The file's path below /api/v1: books/{id}/exportFile, customerlocation/{id}/exportFile, exports/customer/{n}. */
  path: string;
  fallbackName: string;
}

/**
 * POST …: how the file comes (decision 058). A small one is fetched at once and saved; a large one is a job
 * whose progress the dialog follows.
 */
export async function startExport({ tenantId, path, fallbackName }: StartExportInput): Promise<ExportStartReply> {
  const started = await api.post<ExportStartReply>(path, undefined, { tenant: tenantId });
  if (started.mode === 'direct') {
    const file = await download(path, { tenant: tenantId });
    saveBlob(file.blob, file.fileName || fallbackName);
  }
  return started;
}

export const useStartExport = () => useMutation({ mutationFn: startExport });
