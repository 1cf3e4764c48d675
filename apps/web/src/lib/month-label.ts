/** A month ('2026-09') named in the current language, as the evaluations show it. */
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
