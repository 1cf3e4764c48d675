import { useMutation } from '@tanstack/react-query';
import { download } from '@/lib/api-client';
import type { ExportFormat } from '@/lib/download';
import { saveBlob } from '@/lib/download';
import { i18n } from '@/lib/i18n';
import type { OpEvaluationParams } from './get-opevaluation';

export type { ExportFormat };

/** GET orders/getOpevaluation/all?format=csv|xlsx: the evaluation as a file, saved under the server's name. */
export async function exportOpEvaluation({ params, format }: { params: OpEvaluationParams; format: ExportFormat }) {
  const file = await download('orders/getOpevaluation/all', {
    query: { from: params.from, to: params.to, department: params.department, format },
    tenant: params.tenantId,
  });
  saveBlob(file.blob, file.fileName ?? `${i18n.t('opevaluation.title')}.${format}`);
}

export const useExportOpEvaluation = () => useMutation({ mutationFn: exportOpEvaluation });
