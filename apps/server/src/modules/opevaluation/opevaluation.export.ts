/** The operations evaluation as a file (platform/evaluation-file.ts: CSV or XLSX), headers in the request's language. */
import type { Language } from '@pruefbuch/domain/locales/resources';
import { translate } from '@pruefbuch/domain/locales/resources';
import type { OpEvaluationReply, OpEvaluationRow } from '@pruefbuch/domain/schemas/op-evaluation';
import { type EvaluationFile, evaluationFile, type FileColumn } from '../../platform/evaluation-file';

function columns(lang: Language): FileColumn<OpEvaluationRow>[] {
  const h = (k: string) => translate(lang, `opevaluation.columns.${k}`);
  return [
    { header: h('month'), kind: 'text', value: (r) => r.label, width: 20 },
    { header: h('received'), kind: 'count', value: (r) => r.received, width: 12 },
    { header: h('installed'), kind: 'count', value: (r) => r.installed, width: 12 },
    { header: h('accepted'), kind: 'count', value: (r) => r.accepted, width: 12 },
    { header: h('billed'), kind: 'count', value: (r) => r.billed, width: 12 },
    { header: h('betragSum'), kind: 'money', value: (r) => r.betragSum, width: 16 },
    { header: h('vergabepreisSum'), kind: 'money', value: (r) => r.vergabepreisSum, width: 16 },
    { header: h('minutesCnt'), kind: 'count', value: (r) => r.minutesCnt, width: 14 },
    { header: h('calculatedMin'), kind: 'count', value: (r) => r.calculatedMin, width: 14 },
    { header: h('bookedMin'), kind: 'count', value: (r) => r.bookedMin, width: 14 },
    { header: h('late'), kind: 'count', value: (r) => r.late, width: 12 },
    { header: h('installedNotBilled'), kind: 'count', value: (r) => r.installedNotBilled, width: 16 },
  ];
}

export function opEvaluationFile(
  lang: Language,
  reply: OpEvaluationReply,
  format: 'csv' | 'xlsx',
): Promise<EvaluationFile> {
  const title = translate(lang, 'opevaluation.title');
  return evaluationFile(
    lang,
    { baseName: `${title}-${reply.from}-${reply.to}`, sheetName: title, format },
    columns(lang),
    reply.rows,
    reply.total,
  );
}
