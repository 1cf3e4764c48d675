import { currentLanguage } from '@/lib/i18n';

const locale = () => (currentLanguage() === 'de' ? 'de-DE' : 'en-GB');

/** '2026-03' → 'März 2026' (long) or 'März 26' (short, under a chart bar). */
export function monthLabel(month: string, style: 'long' | 'short'): string {
  const [year, mon] = month.split('-').map(Number);
  if (!year || !mon) return month;
  return new Intl.DateTimeFormat(locale(), {
    month: style === 'long' ? 'long' : 'short',
    year: style === 'long' ? 'numeric' : '2-digit',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, mon - 1, 1)));
}
