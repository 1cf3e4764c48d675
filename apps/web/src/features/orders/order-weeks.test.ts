import type { OrderWeeks } from '@pruefbuch/domain/schemas/order';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { weekHeading, weekSelectData } from './order-weeks';

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
  it('offers the weeks with orders and their counts, later weeks first', () => {
    expect(weekSelectData(t, counts, undefined)).toEqual([
      { value: '', label: 'Alle Wochen' },
      { group: 'Ab dieser Woche', items: [{ value: '2999-W10', label: 'KW 10/2999 (5)' }] },
      { group: 'Frühere Wochen', items: [{ value: '2020-W10', label: 'KW 10/2020 (2)' }] },
    ]);
  });
  it('offers the weeks around today without counts, and the chosen one', () => {
    const data = weekSelectData(t, undefined, '2020-W10');
    expect(data[0]).toEqual({ value: '', label: 'Alle Wochen' });
    expect(data).toContainEqual({ value: '2020-W10', label: 'KW 10/2020' });
    expect(data.length).toBeGreaterThan(30);
  });
});
