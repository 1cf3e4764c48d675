import type { EvaluationView } from '@pruefbuch/domain/schemas/offer';
import { useMutation } from '@tanstack/react-query';
import { download } from '@/lib/api-client';
import type { ExportFormat } from '@/lib/download';
import { saveBlob } from '@/lib/download';
import { i18n } from '@/lib/i18n';
import type { EvaluationParams } from './get-evaluation';

export type { ExportFormat };

/** GET offer/evaluation/{view}?format=csv|xlsx: the view as a file, saved under the server's name. */
export async function exportEvaluation({
  view,
  params,
  format,
}: {
  view: EvaluationView;
  params: EvaluationParams;
  format: ExportFormat;
}) {
  const file = await download(`offer/evaluation/${view}`, {
    query: { from: params.from, to: params.to, department: params.department, format },
    tenant: params.tenantId,
  });
  saveBlob(
    file.blob,
    file.fileName ?? `${i18n.t('offerevaluation.title')}-${i18n.t(`offerevaluation.views.${view}`)}.${format}`,
  );
}

export const useExportEvaluation = () => useMutation({ mutationFn: exportEvaluation });
