import { describe, expect, it } from 'vitest';
import { addWeeks, compareWeeks, mondayOf, weekOf } from './calendar-week';

describe('ISO calendar weeks', () => {
  it.each([
    ['2026-11-25', '2026-W48'],
    ['2026-01-01', '2026-W01'],
    ['2025-12-29', '2026-W01'],
    ['2026-12-31', '2026-W53'],
    ['2027-01-03', '2026-W53'],
    ['2027-01-04', '2027-W01'],
    ['2021-01-03', '2020-W53'],
  ])('%s is in %s', (day, week) => {
    expect(weekOf(day)).toBe(week);
  });

  it.each([
    ['2026-W48', '2026-11-23'],
    ['2026-W01', '2025-12-29'],
    ['2026-W53', '2026-12-28'],
    ['2020-W53', '2020-12-28'],
  ])('%s starts on %s', (week, monday) => {
    expect(mondayOf(week)).toBe(monday);
    expect(weekOf(monday)).toBe(week);
  });

  it('counts weeks across the year end and compares them', () => {
    expect(addWeeks('2026-W52', 1)).toBe('2026-W53');
    expect(addWeeks('2026-W53', 1)).toBe('2027-W01');
    expect(addWeeks('2027-W01', -2)).toBe('2026-W52');
    expect(compareWeeks('2026-W53', '2027-W01')).toBe(-1);
    expect(compareWeeks('2027-W01', '2027-W01')).toBe(0);
  });
});
