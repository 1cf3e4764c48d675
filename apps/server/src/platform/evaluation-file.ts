/**
 * The evaluations' shared parts (offer evaluation, operations evaluation): the months of a range,
 * their names, and a table of rows plus a total row as a file: CSV (platform/csv.ts; figures formatted
 * in the request's language: money in EUR, percentages with one decimal) or XLSX
 * (numbers as numbers with a EUR, percent, day or minute format, so Excel can go on calculating).
 */
import type { Language } from '@pruefbuch/domain/locales/resources';
import { type CsvCell, csvFile, figure } from './csv';
import { xlsxFile } from './xlsx';

export type ColumnKind = 'text' | 'count' | 'money' | 'percent' | 'days';
export interface FileColumn<R> {
  header: string;
  kind: ColumnKind;
  value: (r: R) => string | number | null;
  width: number;
}

export interface EvaluationFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/** Every month (YYYY-MM) from the month of `from` to the month of `to`. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const month = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
    if (month > last) break;
    months.push(month);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return months;
}

/** One format per language: making an Intl format costs more than a whole evaluation's SQL. */
const MONTH_FORMATS: Record<Language, Intl.DateTimeFormat> = {
  de: new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
};

/** 'März 2025' / 'March 2025'. */
export const monthName = (lang: Language, month: string) =>
  MONTH_FORMATS[lang].format(new Date(`${month}-01T00:00:00Z`));

/** A CSV cell: text as text, a figure in the language's format (SPEC §9): '1.234,50 €', '33,3 %', '4,5'. */
function csvCell(lang: Language, kind: ColumnKind, v: string | number | null): CsvCell {
  if (v === null || typeof v === 'string') return v;
  const locale = lang === 'de' ? 'de-DE' : 'en-GB';
  switch (kind) {
    case 'money':
      return figure(new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(v));
    case 'percent':
      return figure(
        new Intl.NumberFormat(locale, {
          style: 'percent',
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
        }).format(v / 100),
      );
    case 'days':
      return figure(new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(v));
    default:
      return v;
  }
}

/** Excel number formats: the cell holds the number, the format shows EUR, percent or days. */
const NUM_FMT: Partial<Record<ColumnKind, string>> = {
  money: '#,##0.00 [$€-407]',
  percent: '0.0%',
  days: '0.0',
  count: '0',
};

/**
 * The rows and the total (the last line, bold in XLSX) as a file named `<baseName>.csv|xlsx`; the
 * XLSX sheet is called `sheetName`. Percentages are given in percent (33.3) and written to XLSX as
 * fractions (0.333), as Excel's percent format expects.
 */
export async function evaluationFile<R>(
  lang: Language,
  opts: { baseName: string; sheetName: string; format: 'csv' | 'xlsx' },
  cols: FileColumn<R>[],
  rows: R[],
  total: R,
): Promise<EvaluationFile> {
  const base = opts.baseName.replace(/[\s/\\]+/g, '_');
  const all = [...rows, total];
  if (opts.format === 'csv') {
    return csvFile(
      `${base}.csv`,
      cols.map((c) => c.header),
      all.map((r) => cols.map((c) => csvCell(lang, c.kind, c.value(r)))),
    );
  }
  return xlsxFile(`${base}.xlsx`, opts.sheetName, (sheet) => {
    sheet.columns = cols.map((c, i) => ({
      header: c.header,
      key: `c${i}`,
      width: c.width,
      style: NUM_FMT[c.kind] ? { numFmt: NUM_FMT[c.kind] } : {},
    }));
    for (const r of all) {
      sheet.addRow(
        cols.map((c) => {
          const v = c.value(r);
          return c.kind === 'percent' && typeof v === 'number' ? Math.round(v * 10) / 1000 : v;
        }),
      );
    }
    // The total row, bold (no auto filter: sorting would move it among the rows).
    sheet.getRow(all.length + 1).font = { bold: true };
  });
}
