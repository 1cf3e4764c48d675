import type { LocationAmpelFilter } from '@pruefbuch/domain/rules/location-ampel';
import { useMutation } from '@tanstack/react-query';
import { download } from '@/lib/api-client';
import type { ExportFormat } from '@/lib/download';
import { saveBlob } from '@/lib/download';
import { i18n } from '@/lib/i18n';

export type { ExportFormat };
export interface ExportParams {
  format: ExportFormat;
  search?: string;
  ampel?: LocationAmpelFilter;
}

/** GET customerlocation/export: the list as the user filtered it, as CSV or Excel, saved under the server's name. */
export async function exportLocations(params: ExportParams) {
  const file = await download('customerlocation/export', { query: { ...params } });
  saveBlob(file.blob, file.fileName ?? `${i18n.t('customerlocations.list.title')}.${params.format}`);
}

export const useExportLocations = () => useMutation({ mutationFn: exportLocations });
