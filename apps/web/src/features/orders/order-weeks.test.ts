import { addWeeks, weekOf } from '@pruefbuch/domain/rules/calendar-week';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import type { OrderWeeks } from '@pruefbuch/domain/schemas/order';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { countsThatAnswer } from './api/get-order-weeks';
import { pageOfCurrentWeek, weekHeading, weekSelectData } from './order-weeks';

const TEXTS: Record<string, string> = {
  'orders.list.kw': 'KW',
  'orders.list.kwAll': 'Alle Wochen',
  'orders.list.kwUpcoming': 'Ab dieser Woche',
  'orders.list.kwEarlier': 'Frühere Wochen',
  'orders.list.salesWeek': 'KW Vertrieb',
  'orders.list.noSalesWeek': 'Ohne KW Vertrieb',
};
const t = ((key: string, o?: Record<string, unknown>) => {
  if (key === 'orders.list.kwOption') return `${o?.week} (${o?.count})`;
  if (key === 'orders.list.group') return `${o?.week} · ${o?.count}`;
  return TEXTS[key] ?? key;
}) as TFunction;

const counts: OrderWeeks = {
  weeks: [
    { kw: '2020-W10', count: 2, sales: 1 },
    { kw: '2999-W10', count: 5, sales: 4 },
  ],
  none: 1,
  noSalesWeek: 3,
  more: false,
};

describe('weekHeading', () => {
  it('names the sales week with its total over all pages', () => {
    expect(weekHeading(t, '2999-W10', counts)).toBe('KW Vertrieb 10/2999 · 4');
    expect(weekHeading(t, '', counts)).toBe('Ohne KW Vertrieb · 3');
  });
  it('names the week alone without counts (loading, a search, a week chosen) or for a week they lack', () => {
    expect(weekHeading(t, '2999-W10', undefined)).toBe('KW Vertrieb 10/2999');
    expect(weekHeading(t, '', undefined)).toBe('Ohne KW Vertrieb');
    expect(weekHeading(t, '2500-W01', counts)).toBe('KW Vertrieb 01/2500');
  });
});

describe('weekSelectData', () => {
  const current = weekOf(berlinToday());
  const label = (kw: string, count?: number) =>
    `KW ${kw.slice(6)}/${kw.slice(0, 4)}${count === undefined ? '' : ` (${count})`}`;
  it('offers this week first, then the later weeks with orders, then the earlier ones, with their counts', () => {
    expect(weekSelectData(t, counts, undefined)).toEqual([
      { value: '', label: 'Alle Wochen' },
      {
        group: 'Ab dieser Woche',
        items: [
          { value: current, label: label(current, 0) },
          { value: '2999-W10', label: 'KW 10/2999 (5)' },
        ],
      },
      { group: 'Frühere Wochen', items: [{ value: '2020-W10', label: 'KW 10/2020 (2)' }] },
    ]);
  });
  it('offers the weeks around today without counts in the same order, and the chosen one', () => {
    const data = weekSelectData(t, undefined, '2020-W10');
    expect(data[0]).toEqual({ value: '', label: 'Alle Wochen' });
    const [upcoming, earlier] = data.slice(1) as { group: string; items: { value: string; label: string }[] }[];
    expect(upcoming?.items[0]).toEqual({ value: current, label: label(current) });
    expect(upcoming?.items.map((o) => o.value)).toEqual(upcoming?.items.map((o) => o.value).sort());
    expect(earlier?.items[0]?.value).toBe(addWeeks(current, -1));
    expect(earlier?.items.at(-1)).toEqual({ value: '2020-W10', label: 'KW 10/2020' });
    expect(upcoming?.items.length).toBe(27);
    expect(earlier?.items.length).toBe(9);
  });
  it('orders by the day it is given: the list re-renders its options when the day changes', () => {
    const [, upcoming, earlier] = weekSelectData(t, undefined, undefined, '2027-01-04') as {
      items: { value: string }[];
    }[];
    expect(upcoming?.items[0]?.value).toBe('2027-W01');
    expect(earlier?.items[0]?.value).toBe('2026-W53');
  });
});

describe('pageOfCurrentWeek', () => {
  const weeks = (sales: [string, number][]): OrderWeeks => ({
    weeks: sales.map(([kw, n]) => ({ kw, count: n, sales: n })),
    none: 0,
    noSalesWeek: 7,
    more: false,
  });
  // Thursday of KW 48/2026.
  const today = '2026-11-26';
  it.each([
    [
      'this week after 45 older orders, 20 a page: page 3',
      [
        ['2026-W40', 25],
        ['2026-W47', 20],
        ['2026-W48', 3],
      ],
      20,
      3,
    ],
    [
      'exactly two pages before it: page 3',
      [
        ['2026-W40', 40],
        ['2026-W49', 3],
      ],
      20,
      3,
    ],
    [
      'no order this week: the next later week',
      [
        ['2026-W40', 10],
        ['2026-W50', 3],
      ],
      10,
      2,
    ],
    ['nothing older: page 1', [['2026-W48', 30]], 20, 1],
    [
      'only older weeks: the page of the latest',
      [
        ['2026-W01', 30],
        ['2026-W02', 15],
      ],
      20,
      3,
    ],
    ['no weeks at all: page 1', [], 20, 1],
    [
      'a week of the next year after this year',
      [
        ['2026-W52', 5],
        ['2027-W01', 5],
      ],
      5,
      1,
    ],
  ] as [string, [string, number][], number, number][])('%s', (_name, sales, size, page) => {
    expect(pageOfCurrentWeek(weeks(sales), size, today)).toBe(page);
  });
});

describe('countsThatAnswer', () => {
  it('takes the reply when asked and counted; not when not asked, not loaded, or past the search’s cap', () => {
    expect(countsThatAnswer(true, counts)).toBe(counts);
    expect(countsThatAnswer(false, counts)).toBeUndefined();
    expect(countsThatAnswer(true, undefined)).toBeUndefined();
    expect(countsThatAnswer(true, { weeks: [], none: 0, noSalesWeek: 0, more: true })).toBeUndefined();
  });
});
