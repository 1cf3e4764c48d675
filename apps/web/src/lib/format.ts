/** Display formats of SPEC §9: dates DD.MM.YYYY (HH:mm), money EUR, percent with one decimal. */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import './dayjs-locale';
import { currentLanguage } from './i18n';

dayjs.extend(customParseFormat);

type DateInput = string | number | Date | null | undefined;

const valid = (value: DateInput) => (value === null || value === undefined || value === '' ? null : dayjs(value));

export function formatDate(value: DateInput): string {
  const d = valid(value);
  return d?.isValid() ? d.format('DD.MM.YYYY') : '';
}

export function formatDateTime(value: DateInput): string {
  const d = valid(value);
  return d?.isValid() ? d.format('DD.MM.YYYY HH:mm') : '';
}

export function formatWeekday(value: DateInput): string {
  const d = valid(value);
  return d?.isValid() ? d.locale(currentLanguage()).format('dddd') : '';
}

/** Protocol entries carry their date as DD-MM-YYYY. */
export function parseProtocolDate(value: string): Date | null {
  const d = dayjs(value, 'DD-MM-YYYY', true);
  return d.isValid() ? d.toDate() : null;
}

const intlLocale = () => (currentLanguage() === 'de' ? 'de-DE' : 'en-GB');

export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return new Intl.NumberFormat(intlLocale(), { style: 'currency', currency: 'EUR' }).format(value);
}

/** 42.5 → '42,5 %' (the value is a percentage, not a fraction). */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return new Intl.NumberFormat(intlLocale(), {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value / 100);
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat(intlLocale()).format(value);
}

/** A file's size: '812 B', '12,4 KB', '3,1 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(Math.round(bytes / 102.4) / 10)} KB`;
  return `${formatNumber(Math.round(bytes / (1024 * 102.4)) / 10)} MB`;
}

/** 45 → '45 min', 90 → '1:30 h', 480 → '8:00 h'. */
export function formatMinutes(minutes: number): string {
  const sign = minutes < 0 ? '−' : '';
  const m = Math.abs(Math.round(minutes));
  if (m < 60) return `${sign}${m} min`;
  return `${sign}${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')} h`;
}
