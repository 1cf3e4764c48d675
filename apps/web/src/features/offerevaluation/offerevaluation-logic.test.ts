/** The pure parts of the offer evaluation screen: the range and its problems, the address state, row names. */
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { departmentOf, rangeChange, rangeProblem } from '@/lib/evaluation-filters';
import { monthLabel } from '@/lib/month-label';
import { nextParams } from '@/lib/use-url-params';
import { formatDays, rowLabel } from './evaluation-labels';
import { isEmpty, shorten, viewOf } from './evaluation-state';

const t = ((key: string) => `«${key}»`) as unknown as TFunction;

describe('rangeProblem', () => {
  it.each([
    [{ from: '2025-01-01', to: '2025-12-31' }, null],
    [{ from: '2025-01-01', to: '2025-01-01' }, null],
    [{ from: '2020-01-01', to: '2025-01-01' }, null],
    [{ from: '2020-01-01', to: '2025-01-02' }, 'tooLong'],
    [{ from: '2025-02-01', to: '2025-01-31' }, 'invalid'],
    [{ from: '2025-02-30', to: '2025-03-31' }, 'invalid'],
    [{ from: '01.01.2025', to: '2025-03-31' }, 'invalid'],
    [{ from: '', to: '2025-03-31' }, 'invalid'],
  ])('%o → %s', (range, problem) => {
    expect(rangeProblem(range)).toBe(problem);
  });
});

describe('address state', () => {
  it('reads the view, an unknown one as the success rate', () => {
    expect(viewOf('ktbauswertung')).toBe('ktbauswertung');
    expect(viewOf('angebotszeiten')).toBe('angebotszeiten');
    expect(viewOf('nonsense')).toBe('erfolgsquote');
    expect(viewOf(null)).toBe('erfolgsquote');
  });

  it('reads a department of SPEC §3, anything else as all', () => {
    expect(departmentOf('5')).toBe(5);
    expect(departmentOf('1')).toBe(1);
    expect(departmentOf('9')).toBeUndefined();
    expect(departmentOf('OFM')).toBeUndefined();
    expect(departmentOf('')).toBeUndefined();
    expect(departmentOf(null)).toBeUndefined();
  });

  it('calls a view empty when its total counts no offer', () => {
    expect(isEmpty({ total: { offerCnt: 0 } })).toBe(true);
    expect(isEmpty({ total: { offerCnt: 1 } })).toBe(false);
  });
});

describe('rangeChange', () => {
  const fallback = { from: '2025-12-01', to: '2026-11-26' };

  it('writes both bounds, the other one as shown', () => {
    expect(rangeChange(fallback, { to: '2026-03-31' })(new URLSearchParams())).toEqual({
      from: '2025-12-01',
      to: '2026-03-31',
    });
  });

  it('keeps a bound typed just before the other one, before the address was rendered anew', () => {
    const rendered = new URLSearchParams('view=angebotszeiten');
    const first = nextParams(rendered, null, rangeChange(fallback, { from: '2019-01-01' }));
    const second = nextParams(rendered, first, rangeChange(fallback, { to: '2019-03-31' }));
    expect(second.next.toString()).toBe('view=angebotszeiten&from=2019-01-01&to=2019-03-31');
  });
});

describe('row names', () => {
  it('names months, groups, the rows without a value and the total', () => {
    expect(rowLabel(t, 'erfolgsquote', { month: '2025-03', label: 'x' })).toBe(monthLabel('2025-03', 'long'));
    expect(rowLabel(t, 'gespraechsresultat', { month: 'absage_preis_war_zu_hoch', label: 'x' })).toBe(
      '«offers.talkResults.absage_preis_war_zu_hoch»',
    );
    expect(rowLabel(t, 'erhaltenueber', { month: 'kunde', label: 'x' })).toBe('«offers.receivedVia.kunde»');
    expect(rowLabel(t, 'ktbauswertung', { month: 'a-user-id', label: 'Anna Berg (ABE)' })).toBe('Anna Berg (ABE)');
    expect(rowLabel(t, 'ktbauswertung', { month: 'none', label: 'x' })).toBe('«offerevaluation.none.ktb»');
    expect(rowLabel(t, 'erhaltenueber', { month: 'none', label: 'x' })).toBe('«offerevaluation.none.receivedVia»');
    expect(rowLabel(t, 'angebotszeiten', { month: 'total', label: 'x' })).toBe('«offerevaluation.total»');
  });

  it('writes months in German by default', () => {
    expect(monthLabel('2025-03', 'long')).toBe('März 2025');
    expect(monthLabel('2025-03', 'short')).toBe('März 25');
  });

  it('writes days with at most one decimal, a dash for none', () => {
    expect(formatDays(8.8)).toBe('8,8');
    expect(formatDays(11)).toBe('11');
    expect(formatDays(null)).toBe('–');
  });

  it('shortens long axis labels', () => {
    expect(shorten('Absage: Mitbewerber hat den Auftrag erhalten', 16)).toBe('Absage: Mitbewe…');
    expect(shorten('Kunde', 16)).toBe('Kunde');
  });
});
