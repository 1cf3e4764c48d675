import { afterEach, describe, expect, it, vi } from 'vitest';
import { lastTwelveMonths } from './date-range';

describe('lastTwelveMonths', () => {
  afterEach(() => vi.useRealTimers());

  it.each([
    ['2026-11-22', '2025-12-01', '2026-11-22'],
    ['2026-03-15', '2025-04-01', '2026-03-15'],
    ['2026-01-01', '2025-02-01', '2026-01-01'],
    ['2024-02-29', '2023-03-01', '2024-02-29'],
    ['2024-12-31', '2024-01-01', '2024-12-31'],
    ['2026-12-31', '2026-01-01', '2026-12-31'],
  ])('on %s: %s to %s, twelve calendar months, this one included', (today, from, to) => {
    expect(lastTwelveMonths(today)).toEqual({ from, to });
    expect(lastTwelveMonths(`${today}T12:00:00`)).toEqual({ from, to });
  });

  it('ends on Berlin’s today, also in the hour when the machine’s date is a day behind', () => {
    // 23:30 UTC on 30 November is 00:30 on 1 December in Berlin: December is this range's month.
    vi.useFakeTimers({ now: new Date('2026-11-30T23:30:00Z') });
    expect(lastTwelveMonths()).toEqual({ from: '2026-01-01', to: '2026-12-01' });
  });
});
