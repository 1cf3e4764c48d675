import { afterEach, describe, expect, it, vi } from 'vitest';
import { lastTwelveMonths } from './date-range';

describe('lastTwelveMonths', () => {
  afterEach(() => vi.useRealTimers());

  it('ends on Berlin’s today, also in the hour when the machine’s date is a day behind', () => {
    // 23:30 UTC on 30 November is 00:30 on 1 December in Berlin: December is this range's month.
    vi.useFakeTimers({ now: new Date('2026-11-30T23:30:00Z') });
    expect(lastTwelveMonths()).toEqual({ from: '2026-01-01', to: '2026-12-01' });
  });
});
