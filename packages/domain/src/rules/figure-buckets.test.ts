import { describe, expect, it } from 'vitest';
import {
  ALL_DEPARTMENTS,
  bucketsOf,
  centsOf,
  departmentsOf,
  figureChanges,
  monthStart,
  segmentsOf,
} from './figure-buckets';

describe('bucketsOf', () => {
  it('an event counts in its day, its week (dated the Monday) and its month (dated the 1st)', () => {
    expect(bucketsOf('2026-02-20')).toEqual([
      { grain: 'd', day: '2026-02-20' },
      { grain: 'w', day: '2026-02-16' },
      { grain: 'm', day: '2026-02-01' },
    ]);
    expect(monthStart('2026-12-31')).toBe('2026-12-01');
  });

  it('a week that runs into the next month has no bucket of its own', () => {
    expect(bucketsOf('2026-02-28').map((b) => b.grain)).toEqual(['d', 'm']);
  });

  it('counts under the department of the record and under all departments', () => {
    expect(departmentsOf(3)).toEqual([3, ALL_DEPARTMENTS]);
  });
});

describe('segmentsOf', () => {
  it('reads whole months by month, whole weeks around them by week, the rest by day', () => {
    expect(segmentsOf('2025-11-15', '2026-02-10')).toEqual({
      months: ['2025-12-01', '2026-01-01'],
      weeks: ['2025-11-17', '2025-11-24', '2026-02-02'],
      days: [
        { from: '2025-11-15', to: '2025-11-16' },
        { from: '2026-02-01', to: '2026-02-01' },
        { from: '2026-02-09', to: '2026-02-10' },
      ],
    });
  });

  it('a range of whole months reads no week or day; a few days inside a month read only days', () => {
    expect(segmentsOf('2024-02-01', '2024-02-29')).toEqual({ months: ['2024-02-01'], weeks: [], days: [] });
    expect(segmentsOf('2026-03-03', '2026-03-09')).toEqual({
      months: [],
      weeks: [],
      days: [{ from: '2026-03-03', to: '2026-03-09' }],
    });
  });

  it('a month a cut falls in is read by week and day, a week a cut falls in by day', () => {
    expect(segmentsOf('2026-01-01', '2026-03-31', ['2026-02-16'])).toEqual({
      months: ['2026-01-01', '2026-03-01'],
      weeks: ['2026-02-02', '2026-02-09', '2026-02-16'],
      days: [
        { from: '2026-02-01', to: '2026-02-01' },
        { from: '2026-02-23', to: '2026-02-28' },
      ],
    });
    expect(segmentsOf('2026-02-01', '2026-02-28', ['2026-02-04']).weeks).toEqual(['2026-02-09', '2026-02-16']);
    expect(segmentsOf('2026-01-01', '2026-02-28', ['2026-02-01']).months).toEqual(['2026-01-01', '2026-02-01']);
  });

  it('day ranges that touch are one, across a month; a range that ends before it begins reads nothing', () => {
    expect(segmentsOf('2026-01-29', '2026-02-03')).toEqual({
      months: [],
      weeks: [],
      days: [{ from: '2026-01-29', to: '2026-02-03' }],
    });
    expect(segmentsOf('2026-02-02', '2026-02-01')).toEqual({ months: [], weeks: [], days: [] });
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
