/** The order status flow (decision 023), row by row: every step, who may take it, what it needs. */
import { describe, expect, it } from 'vitest';
import { ROLE_NUMBERS, Role } from '../roles';
import { checkStep, ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStepInput, stepsFrom } from './order-status';

const ready = (): OrderStepInput => ({
  vkid: { geplante_montage_date: '2026-12-07', akt_kw: '2026-W50', zivi: false, verrechnet: true },
  el: { akt_kw: '2026-W50', montagedatum: '2026-12-08' },
});
const withZivi = (): OrderStepInput => ({ ...ready(), vkid: { ...ready().vkid, zivi: true } });
const R = Role;
/** The day the checks run on: the ready order's installation (2026-12-08) has come. */
const TODAY = '2026-12-08';

describe('checkStep', () => {
  it.each<[string, string, number, OrderStepInput, string | true]>([
    ['CREATED', 'AKT_KW_VKID', R.STANDARD_ROLE, ready(), true],
    ['CREATED', 'AKT_KW_VKID', R.STANDARD_ROLE, { ...ready(), vkid: { ...ready().vkid, akt_kw: '' } }, 'fields'],
    ['CREATED', 'AKT_KW_VKID', R.ROLE_SERVICE_TECHNIKER, ready(), 'role'],
    ['CREATED', 'MONTAGE', R.ADMIN_ROLE, ready(), 'unknown'],
    ['AKT_KW_VKID', 'AKT_KW', R.PROJECT_ROLE, ready(), true],
    ['AKT_KW_VKID', 'AKT_KW', R.PROJECT_ROLE, { ...ready(), el: { ...ready().el, akt_kw: '' } }, 'fields'],
    ['AKT_KW_VKID', 'CREATED', R.PROJECT_ONLY_ROLE, ready(), true],
    ['AKT_KW', 'MONTAGE', R.ROLE_SERVICE_TECHNIKER, ready(), true],
    ['AKT_KW', 'MONTAGE', R.ROLE_LEITER_FERTIGUNG, { ...ready(), el: { ...ready().el, montagedatum: null } }, 'fields'],
    ['AKT_KW', 'MONTAGE', R.ROLE_LAGER, ready(), 'role'],
    ['AKT_KW', 'AKT_KW_VKID', R.LIST_ADMIN_ROLE, ready(), true],
    ['MONTAGE', 'MONTAGE_ABGESCHLOSSEN', R.ROLE_SERVICE_TECHNIKER, ready(), true],
    [
      'MONTAGE',
      'MONTAGE_ABGESCHLOSSEN',
      R.ADMIN_ROLE,
      { ...ready(), el: { ...ready().el, montagedatum: '2026-12-09' } },
      'fields',
    ],
    [
      'MONTAGE',
      'MONTAGE_ABGESCHLOSSEN',
      R.ADMIN_ROLE,
      { ...ready(), el: { ...ready().el, montagedatum: null } },
      'fields',
    ],
    ['MONTAGE', 'AKT_KW', R.ROLE_SERVICE_TECHNIKER, ready(), true],
    ['MONTAGE_ABGESCHLOSSEN', 'ZIVI_BESTELLT', R.STANDARD_ROLE, withZivi(), true],
    ['MONTAGE_ABGESCHLOSSEN', 'ZIVI_BESTELLT', R.STANDARD_ROLE, ready(), 'fields'],
    ['MONTAGE_ABGESCHLOSSEN', 'VERRECHNET', R.STANDARD_ROLE, ready(), true],
    ['MONTAGE_ABGESCHLOSSEN', 'VERRECHNET', R.STANDARD_ROLE, withZivi(), 'fields'],
    ['MONTAGE_ABGESCHLOSSEN', 'VERRECHNET', R.PROJECT_ROLE, ready(), 'role'],
    [
      'MONTAGE_ABGESCHLOSSEN',
      'VERRECHNET',
      R.ADMIN_ROLE,
      { ...ready(), vkid: { ...ready().vkid, verrechnet: false } },
      'fields',
    ],
    ['MONTAGE_ABGESCHLOSSEN', 'MONTAGE', R.ROLE_LEITER_FERTIGUNG, ready(), true],
    ['ZIVI_BESTELLT', 'ZIVI_ERLEDIGT', R.PROJECT_ROLE, withZivi(), true],
    ['ZIVI_BESTELLT', 'ZIVI_MANGEL', R.PROJECT_ROLE, withZivi(), true],
    ['ZIVI_MANGEL', 'ZIVI_ERLEDIGT', R.STANDARD_ROLE, withZivi(), true],
    ['ZIVI_MANGEL', 'ZIVI_BESTELLT', R.STANDARD_ROLE, withZivi(), true],
    ['ZIVI_ERLEDIGT', 'VERRECHNET', R.LIST_ADMIN_ROLE, withZivi(), true],
    [
      'ZIVI_ERLEDIGT',
      'VERRECHNET',
      R.LIST_ADMIN_ROLE,
      { ...withZivi(), vkid: { ...withZivi().vkid, verrechnet: false } },
      'fields',
    ],
    ['VERRECHNET', 'ZIVI_ERLEDIGT', R.ADMIN_ROLE, withZivi(), true],
    ['VERRECHNET', 'ZIVI_ERLEDIGT', R.ADMIN_ROLE, ready(), 'fields'],
    ['VERRECHNET', 'MONTAGE_ABGESCHLOSSEN', R.ADMIN_ROLE, ready(), true],
    ['VERRECHNET', 'MONTAGE_ABGESCHLOSSEN', R.STANDARD_ROLE, ready(), 'role'],
  ])('%s → %s as role %i', (from, to, role, order, expected) => {
    const result = checkStep(from as never, to as never, role as never, order, TODAY);
    expect(result.ok ? true : result.reason).toBe(expected);
  });

  it('names the missing fields', () => {
    const order = { ...ready(), vkid: { ...ready().vkid, geplante_montage_date: null, akt_kw: '' } };
    const result = checkStep('CREATED', 'AKT_KW_VKID', R.ADMIN_ROLE, order, TODAY);
    expect(result.ok ? [] : result.issues.map((i) => i.field)).toEqual(['vkid.geplante_montage_date', 'vkid.akt_kw']);
  });
});

describe('completing an installation (issue 31 item 7)', () => {
  it('needs an installation date that has come, and says why a future one is not enough', () => {
    const future = { ...ready(), el: { ...ready().el, montagedatum: '2026-12-09' } };
    const result = checkStep('MONTAGE', 'MONTAGE_ABGESCHLOSSEN', R.ADMIN_ROLE, future, TODAY);
    expect(result.ok ? [] : result.issues).toEqual([
      { field: 'el.montagedatum', key: 'validation.order.montageFuture' },
    ]);
    expect(checkStep('MONTAGE', 'MONTAGE_ABGESCHLOSSEN', R.ADMIN_ROLE, future, '2026-12-09').ok).toBe(true);
  });
});

describe('the flow as a whole', () => {
  it('reaches VERRECHNET from CREATED with and without a civil acceptance, and every status is reachable', () => {
    const reachable = new Set(['CREATED']);
    let grew = true;
    while (grew) {
      grew = false;
      for (const t of ORDER_TRANSITIONS) {
        if (reachable.has(t.from) && !reachable.has(t.to)) {
          reachable.add(t.to);
          grew = true;
        }
      }
    }
    expect([...reachable].sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('offers forward steps first and never a step to the same status', () => {
    for (const s of ORDER_STATUSES) {
      const steps = stepsFrom(s);
      const firstBack = steps.findIndex((t) => t.back);
      if (firstBack >= 0) expect(steps.slice(firstBack).every((t) => t.back)).toBe(true);
      expect(steps.every((t) => t.to !== t.from)).toBe(true);
    }
  });

  it('lets no branch user or warehouse user take any step', () => {
    for (const t of ORDER_TRANSITIONS) {
      expect(t.roles).not.toContain(R.ROLE_FILIALE);
      expect(t.roles).not.toContain(R.ROLE_LAGER);
    }
    expect(ROLE_NUMBERS).toContain(R.ROLE_LAGER);
  });
});
