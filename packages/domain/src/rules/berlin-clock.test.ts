import { describe, expect, it } from 'vitest';
import { berlinMinutesOfDay, berlinToday, berlinWallClock } from './berlin-clock';

/** The same as Intl, with the runtime's time-zone data, says it. */
const intlDay = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' });
const intlTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Berlin',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const intlWall = (at: Date) => `${intlDay.format(at)}T${intlTime.format(at)}`;

const HOUR = 3_600_000;

/** Every quarter hour from 3 hours before to 3 hours after 01:00 UTC on every last Sunday of March and October. */
function aroundEveryChange(from: number, to: number): Date[] {
  const instants: Date[] = [];
  for (let year = from; year <= to; year++) {
    for (const month of [2, 9]) {
      const lastDay = new Date(Date.UTC(year, month + 1, 0));
      const change = lastDay.getTime() - lastDay.getUTCDay() * 24 * HOUR + HOUR;
      for (let t = change - 3 * HOUR; t <= change + 3 * HOUR; t += HOUR / 4) instants.push(new Date(t));
    }
  }
  return instants;
}

describe("the company's clock (Europe/Berlin)", () => {
  it('agrees with Intl around every change of summer time from 1996 to 2060', () => {
    const wrong = aroundEveryChange(1996, 2060)
      .filter((at) => berlinWallClock(at) !== intlWall(at))
      .map((at) => `${at.toISOString()}: ${berlinWallClock(at)}, Intl ${intlWall(at)}`);
    expect(wrong).toEqual([]);
  });

  it('agrees with Intl every 11 hours from 1996 to 2060 (every hour of the day, every day of the week)', () => {
    const wrong: string[] = [];
    for (let t = Date.UTC(1996, 0, 1); t < Date.UTC(2060, 0, 1); t += 11 * HOUR) {
      const at = new Date(t);
      if (berlinWallClock(at) !== intlWall(at)) wrong.push(`${at.toISOString()}: ${berlinWallClock(at)}`);
    }
    expect(wrong).toEqual([]);
  });

  it.each([
    ['1985-07-01T12:00:00Z', '1985-07-01T14:00'],
    ['1990-09-30T00:30:00Z', '1990-09-30T02:30'],
    ['1990-09-30T01:30:00Z', '1990-09-30T02:30'],
    ['1995-12-31T23:30:00Z', '1996-01-01T00:30'],
    ['1979-06-01T12:00:00Z', '1979-06-01T13:00'],
    ['1945-06-01T12:00:00Z', '1945-06-01T15:00'],
    ['1890-06-01T12:00:00Z', '1890-06-01T12:53'],
    ['1890-06-01T23:06:45Z', '1890-06-02T00:00'],
  ])('before 1996 (other rules) %s goes through Intl: %s', (at, wall) => {
    expect(berlinWallClock(new Date(at))).toBe(wall);
    expect(berlinWallClock(new Date(at))).toBe(intlWall(new Date(at)));
  });

  it.each([
    ['2026-11-21T23:30:00Z', '2026-11-22', 30],
    ['2026-07-21T22:30:00Z', '2026-07-22', 30],
    ['2026-07-21T21:30:00Z', '2026-07-21', 23 * 60 + 30],
    ['2026-03-29T00:59:00Z', '2026-03-29', 60 + 59],
    ['2026-03-29T01:00:00Z', '2026-03-29', 3 * 60],
    ['2026-10-25T00:59:00Z', '2026-10-25', 2 * 60 + 59],
    ['2026-10-25T01:00:00Z', '2026-10-25', 2 * 60],
  ])('%s is %s in Berlin, %i minutes after midnight', (at, day, minutes) => {
    expect(berlinToday(new Date(at))).toBe(day);
    expect(berlinMinutesOfDay(new Date(at))).toBe(minutes);
  });

  it('refuses an invalid date as Intl does', () => {
    expect(() => berlinToday(new Date(Number.NaN))).toThrow(RangeError);
  });
});
