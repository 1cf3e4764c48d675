import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime, formatWeekdayDate, weekdayShort } from './format';
import { i18n } from './i18n';

afterEach(() => i18n.changeLanguage('de'));

describe('dates follow the language of the screen (decision 053)', () => {
  // 27 November 2026, 13:05 UTC is 14:05 in Berlin.
  const instant = '2026-11-27T13:05:00Z';

  it.each([
    ['de', '27.11.2026', '27.11.2026 14:05', 'Fr 27.11.2026', 'Mo'],
    ['en', '27/11/2026', '27/11/2026 14:05', 'Fri 27/11/2026', 'Mon'],
  ])('%s', async (lang, date, dateTime, weekdayDate, monday) => {
    await i18n.changeLanguage(lang);
    expect(formatDate('2026-11-27')).toBe(date);
    expect(formatDateTime(instant)).toBe(dateTime);
    expect(formatTime(instant)).toBe('14:05');
    expect(formatWeekdayDate('2026-11-27')).toBe(weekdayDate);
    expect(weekdayShort(1)).toBe(monday);
  });

  it('reads a date alone as its midnight, and nothing as nothing', () => {
    expect(formatDateTime('2026-11-27')).toBe('27.11.2026 00:00');
    expect(formatDateTime(null)).toBe('');
    expect(formatDate('')).toBe('');
  });
});
