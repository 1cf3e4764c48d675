import { describe, expect, it } from 'vitest';
import { bucketsOf, centsOf, figureChanges, monthStart, segmentsOf } from './figure-buckets';

describe('bucketsOf', () => {
  it('an event counts in its day and in its month (dated the 1st)', () => {
    expect(bucketsOf('2026-02-28')).toEqual([
      { grain: 'd', day: '2026-02-28' },
      { grain: 'm', day: '2026-02-01' },
    ]);
    expect(monthStart('2026-12-31')).toBe('2026-12-01');
  });
});

describe('segmentsOf', () => {
  it('reads the months a range covers whole by month, the days around them by day', () => {
    expect(segmentsOf('2025-11-15', '2026-02-10')).toEqual({
      months: ['2025-12-01', '2026-01-01'],
      days: [
        { from: '2025-11-15', to: '2025-11-30' },
        { from: '2026-02-01', to: '2026-02-10' },
      ],
    });
  });

  it('a range of whole months reads no day; one inside a month reads only days', () => {
    expect(segmentsOf('2024-02-01', '2024-02-29')).toEqual({ months: ['2024-02-01'], days: [] });
    expect(segmentsOf('2026-03-03', '2026-03-09')).toEqual({
      months: [],
      days: [{ from: '2026-03-03', to: '2026-03-09' }],
    });
  });

  it('a month a cut falls in is read by day (a cut on its first day splits nothing)', () => {
    expect(segmentsOf('2026-01-01', '2026-03-31', ['2026-02-16'])).toEqual({
      months: ['2026-01-01', '2026-03-01'],
      days: [{ from: '2026-02-01', to: '2026-02-28' }],
    });
    expect(segmentsOf('2026-01-01', '2026-02-28', ['2026-02-01']).months).toEqual(['2026-01-01', '2026-02-01']);
  });

  it('day ranges that touch are one; a range that ends before it begins reads nothing', () => {
    expect(segmentsOf('2026-01-10', '2026-03-05', ['2026-02-02']).days).toEqual([
      { from: '2026-01-10', to: '2026-03-05' },
    ]);
    expect(segmentsOf('2026-02-02', '2026-02-01')).toEqual({ months: [], days: [] });
  });
});

describe('figureChanges', () => {
  it('sums signed figures per key and leaves out the keys that did not change', () => {
    const c = figureChanges<{ k: string }, 'a' | 'b'>(['a', 'b']);
    c.add({ k: 'x' }, -1, { a: 1, b: 200 });
    c.add({ k: 'x' }, 1, { a: 1, b: 250 });
    c.add({ k: 'y' }, 1, { a: 1 });
    c.add({ k: 'z' }, -1, { a: 1 });
    c.add({ k: 'z' }, 1, { a: 1 });
    expect(c.rows()).toEqual([
      { k: 'x', a: 0, b: 50 },
      { k: 'y', a: 1, b: 0 },
    ]);
  });

  it('amounts become whole cents without float drift', () => {
    expect(centsOf(0.29)).toBe(29);
    expect(centsOf(1234.57)).toBe(123457);
    expect(centsOf(null)).toBe(0);
  });
});
