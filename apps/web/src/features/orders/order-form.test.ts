import { Role } from '@pruefbuch/domain/roles';
import { ORDER_DEFAULTS } from '@pruefbuch/domain/schemas/order';
import { describe, expect, it } from 'vitest';
import { zodResolver } from '@/lib/form';
import { type OrderValues, orderFormSchema, stepOptions } from './order-form';
import { weekFilterGroups, weekLabel, weekOptions } from './order-weeks';

const values = (patch: { vkid?: Partial<OrderValues['vkid']>; el?: Partial<OrderValues['el']> } = {}): OrderValues => ({
  ...structuredClone(ORDER_DEFAULTS),
  vkid: { ...ORDER_DEFAULTS.vkid, ...patch.vkid },
  el: { ...ORDER_DEFAULTS.el, ...patch.el },
  __v: 0,
});

const TODAY = '2026-12-08';

describe('stepOptions', () => {
  it('names the fields the first step still needs', () => {
    expect(stepOptions('CREATED', Role.STANDARD_ROLE, values(), TODAY)).toEqual([
      {
        to: 'AKT_KW_VKID',
        back: false,
        missing: ['vkid.geplante_montage_date', 'vkid.akt_kw'],
        reasons: [],
        onlyFor: null,
      },
    ]);
    expect(
      stepOptions(
        'CREATED',
        Role.STANDARD_ROLE,
        values({ vkid: { geplante_montage_date: '2026-12-09', akt_kw: '2026-W50' } }),
        TODAY,
      ),
    ).toEqual([{ to: 'AKT_KW_VKID', back: false, missing: [], reasons: [], onlyFor: null }]);
  });

  it('offers a role its own steps, forward first, and names who takes a forward step it may not', () => {
    expect(stepOptions('AKT_KW', Role.ROLE_SERVICE_TECHNIKER, values(), TODAY).map((s) => s.to)).toEqual(['MONTAGE']);
    expect(stepOptions('AKT_KW', Role.ADMIN_ROLE, values(), TODAY).map((s) => [s.to, s.back])).toEqual([
      ['MONTAGE', false],
      ['AKT_KW_VKID', true],
    ]);
    const lager = stepOptions('MONTAGE', Role.ROLE_LAGER, values({ el: { montagedatum: TODAY } }), TODAY);
    expect(lager.map((s) => [s.to, s.onlyFor?.includes(Role.ROLE_SERVICE_TECHNIKER)])).toEqual([
      ['MONTAGE_ABGESCHLOSSEN', true],
    ]);
    const billing = stepOptions('MONTAGE_ABGESCHLOSSEN', Role.PROJECT_ROLE, values(), TODAY);
    expect(billing.find((s) => s.to === 'VERRECHNET')?.onlyFor).toEqual([
      Role.ADMIN_ROLE,
      Role.LIST_ADMIN_ROLE,
      Role.STANDARD_ROLE,
    ]);
  });

  it('completes an installation only once its date has come (issue 31 item 7)', () => {
    const future = stepOptions('MONTAGE', Role.ADMIN_ROLE, values({ el: { montagedatum: '2026-12-09' } }), TODAY);
    expect(future[0]).toMatchObject({
      to: 'MONTAGE_ABGESCHLOSSEN',
      missing: ['el.montagedatum'],
      reasons: ['validation.order.montageFuture'],
    });
    const due = stepOptions('MONTAGE', Role.ADMIN_ROLE, values({ el: { montagedatum: TODAY } }), TODAY);
    expect(due[0]).toMatchObject({ to: 'MONTAGE_ABGESCHLOSSEN', missing: [] });
  });

  it('the civil acceptance switch picks the branch after the installation', () => {
    const without = stepOptions('MONTAGE_ABGESCHLOSSEN', Role.ADMIN_ROLE, values(), TODAY);
    expect(without.map((s) => s.to)).toEqual(['VERRECHNET', 'MONTAGE']);
    expect(without[0]?.missing).toEqual(['vkid.verrechnet']);
    const withZivi = stepOptions('MONTAGE_ABGESCHLOSSEN', Role.ADMIN_ROLE, values({ vkid: { zivi: true } }), TODAY);
    expect(withZivi.map((s) => s.to)).toEqual(['ZIVI_BESTELLT', 'MONTAGE']);
    expect(stepOptions('VERRECHNET', Role.ADMIN_ROLE, values(), TODAY).map((s) => s.to)).toEqual([
      'MONTAGE_ABGESCHLOSSEN',
    ]);
  });
});

describe('weeks', () => {
  it('offers 8 weeks back and 26 ahead, across the year end', () => {
    const weeks = weekOptions(null, '2026-12-30');
    expect(weeks).toHaveLength(35);
    expect(weeks[0]).toBe('2026-W45');
    expect(weeks[8]).toBe('2026-W53');
    expect(weeks[9]).toBe('2027-W01');
  });

  it('keeps a chosen week outside the range', () => {
    expect(weekOptions('2024-W10', '2026-12-30')[0]).toBe('2024-W10');
  });

  it('labels a week as people say it', () => {
    expect(weekLabel('2026-W07')).toBe('KW 07/2026');
    expect(weekLabel('2026-W07', 'Week')).toBe('Week 07/2026');
  });
});

describe('orderFormSchema (decision 028)', () => {
  it('asks for something to recognise the order by, at the object', () => {
    expect(zodResolver(orderFormSchema)(values())).toMatchObject({ objekt: 'validation.order.identity' });
    expect(zodResolver(orderFormSchema)({ ...values(), abnr: 'AB-1' })).toEqual({});
  });
  it('marks an extra-effort row without date and without anything to bill at its fields', () => {
    const row = {
      datum: null,
      art: 'int' as const,
      stunden: 0,
      anfahrt: false,
      versand: false,
      bemerkung: '',
      verrechnet: false,
    };
    expect(zodResolver(orderFormSchema)({ ...values(), objekt: 'Rathaus', maw: [row] })).toEqual({
      'maw.0.datum': 'validation.required',
      'maw.0.stunden': 'validation.order.mawEmpty',
    });
  });
});

describe('weekFilterGroups', () => {
  const weeks = [
    { kw: '2026-W40', count: 2 },
    { kw: '2026-W52', count: 1 },
    { kw: '2026-W48', count: 5 },
    { kw: '2025-W50', count: 3 },
    { kw: '2026-W49', count: 4 },
  ];
  it('puts this week and later first, soonest first, then the earlier weeks, latest first', () => {
    // 2026-11-26 is in week 48.
    const { upcoming, earlier } = weekFilterGroups(weeks, undefined, '2026-11-26');
    expect(upcoming.map((w) => w.kw)).toEqual(['2026-W48', '2026-W49', '2026-W52']);
    expect(earlier.map((w) => w.kw)).toEqual(['2026-W40', '2025-W50']);
  });
  it('offers the chosen week even without orders', () => {
    const { upcoming } = weekFilterGroups(weeks, '2026-W50', '2026-11-26');
    expect(upcoming).toContainEqual({ kw: '2026-W50', count: 0 });
    expect(weekFilterGroups(weeks, '2026-W48', '2026-11-26').upcoming).toHaveLength(3);
  });
});
