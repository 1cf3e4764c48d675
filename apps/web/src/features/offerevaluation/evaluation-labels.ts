/** How the rows of the evaluation are named on screen, in the current language (the server's labels are in the request's). */
import type { EvaluationRow, EvaluationView } from '@pruefbuch/domain/schemas/offer';
import type { TFunction } from 'i18next';
import { currentLanguage } from '@/lib/i18n';
import { type MonthStyle, monthLabel } from '@/lib/month-label';

const locale = () => (currentLanguage() === 'de' ? 'de-DE' : 'en-GB');

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
