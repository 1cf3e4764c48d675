/**
 * A view of the offer evaluation as a file (platform/evaluation-file.ts: CSV or XLSX), headers in the
 * request's language.
 */
import type { Language } from '@pruefbuch/domain/locales/resources';
import { translate } from '@pruefbuch/domain/locales/resources';
import type {
  EvaluationReply,
  EvaluationRow,
  EvaluationView,
  TimesReply,
  TimesRow,
} from '@pruefbuch/domain/schemas/offer';
import {
  type EvaluationFile,
  type FileColumn,
  monthName,
  evaluationFile as tableFile,
} from '../../platform/evaluation-file';

type Column<R> = FileColumn<R>;

export type { EvaluationFile };

/** The first column: what a row is (a month, a KTB user, a talk result, a received-via). */
const FIRST_COLUMN: Record<EvaluationView, string> = {
  erfolgsquote: 'month',
  angebotszeiten: 'month',
  ktbauswertung: 'ktb',
  gespraechsresultat: 'talkResult',
  erhaltenueber: 'receivedVia',
};

function groupColumns(lang: Language, view: EvaluationView): Column<EvaluationRow>[] {
  const h = (k: string) => translate(lang, `offerevaluation.columns.${k}`);
  return [
    { header: h(FIRST_COLUMN[view]), kind: 'text', value: (r) => r.label, width: 34 },
    { header: h('offerCnt'), kind: 'count', value: (r) => r.offerCnt, width: 10 },
    { header: h('offerSum'), kind: 'money', value: (r) => r.offerSum, width: 16 },
    { header: h('averageValue'), kind: 'money', value: (r) => r.averageValue, width: 16 },
    { header: h('orderCnt'), kind: 'count', value: (r) => r.orderCnt, width: 10 },
    { header: h('orderSum'), kind: 'money', value: (r) => r.orderSum, width: 16 },
    { header: h('commissionedCnt'), kind: 'count', value: (r) => r.commissionedCnt, width: 12 },
    { header: h('commissionedPct'), kind: 'percent', value: (r) => r.commissionedPct, width: 12 },
    { header: h('cancelledCnt'), kind: 'count', value: (r) => r.cancelledCnt, width: 12 },
    { header: h('cancelledPct'), kind: 'percent', value: (r) => r.cancelledPct, width: 12 },
    { header: h('waitingCnt'), kind: 'count', value: (r) => r.waitingCnt, width: 12 },
    { header: h('waitingPct'), kind: 'percent', value: (r) => r.waitingPct, width: 12 },
  ];
}

function timesColumns(lang: Language): Column<TimesRow>[] {
  const h = (k: string) => translate(lang, `offerevaluation.columns.${k}`);
  const total = translate(lang, 'offerevaluation.total');
  return [
    {
      header: h('month'),
      kind: 'text',
      value: (r) => (r.month === 'total' ? total : monthName(lang, r.month)),
      width: 20,
    },
    { header: h('receivedCnt'), kind: 'count', value: (r) => r.offerCnt, width: 10 },
    { header: h('toOfferMedian'), kind: 'days', value: (r) => r.toOfferMedian, width: 18 },
    { header: h('toOfferP25'), kind: 'days', value: (r) => r.toOfferP25, width: 18 },
    { header: h('toOfferP75'), kind: 'days', value: (r) => r.toOfferP75, width: 18 },
    { header: h('toResultMedian'), kind: 'days', value: (r) => r.toResultMedian, width: 18 },
    { header: h('toResultP25'), kind: 'days', value: (r) => r.toResultP25, width: 18 },
    { header: h('toResultP75'), kind: 'days', value: (r) => r.toResultP75, width: 18 },
  ];
}

async function fileOf<R>(
  lang: Language,
  view: EvaluationView,
  q: { from: string; to: string; format: 'csv' | 'xlsx' },
  cols: Column<R>[],
  rows: R[],
  total: R,
): Promise<EvaluationFile> {
  const title = translate(lang, 'offerevaluation.title');
  const viewName = translate(lang, `offerevaluation.views.${view}`);
  return tableFile(
    lang,
    { baseName: `${title}-${viewName}-${q.from}-${q.to}`, sheetName: viewName, format: q.format },
    cols,
    rows,
    total,
  );
}

export function evaluationFile(
  lang: Language,
  reply: EvaluationReply,
  q: { from: string; to: string; format: 'csv' | 'xlsx' },
): Promise<EvaluationFile> {
  return fileOf(lang, reply.view, q, groupColumns(lang, reply.view), reply.rows, reply.total);
}

export function timesFile(
  lang: Language,
  reply: TimesReply,
  q: { from: string; to: string; format: 'csv' | 'xlsx' },
): Promise<EvaluationFile> {
  return fileOf(lang, 'angebotszeiten', q, timesColumns(lang), reply.rows, reply.total);
}
