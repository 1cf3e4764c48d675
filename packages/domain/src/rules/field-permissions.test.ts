import { describe, expect, it } from 'vitest';
import { API_ACCESS } from '../access';
import { ROLE_NUMBERS, Role, type RoleNumber } from '../roles';
import { ORDER_DEFAULTS } from '../schemas/order';
import {
  BILLING_ROLES,
  deleteFilesDateIssue,
  FIELD_GROUPS,
  forbiddenChanges,
  lockedGroups,
  mayChangeField,
} from './field-permissions';

const R = Role;
const OFFICE = [R.ADMIN_ROLE, R.LIST_ADMIN_ROLE, R.STANDARD_ROLE, R.PROJECT_ROLE, R.PROJECT_ONLY_ROLE];

describe('the field groups (decision 043)', () => {
  it('billing is who takes the step to VERRECHNET: admin, list admin, standard', () => {
    expect([...BILLING_ROLES].sort()).toEqual([R.ADMIN_ROLE, R.LIST_ADMIN_ROLE, R.STANDARD_ROLE].sort());
  });

  it.each([
    [
      'order',
      'billing',
      [
        'vkid.betrag',
        'vkid.vergabepreis',
        'vkid.vorverrechnet',
        'vkid.verrechnet',
        'vkid.verrechneteMaw',
        'maw[].verrechnet',
      ],
      [R.ADMIN_ROLE, R.LIST_ADMIN_ROLE, R.STANDARD_ROLE],
    ],
    [
      'offer',
      'billing',
      ['ersatzteile.freigabeZurVerrechnung', 'ersatzteile.invoiceValue'],
      [R.ADMIN_ROLE, R.LIST_ADMIN_ROLE, R.STANDARD_ROLE],
    ],
    ['offer', 'dataEconomy', ['deleteFilesDate'], OFFICE],
  ] as const)('%s %s', (entity, group, fields, roles) => {
    const row = FIELD_GROUPS.find((g) => g.entity === entity && g.group === group);
    expect(row?.fields).toEqual(fields);
    expect([...(row?.roles ?? [])].sort()).toEqual([...roles].sort());
  });

  it('has no other rows, and every role of a row may write the entity at all', () => {
    expect(FIELD_GROUPS).toHaveLength(3);
    const writers = { order: API_ACCESS['orders:write'], offer: API_ACCESS['offers:write'] };
    for (const g of FIELD_GROUPS) {
      for (const r of g.roles) expect((writers[g.entity] as readonly RoleNumber[]).includes(r)).toBe(true);
    }
  });

  it.each(
    ROLE_NUMBERS.map((role) => [role, BILLING_ROLES.includes(role), OFFICE.includes(role as (typeof OFFICE)[number])]),
  )('role %i: billing %s, data economy %s', (role, billing, office) => {
    expect(mayChangeField('order', 'vkid.betrag', role)).toBe(billing);
    expect(mayChangeField('order', 'maw.3.verrechnet', role)).toBe(billing);
    expect(mayChangeField('offer', 'ersatzteile.invoiceValue', role)).toBe(billing);
    expect(mayChangeField('offer', 'deleteFilesDate', role)).toBe(office);
    // Fields in no group are free.
    expect(mayChangeField('order', 'vkid.bemerkungen', role)).toBe(true);
    expect(mayChangeField('order', 'maw.0.stunden', role)).toBe(true);
    expect(mayChangeField('offer', 'ersatzteile.orderSum', role)).toBe(true);
    expect(lockedGroups('order', role).length).toBe(billing ? 0 : 1);
  });
});

describe('forbiddenChanges', () => {
  const order = {
    ...ORDER_DEFAULTS,
    vkid: { ...ORDER_DEFAULTS.vkid, betrag: 1000, bemerkungen: 'alt' },
    maw: [
      {
        datum: null,
        art: 'int',
        stunden: 2,
        anfahrt: false,
        versand: false,
        bemerkung: '',
        verrechnet: true,
      },
      {
        datum: null,
        art: 'ext',
        stunden: 1,
        anfahrt: false,
        versand: false,
        bemerkung: '',
        verrechnet: false,
      },
    ],
  };
  const m = (i: number) => order.maw[i] as (typeof order.maw)[number];
  const lager = R.ROLE_LAGER;
  const reordered = (e: object) => Object.fromEntries(Object.entries(e).reverse());

  it.each([
    ['the whole order sent unchanged', order, []],
    ['a free field changed', { ...order, vkid: { ...order.vkid, bemerkungen: 'neu' }, objekt: 'X' }, []],
    ['betrag changed', { ...order, vkid: { ...order.vkid, betrag: 1 } }, ['vkid.betrag']],
    ['betrag cleared', { ...order, vkid: { ...order.vkid, betrag: null } }, ['vkid.betrag']],
    [
      'verrechnet and vergabepreis set',
      { ...order, vkid: { ...order.vkid, verrechnet: true, vergabepreis: 5 } },
      ['vkid.vergabepreis', 'vkid.verrechnet'],
    ],
    ['an unbilled entry’s hours changed', { ...order, maw: [m(0), { ...m(1), stunden: 3 }] }, []],
    ['a billed entry’s hours changed', { ...order, maw: [{ ...m(0), stunden: 3 }, m(1)] }, ['maw.0.verrechnet', 'maw']],
    ['an entry billed', { ...order, maw: [m(0), { ...m(1), verrechnet: true }] }, ['maw.1.verrechnet']],
    ['a billed entry unbilled', { ...order, maw: [{ ...m(0), verrechnet: false }, m(1)] }, ['maw']],
    ['entries reordered', { ...order, maw: [m(1), m(0)] }, []],
    ['a billed entry as read back, its keys in another order', { ...order, maw: [reordered(m(0)), m(1)] }, []],
    ['a new entry not billed', { ...order, maw: [...order.maw, m(1)] }, []],
    ['a new entry billed', { ...order, maw: [...order.maw, { ...m(0), bemerkung: 'neu' }] }, ['maw.2.verrechnet']],
    ['an unbilled entry removed', { ...order, maw: [m(0)] }, []],
    ['a billed entry removed', { ...order, maw: [m(1)] }, ['maw']],
  ])('%s', (_, after, fields) => {
    expect(forbiddenChanges('order', lager, order, after)).toEqual(fields);
    expect(forbiddenChanges('order', R.STANDARD_ROLE, order, after)).toEqual([]);
  });

  it('a create is compared with the defaults', () => {
    const created = { ...ORDER_DEFAULTS, vkid: { ...ORDER_DEFAULTS.vkid, betrag: 10 } };
    expect(forbiddenChanges('order', R.ROLE_FERTIGUNG, ORDER_DEFAULTS, created)).toEqual(['vkid.betrag']);
    expect(forbiddenChanges('order', R.ROLE_FERTIGUNG, ORDER_DEFAULTS, ORDER_DEFAULTS)).toEqual([]);
  });

  it.each([
    [R.ROLE_LAGER, ['ersatzteile.invoiceValue', 'deleteFilesDate']],
    [R.PROJECT_ROLE, ['ersatzteile.invoiceValue']],
    [R.STANDARD_ROLE, []],
  ] as const)('offer fields for role %i', (role, fields) => {
    const before = { deleteFilesDate: null, ersatzteile: { invoiceValue: null, freigabeZurVerrechnung: false } };
    const after = { deleteFilesDate: '2030-01-01', ersatzteile: { invoiceValue: 5, freigabeZurVerrechnung: false } };
    expect(forbiddenChanges('offer', role, before, after)).toEqual(fields);
  });
});

describe('deleteFilesDateIssue (today is 2026-11-28 in Berlin)', () => {
  const today = '2026-11-28';
  it.each([
    ['tomorrow', null, '2026-11-29', R.STANDARD_ROLE, null],
    ['a later day', '2027-01-01', '2030-01-01', R.PROJECT_ROLE, null],
    ['today', null, '2026-11-28', R.STANDARD_ROLE, 'validation.offer.deleteFilesFuture'],
    ['yesterday', null, '2026-11-27', R.LIST_ADMIN_ROLE, 'validation.offer.deleteFilesFuture'],
    [
      'a past day changed to another past day',
      '2026-01-01',
      '2025-01-01',
      R.STANDARD_ROLE,
      'validation.offer.deleteFilesFuture',
    ],
    ['a past day sent unchanged', '2026-01-01', '2026-01-01', R.STANDARD_ROLE, null],
    ['cleared', '2026-01-01', null, R.STANDARD_ROLE, null],
    ['an admin sets today', null, '2026-11-28', R.ADMIN_ROLE, null],
    ['an admin sets a past day', null, '2020-01-01', R.ADMIN_ROLE, null],
  ] as const)('%s', (_, before, after, role, issue) => {
    expect(deleteFilesDateIssue(before, after, role, today)).toBe(issue);
  });
});
