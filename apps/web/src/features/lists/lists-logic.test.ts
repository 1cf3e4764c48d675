import { describe, expect, it } from 'vitest';
import { lastTwelveMonths } from '@/lib/date-range';
import { draftPath } from './draft-path';
import { isSearchMode, myOpenInspectionsPath, tenantOpenInspectionsPath } from './open-inspections-query';
import { isRangeTooLong, monthsOfRange, parseRange } from './stats-range';

describe('monthsOfRange', () => {
  it('covers the twelve months of the default range', () => {
    const range = lastTwelveMonths('2026-11-22T12:00:00');
    expect(monthsOfRange(range, [])).toHaveLength(12);
  });
});

describe('parseRange', () => {
  it('takes a valid range', () => {
    expect(parseRange('2026-01-01', '2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(parseRange('2026-01-01', '2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-01-01' });
  });
  it.each([
    [null, '2026-03-31'],
    ['2026-01-01', null],
    ['2026-04-01', '2026-03-31'],
    ['2026-02-30', '2026-03-31'],
    ['01.01.2026', '2026-03-31'],
  ])('refuses %s – %s', (from, to) => {
    expect(parseRange(from, to)).toBeNull();
  });
});

describe('isRangeTooLong', () => {
  it.each([
    ['2021-11-22', '2026-11-22', false],
    ['2021-11-21', '2026-11-22', true],
    ['2020-01-01', '2026-11-22', true],
    ['2026-01-01', '2026-01-01', false],
  ])('%s – %s: %s', (from, to, tooLong) => {
    expect(isRangeTooLong({ from, to })).toBe(tooLong);
  });
});

describe('monthsOfRange', () => {
  it('fills the months the server left out with zeros and keeps its counts', () => {
    const months = monthsOfRange({ from: '2026-01-15', to: '2026-04-02' }, [
      { month: '2026-02', acceptance: 2, periodic: 3, total: 5 },
      { month: '2026-04-01', acceptance: 0, periodic: 1, total: 1 },
    ]);
    expect(months).toEqual([
      { month: '2026-01', acceptance: 0, periodic: 0, total: 0 },
      { month: '2026-02', acceptance: 2, periodic: 3, total: 5 },
      { month: '2026-03', acceptance: 0, periodic: 0, total: 0 },
      { month: '2026-04', acceptance: 0, periodic: 1, total: 1 },
    ]);
  });
  it('crosses a year end', () => {
    expect(monthsOfRange({ from: '2025-11-30', to: '2026-02-01' }, []).map((m) => m.month)).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });
});

describe('open-inspection paths', () => {
  it.each([
    ['all', undefined, 'books/allMyOpenInspection'],
    ['sn', '', 'books/allMyOpenInspection'],
    ['sn', ' 4711 ', 'books/allInspectionBySn/4711'],
    ['zip', '80331', 'books/allInspectionByZip/80331'],
    ['orderNo', 'A/12 3', 'books/allInspectionByOrderNo/A%2F12%203'],
    ['all', '4711', 'books/allMyOpenInspection'],
  ] as const)('mine, %s %j → %s', (mode, value, path) => {
    expect(myOpenInspectionsPath(mode, value)).toBe(path);
  });

  const tenant = '3f1c7a52-8a4e-4a57-9f55-2a4f5b6c7d8e';
  it.each([
    ['all', undefined, `books/allOpenInspection/${tenant}/`],
    ['sn', '4711', `books/allOpenInspection/${tenant}/BySn/4711`],
    ['zip', '80331', `books/allOpenInspection/${tenant}/ByZip/80331`],
    ['orderNo', 'AB-1', `books/allOpenInspection/${tenant}/ByOrderNo/AB-1`],
  ] as const)('tenant, %s %j → %s', (mode, value, path) => {
    expect(tenantOpenInspectionsPath(tenant, mode, value)).toBe(path);
  });

  it('knows its modes', () => {
    expect(isSearchMode('zip')).toBe(true);
    expect(isSearchMode('name')).toBe(false);
    expect(isSearchMode(null)).toBe(false);
  });
});

describe('draftPath', () => {
  const ids = { tenant: 't1', book: 'b1', draft: 'd1' };
  it.each([
    ['inspection', '/admin/inspection/d1?book=b1&tenant=t1'],
    ['self', '/admin/selfinspection/d1?book=b1&tenant=t1'],
    ['wartung', '/book/t1/b1/inspection_wartung/d1'],
    ['gutachten', '/book/t1/b1/inspection_pruefgutachten/d1'],
  ] as const)('%s → %s', (kind, path) => {
    expect(draftPath(kind, ids)).toBe(path);
  });
});
