import dayjs from 'dayjs';
import isoWeek from 'dayjs/plugin/isoWeek.js';
import utc from 'dayjs/plugin/utc.js';
import { describe, expect, it } from 'vitest';
import { addDays, addWeeks, compareWeeks, mondayOf, weekFilterOrder, weekOf } from './calendar-week';

dayjs.extend(utc);
dayjs.extend(isoWeek);

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

  it('agrees with dayjs on every day from 2000 to 2060, and every week starts on its Monday', () => {
    const wrong: string[] = [];
    for (let day = '2000-01-01'; day < '2060-01-01'; day = addDays(day, 1)) {
      const d = dayjs.utc(day);
      const week = `${d.isoWeekYear()}-W${String(d.isoWeek()).padStart(2, '0')}`;
      const monday = d.isoWeekday(1).format('YYYY-MM-DD');
      if (weekOf(day) !== week || mondayOf(week) !== monday) wrong.push(`${day}: ${weekOf(day)} ${mondayOf(week)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('reads a day with a time, or a week written otherwise, as dayjs does', () => {
    expect(weekOf('2026-12-31T23:30:00Z')).toBe('2026-W53');
    expect(mondayOf('2026-W5')).toBe('2026-01-26');
  });

  it('counts weeks across the year end and compares them', () => {
    expect(addWeeks('2026-W52', 1)).toBe('2026-W53');
    expect(addWeeks('2026-W53', 1)).toBe('2027-W01');
    expect(addWeeks('2027-W01', -2)).toBe('2026-W52');
    expect(compareWeeks('2026-W53', '2027-W01')).toBe(-1);
    expect(compareWeeks('2027-W01', '2027-W01')).toBe(0);
  });
});

describe('the order of a week filter (decision 053)', () => {
  it.each<[string, string[], string, string[], string[]]>([
    [
      'this week, then later weeks soonest first, then earlier weeks latest first',
      ['2026-W40', '2026-W52', '2026-W48', '2025-W50', '2026-W49'],
      '2026-W48',
      ['2026-W48', '2026-W49', '2026-W52'],
      ['2026-W40', '2025-W50'],
    ],
    [
      'this week even when no order has it',
      ['2026-W50', '2026-W46'],
      '2026-W48',
      ['2026-W48', '2026-W50'],
      ['2026-W46'],
    ],
    [
      'across the year end (week 53, then week 1)',
      ['2027-W01', '2026-W53', '2026-W51', '2027-W02'],
      '2026-W52',
      ['2026-W52', '2026-W53', '2027-W01', '2027-W02'],
      ['2026-W51'],
    ],
    ['each week once', ['2026-W49', '2026-W49', '2026-W48'], '2026-W48', ['2026-W48', '2026-W49'], []],
    ['only earlier weeks', ['2025-W01', '2026-W01'], '2026-W48', ['2026-W48'], ['2026-W01', '2025-W01']],
  ])('%s', (_, weeks, current, upcoming, earlier) => {
    expect(weekFilterOrder(weeks, current)).toEqual({ upcoming, earlier });
  });
});
