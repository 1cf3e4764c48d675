/**
 * A view of the offer evaluation as a file: CSV (semicolons, a byte order mark, figures formatted in
 * the request's language: money in EUR, percentages with one decimal) or XLSX (numbers as numbers
 * with a EUR, percent and day format, so Excel can go on calculating). Headers in the request's language.
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
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { monthName } from './offerevaluation.read';

type Kind = 'text' | 'count' | 'money' | 'percent' | 'days';
interface Column<R> {
  header: string;
  kind: Kind;
  value: (r: R) => string | number | null;
  width: number;
}

export interface EvaluationFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

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

/** A figure as CSV text in the language's format (SPEC §9): '1.234,50 €', '33,3 %', '4,5'. */
function csvText(lang: Language, kind: Kind, v: string | number | null): string {
  if (v === null) return '';
  if (typeof v === 'string') return v;
  const locale = lang === 'de' ? 'de-DE' : 'en-GB';
  switch (kind) {
    case 'money':
      return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(v);
    case 'percent':
      return new Intl.NumberFormat(locale, {
        style: 'percent',
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      }).format(v / 100);
    case 'days':
      return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(v);
    default:
      return String(v);
  }
}

/** Excel number formats: the cell holds the number, the format shows EUR, percent or days. */
const NUM_FMT: Partial<Record<Kind, string>> = {
  money: '#,##0.00 [$€-407]',
  percent: '0.0%',
  days: '0.0',
  count: '0',
};

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
  const base = `${title}-${viewName}-${q.from}-${q.to}`.replace(/[\s/\\]+/g, '_');
  const all = [...rows, total];
  if (q.format === 'csv') {
    // Semicolons and a byte order mark: what German Excel opens without an import dialog.
    const csv = Papa.unparse(
      { fields: cols.map((c) => c.header), data: all.map((r) => cols.map((c) => csvText(lang, c.kind, c.value(r)))) },
      { delimiter: ';' },
    );
    return {
      body: Buffer.from(`\uFEFF${csv}\r\n`, 'utf8'),
      contentType: 'text/csv; charset=utf-8',
      fileName: `${base}.csv`,
    };
  }
  const book = new ExcelJS.Workbook();
  // Sheet names: at most 31 characters, none of []:*?/\ (Excel's rule).
  const sheet = book.addWorksheet(viewName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = cols.map((c, i) => ({
    header: c.header,
    key: `c${i}`,
    width: c.width,
    style: NUM_FMT[c.kind] ? { numFmt: NUM_FMT[c.kind] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const r of all) {
    // Percentages are stored as fractions (33.3 % is 0.333), as Excel's percent format expects.
    sheet.addRow(
      cols.map((c) => {
        const v = c.value(r);
        return c.kind === 'percent' && typeof v === 'number' ? Math.round(v * 10) / 1000 : v;
      }),
    );
  }
  // The total row, bold (no auto filter: sorting would move it among the rows).
  sheet.getRow(all.length + 1).font = { bold: true };
  return {
    body: Buffer.from(await book.xlsx.writeBuffer()),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: `${base}.xlsx`,
  };
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
