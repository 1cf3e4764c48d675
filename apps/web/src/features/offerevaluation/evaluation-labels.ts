/** How the rows of the evaluation are named on screen, in the current language (the server's labels are in the request's). */
import type { EvaluationRow, EvaluationView } from '@pruefbuch/domain/schemas/offer';
import type { TFunction } from 'i18next';
import { currentLanguage } from '@/lib/i18n';

const locale = () => (currentLanguage() === 'de' ? 'de-DE' : 'en-GB');

export type MonthStyle = 'long' | 'medium' | 'short';
const MONTH_FORMAT: Record<MonthStyle, Intl.DateTimeFormatOptions> = {
  long: { month: 'long', year: 'numeric' },
  medium: { month: 'short', year: 'numeric' },
  short: { month: 'short', year: '2-digit' },
};

/** '2026-09' → 'September 2026' (long), 'Sept. 2026' (medium, a table row) or 'Sept. 26' (short, under a bar). */
export function monthLabel(month: string, style: MonthStyle): string {
  const [year, mon] = month.split('-').map(Number);
  if (!year || !mon) return month;
  return new Intl.DateTimeFormat(locale(), { ...MONTH_FORMAT[style], timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, mon - 1, 1)),
  );
}

/** What the first column of a view names. */
export const GROUP_COLUMN: Record<EvaluationView, 'month' | 'ktb' | 'talkResult' | 'receivedVia'> = {
  erfolgsquote: 'month',
  angebotszeiten: 'month',
  ktbauswertung: 'ktb',
  gespraechsresultat: 'talkResult',
  erhaltenueber: 'receivedVia',
};

/** A row's name: the month, the talk result or received-via in the current language, the KTB user's name. */
export function rowLabel(
  t: TFunction,
  view: EvaluationView,
  row: Pick<EvaluationRow, 'month' | 'label'>,
  style: MonthStyle = 'long',
): string {
  if (row.month === 'total') return t('offerevaluation.total');
  const column = GROUP_COLUMN[view];
  if (row.month === 'none' && column !== 'month') return t(`offerevaluation.none.${column}`);
  switch (column) {
    case 'month':
      return monthLabel(row.month, style);
    case 'talkResult':
      return t(`offers.talkResults.${row.month}`);
    case 'receivedVia':
      return t(`offers.receivedVia.${row.month}`);
    default:
      return row.label;
  }
}

/** Days with at most one decimal ('8,8'); a dash where there is no figure. */
export function formatDays(value: number | null): string {
  if (value === null) return '–';
  return new Intl.NumberFormat(locale(), { maximumFractionDigits: 1 }).format(value);
}
