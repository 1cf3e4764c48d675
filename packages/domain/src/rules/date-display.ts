/**
 * How a date reads in each language of the app (decision 053). SPEC §9 gives the German forms
 * (DD.MM.YYYY, DD.MM.YYYY HH:mm, the weekday); English, the fallback, writes the British order of
 * day, month and year with slashes. The names of weekdays come from dayjs's locales, never from
 * tables of our own; this table only picks which of the locale's forms a screen shows.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/de.js';
import 'dayjs/locale/en-gb.js';
import localizedFormat from 'dayjs/plugin/localizedFormat.js';
import type { Language } from '../locales/resources';

dayjs.extend(localizedFormat);

export type DateStyle =
  /** 27.11.2026 · 27/11/2026 */
  | 'date'
  /** 27.11.2026 14:05 · 27/11/2026 14:05 */
  | 'dateTime'
  /** 14:05 in both */
  | 'time'
  /** Fr · Fri (a column head, a month grid) */
  | 'weekday'
  /** Freitag · Friday */
  | 'weekdayLong'
  /** Fr 27.11.2026 · Fri 27/11/2026 */
  | 'weekdayDate'
  /** Fr 27.11. · Fri 27/11 (a day of a week on screen, where the year is plain) */
  | 'weekdayDayMonth'
  /** Freitag, 27.11. · Friday, 27/11 */
  | 'weekdayLongDayMonth';

interface LanguageDates {
  /** The dayjs locale whose names and 'L'/'LT' formats the language uses. */
  locale: string;
  formats: Record<DateStyle, string>;
}

/**
 * One row per language. German's short weekday is the two-letter form ('Fr', dayjs 'dd'), as German
 * calendars write it; English's is the three-letter one ('Fri', 'ddd'), as English calendars write it.
 */
export const DATE_DISPLAY: Record<Language, LanguageDates> = {
  de: {
    locale: 'de',
    formats: {
      date: 'L',
      dateTime: 'L LT',
      time: 'LT',
      weekday: 'dd',
      weekdayLong: 'dddd',
      weekdayDate: 'dd L',
      weekdayDayMonth: 'dd DD.MM.',
      weekdayLongDayMonth: 'dddd, DD.MM.',
    },
  },
  en: {
    locale: 'en-gb',
    formats: {
      date: 'L',
      dateTime: 'L LT',
      time: 'LT',
      weekday: 'ddd',
      weekdayLong: 'dddd',
      weekdayDate: 'ddd L',
      weekdayDayMonth: 'ddd DD/MM',
      weekdayLongDayMonth: 'dddd, DD/MM',
    },
  },
};

/**
 * A calendar day or a wall-clock time ('2026-11-27', '2026-11-27T14:05', a Date in local time) in a
 * language's style; '' for nothing or an invalid value. Time zones are the caller's business: pass the
 * company's wall clock, not an instant.
 */
export function formatDay(value: dayjs.ConfigType, style: DateStyle, lang: Language): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  if (!d.isValid()) return '';
  const row = DATE_DISPLAY[lang];
  return d.locale(row.locale).format(row.formats[style]);
}
