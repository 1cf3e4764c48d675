/** The order ampels (decision 023), row by row. Today is Wednesday 2026-11-25, week 2026-W48. */
import { describe, expect, it } from 'vitest';
import { elAmpel, type OrderAmpelInput, overallAmpel, vkidAmpel } from './order-ampel';

const TODAY = '2026-11-25';
const base = (): OrderAmpelInput => ({
  status: 'AKT_KW',
  vkid: { geplante_montage_date: '2026-12-09', warenbtermin_date: '2026-12-02', akt_kw: '2026-W50' },
  el: { akt_kw: '2026-W50', montagedatum: '2026-12-09' },
  logistik: [],
});
const with_ = (change: (o: OrderAmpelInput) => void) => {
  const o = base();
  change(o);
  return o;
};

describe('vkidAmpel', () => {
  it.each<[string, OrderAmpelInput, string | null]>([
    ['1 installed: nothing to plan', with_((o) => (o.status = 'MONTAGE_ABGESCHLOSSEN')), null],
    ['1 billed', with_((o) => (o.status = 'VERRECHNET')), null],
    ['2 planned date passed', with_((o) => (o.vkid.geplante_montage_date = '2026-11-24')), 'red'],
    ['3 goods after installation', with_((o) => (o.vkid.warenbtermin_date = '2026-12-10')), 'red'],
    ['4 no planned date', with_((o) => (o.vkid.geplante_montage_date = null)), 'orange'],
    ['4 no sales week', with_((o) => (o.vkid.akt_kw = '')), 'orange'],
    ['5 within 14 days, goods date missing', with_((o) => (o.vkid.warenbtermin_date = null)), 'orange'],
    [
      '5 beyond 14 days, goods date missing: fine',
      with_((o) => {
        o.vkid.warenbtermin_date = null;
        o.vkid.geplante_montage_date = '2026-12-10';
      }),
      'green',
    ],
    ['6 otherwise', base(), 'green'],
  ])('%s', (_, o, expected) => expect(vkidAmpel(o, TODAY)).toBe(expected));
});

describe('elAmpel', () => {
  it.each<[string, OrderAmpelInput, string | null]>([
    ['1 created', with_((o) => (o.status = 'CREATED')), null],
    ['1 installed', with_((o) => (o.status = 'ZIVI_BESTELLT')), null],
    ['2 week passed', with_((o) => (o.el.akt_kw = '2026-W47')), 'red'],
    ['3 no week', with_((o) => (o.el.akt_kw = '')), 'orange'],
    ['3 differs from sales', with_((o) => (o.el.akt_kw = '2026-W51')), 'orange'],
    [
      '4 this week without a date',
      with_((o) => {
        o.el.akt_kw = '2026-W48';
        o.vkid.akt_kw = '2026-W48';
        o.el.montagedatum = null;
      }),
      'orange',
    ],
    ['5 otherwise', base(), 'green'],
  ])('%s', (_, o, expected) => expect(elAmpel(o, TODAY)).toBe(expected));
});

describe('overallAmpel', () => {
  it.each<[string, OrderAmpelInput, string | null]>([
    ['billed', with_((o) => (o.status = 'VERRECHNET')), null],
    ['overdue delivery', with_((o) => (o.logistik = [{ geplantAm: '2026-11-20', geliefertAm: null }])), 'red'],
    [
      'delivered late is no longer overdue',
      with_((o) => (o.logistik = [{ geplantAm: '2026-11-20', geliefertAm: '2026-11-23' }])),
      'green',
    ],
    ['the worse of the two', with_((o) => (o.el.akt_kw = '')), 'orange'],
    ['red sales wins', with_((o) => (o.vkid.geplante_montage_date = '2026-11-01')), 'red'],
    ['installed, not billed: green', with_((o) => (o.status = 'MONTAGE_ABGESCHLOSSEN')), 'green'],
    ['all green', base(), 'green'],
  ])('%s', (_, o, expected) => expect(overallAmpel(o, TODAY)).toBe(expected));
});
