/**
 * Display formats of SPEC §9 in the language of the screen: dates DD.MM.YYYY (HH:mm) in German and
 * DD/MM/YYYY in English (domain rules/date-display.ts, decision 053), money EUR, percent with one decimal.
 */
import { type DateStyle, formatDay } from '@pruefbuch/domain/rules/date-display';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import './dayjs-locale';
import { currentLanguage } from './i18n';

dayjs.extend(customParseFormat);

type DateInput = string | number | Date | null | undefined;

/** A calendar day, or the day of an instant as the browser's clock sees it, in a style of the language. */
export function formatDateAs(value: DateInput, style: DateStyle): string {
  return formatDay(value, style, currentLanguage());
}

/** 27.11.2026 · 27/11/2026 */
export const formatDate = (value: DateInput): string => formatDateAs(value, 'date');

/** Fr 27.11.2026 · Fri 27/11/2026 */
export const formatWeekdayDate = (value: DateInput): string => formatDateAs(value, 'weekdayDate');

/** The short name of an ISO weekday (1 Monday … 7 Sunday): Mo · Mon. 1 January 2024 was a Monday. */
export const weekdayShort = (isoDay: number): string =>
  formatDateAs(
    dayjs('2024-01-01')
      .add(isoDay - 1, 'day')
      .format('YYYY-MM-DD'),
    'weekday',
  );

/** Freitag · Friday */
export const formatWeekday = (value: DateInput): string => formatDateAs(value, 'weekdayLong');

/**
 * Intl's formatters are costly to build (one with a time zone most of all),
 * so each is built once, when first used, and kept.
 */
function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= build();
    return value;
  };
}

/** The wall clock of Berlin as its parts (numbers only, so the locale here does not matter). */
const berlin = once(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Berlin',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);

/** An instant as the company's wall clock, 'YYYY-MM-DDTHH:mm' (Europe/Berlin, SPEC §9). */
function berlinWallClock(value: DateInput): string | null {
  if (value === null || value === undefined || value === '') return null;
  const d = dayjs(value);
  if (!d.isValid()) return null;
  const p = Object.fromEntries(
    berlin()
      .formatToParts(d.toDate())
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/**
 * An instant as DD.MM.YYYY HH:mm (German) or DD/MM/YYYY HH:mm (English) in the company's time zone,
 * whatever the browser's zone: a status change and its protocol row show the same time. A date alone
 * reads as its midnight.
 */
export function formatDateTime(value: DateInput): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDateAs(`${value}T00:00`, 'dateTime');
  const wall = berlinWallClock(value);
  return wall ? formatDateAs(wall, 'dateTime') : '';
}

/** The time of an instant on the company's clock: 14:05. */
export function formatTime(value: DateInput): string {
  const wall = berlinWallClock(value);
  return wall ? formatDateAs(wall, 'time') : '';
}

/** Protocol entries carry their date as DD-MM-YYYY. */
export function parseProtocolDate(value: string): Date | null {
  const d = dayjs(value, 'DD-MM-YYYY', true);
  return d.isValid() ? d.toDate() : null;
}

const intlLocale = () => (currentLanguage() === 'de' ? 'de-DE' : 'en-GB');

const numberFormats = new Map<string, Intl.NumberFormat>();
/** The number format of `kind` in the current language, built once per language. */
function numberFormat(kind: 'plain' | 'money' | 'percent'): Intl.NumberFormat {
  const locale = intlLocale();
  const key = `${kind}|${locale}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(
      locale,
      kind === 'money'
        ? { style: 'currency', currency: 'EUR' }
        : kind === 'percent'
          ? { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }
          : {},
    );
    numberFormats.set(key, format);
  }
  return format;
}

export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return numberFormat('money').format(value);
}

/** 42.5 → '42,5 %' (the value is a percentage, not a fraction). */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return numberFormat('percent').format(value / 100);
}

export function formatNumber(value: number): string {
  return numberFormat('plain').format(value);
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
