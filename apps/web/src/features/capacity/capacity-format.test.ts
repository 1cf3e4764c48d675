import { describe, expect, it } from 'vitest';
import { formatMinutes } from '@/lib/format';
import { dateRanges, hoursToMinutes, minutesToHours } from './capacity-format';

describe('capacity formats', () => {
  it.each([
    [0, '0 min'],
    [45, '45 min'],
    [60, '1:00 h'],
    [90, '1:30 h'],
    [485, '8:05 h'],
  ])('%i minutes read %s', (m, text) => {
    expect(formatMinutes(m)).toBe(text);
  });

  it('hours in the input are whole minutes when stored', () => {
    expect(hoursToMinutes(7.5)).toBe(450);
    expect(hoursToMinutes(7.99)).toBe(479);
    expect(minutesToHours(450)).toBe(7.5);
    expect(minutesToHours(hoursToMinutes(8.25))).toBe(8.25);
  });

  it('joins consecutive days into ranges', () => {
    expect(dateRanges(['2026-11-24', '2026-11-23', '2026-11-25', '2026-11-27'])).toEqual([
      { from: '2026-11-23', to: '2026-11-25' },
      { from: '2026-11-27', to: '2026-11-27' },
    ]);
  });
});
