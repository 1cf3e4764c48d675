import { describe, expect, it } from 'vitest';
import { cronOf, missedRun, nextPlanned, previousPlanned } from './jobs-timing';

const at = (iso: string) => new Date(iso);

describe('job timing', () => {
  it.each([
    [60_000, '* * * * *'],
    [5 * 60_000, '*/5 * * * *'],
    [30 * 60_000, '*/30 * * * *'],
    [3_600_000, '0 */1 * * *'],
    [6 * 3_600_000, '0 */6 * * *'],
    [24 * 3_600_000, '0 0 * * *'],
  ])('plans every %i ms on pg-boss as %s', (everyMs, cron) => {
    expect(cronOf('job', { everyMs })).toBe(cron);
  });

  it.each([50, 90_000, 7 * 60_000, 5 * 3_600_000, 48 * 3_600_000])('refuses every %i ms on pg-boss', (everyMs) => {
    expect(() => cronOf('job', { everyMs })).toThrow(/job/);
  });

  it('reads cron times in Berlin time, summer and winter', () => {
    // 03:00 in Berlin: 01:00 UTC in summer (CEST), 02:00 UTC in winter (CET).
    expect(nextPlanned({ cron: '0 3 * * *' }, at('2030-07-01T12:00:00Z')).toISOString()).toBe(
      '2030-07-02T01:00:00.000Z',
    );
    expect(nextPlanned({ cron: '0 3 * * *' }, at('2030-01-01T12:00:00Z')).toISOString()).toBe(
      '2030-01-02T02:00:00.000Z',
    );
    expect(previousPlanned({ cron: '2 * * * *' }, at('2030-01-01T12:01:00Z')).toISOString()).toBe(
      '2030-01-01T11:02:00.000Z',
    );
    // A run planned for this very moment counts as the previous one.
    expect(previousPlanned({ cron: '2 * * * *' }, at('2030-01-01T12:02:00Z')).toISOString()).toBe(
      '2030-01-01T12:02:00.000Z',
    );
  });

  it('counts a run as left out when none succeeded since the last planned time', () => {
    const hourly = { cron: '0 * * * *' };
    const now = at('2030-01-01T10:30:00Z');
    expect(missedRun(hourly, null, now)).toBe(true);
    expect(missedRun(hourly, at('2030-01-01T10:00:01Z'), now)).toBe(false);
    expect(missedRun(hourly, at('2030-01-01T09:59:59Z'), now)).toBe(true);
    expect(missedRun({ everyMs: 60_000 }, at('2030-01-01T10:29:30Z'), now)).toBe(false);
    expect(missedRun({ everyMs: 60_000 }, at('2030-01-01T10:28:30Z'), now)).toBe(true);
  });
});
