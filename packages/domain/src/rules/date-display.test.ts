import { describe, expect, it } from 'vitest';
import { type DateStyle, formatDay } from './date-display';

describe('dates read in the language of the screen (decision 053)', () => {
  // Friday 27 November 2026, 14:05 on the company's wall clock.
  const day = '2026-11-27T14:05';
  it.each<[DateStyle, string, string]>([
    ['date', '27.11.2026', '27/11/2026'],
    ['dateTime', '27.11.2026 14:05', '27/11/2026 14:05'],
    ['time', '14:05', '14:05'],
    ['weekday', 'Fr', 'Fri'],
    ['weekdayLong', 'Freitag', 'Friday'],
    ['weekdayDate', 'Fr 27.11.2026', 'Fri 27/11/2026'],
    ['weekdayDayMonth', 'Fr 27.11.', 'Fri 27/11'],
    ['weekdayLongDayMonth', 'Freitag, 27.11.', 'Friday, 27/11'],
  ])('%s: German %s, English %s', (style, de, en) => {
    expect(formatDay(day, style, 'de')).toBe(de);
    expect(formatDay(day, style, 'en')).toBe(en);
  });

  it('gives nothing for no date or a broken one', () => {
    for (const value of [null, undefined, '', 'kein Datum']) {
      expect(formatDay(value, 'date', 'de')).toBe('');
      expect(formatDay(value, 'weekdayDate', 'en')).toBe('');
    }
  });

  it('leaves the global dayjs locale alone', async () => {
    const dayjs = (await import('dayjs')).default;
    const before = dayjs.locale();
    formatDay(day, 'weekdayDate', 'en');
    expect(dayjs.locale()).toBe(before);
  });
});
