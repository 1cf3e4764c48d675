import { describe, expect, it } from 'vitest';
import { Department } from '../roles';
import {
  formatOrderNumber,
  ORDER_NUMBER_PREFIX,
  orderNumberOf,
  planningGaps,
  proposedDepartment,
  proposedOpm,
  TAKE_OVER_DEPARTMENT_RULES,
  TAKE_OVER_DEPARTMENTS,
} from './order-take-over';

const none = { autSchieber: false, autDreher: false, bau: false, umbau: false, export: false, ersatzteile: false };

describe('the receiving department (decision 049)', () => {
  it.each([
    ['spare parts only', { ...none, ersatzteile: true }, Department.OPM],
    ['export only', { ...none, export: true }, Department.OPM],
    ['spare parts and export', { ...none, ersatzteile: true, export: true }, Department.OPM],
    ['a sliding door', { ...none, autSchieber: true }, Department.EL],
    ['a swing door with spare parts', { ...none, autDreher: true, ersatzteile: true }, Department.EL],
    ['building work', { ...none, bau: true }, Department.EL],
    ['a conversion for export', { ...none, umbau: true, export: true }, Department.EL],
    ['no division at all', none, Department.EL],
  ])('%s → %s', (_, divisions, department) => {
    expect(proposedDepartment(divisions)).toBe(department);
  });

  it('has a row for material only and one for the rest, and never proposes or offers "Keine Abteilung"', () => {
    expect(TAKE_OVER_DEPARTMENT_RULES.map((r) => r.when)).toEqual(['materialOnly', 'otherwise']);
    expect(TAKE_OVER_DEPARTMENTS).not.toContain(Department.NO_DEPARTMENT);
  });
});

describe('the proposed OPM', () => {
  it.each([
    ['the offer’s', 'offer-opm', [{ id: 'a' }, { id: 'b' }], 'offer-opm'],
    ['the only OPM user', null, [{ id: 'a' }], 'a'],
    ['none of two', null, [{ id: 'a' }, { id: 'b' }], null],
    ['none without OPM users', null, [], null],
  ] as const)('%s', (_, offer, users, expected) => {
    expect(proposedOpm(offer, users)).toBe(expected);
  });
});

describe('AB-Nrs', () => {
  it('are prefix, two-digit year and number', () => {
    expect(formatOrderNumber('AB', 2026, 1001)).toBe('AB-26-1001');
    expect(formatOrderNumber('KV', 2105, 7)).toBe('KV-05-7');
  });

  it.each([
    ['AB-26-1026', 1026],
    ['AB-26-7', 7],
    ['AB-25-1026', null],
    ['XY-26-1026', null],
    ['AB-26-10x', null],
    ['AB-26-', null],
    ['AB-26-1234567', null],
  ])('reads %s as %s', (abnr, n) => {
    expect(orderNumberOf(abnr, 'AB', 2026)).toBe(n);
  });

  it('take prefixes of capitals and digits only', () => {
    expect(['AB', 'KV2', 'A1B2C3D4'].every((p) => ORDER_NUMBER_PREFIX.test(p))).toBe(true);
    expect(['', 'ab', 'A-B', 'ABCDEFGHI', 'A B'].some((p) => ORDER_NUMBER_PREFIX.test(p))).toBe(false);
  });
});

describe('what an order needs before it can be planned', () => {
  const door = { tuertyp: 'schieber' as const, fluegel: 'TEL2' };
  it.each([
    ['a door with its type and wings', door, 1, 240, []],
    ['no door type', { ...door, tuertyp: null }, 1, 240, ['tuer.tuertyp']],
    ['no wings code', { ...door, fluegel: ' ' }, 1, 240, ['tuer.fluegel']],
    ['neither', { tuertyp: null, fluegel: '' }, 1, 0, ['tuer.tuertyp', 'tuer.fluegel']],
    ['no drive to build: no door needed', { tuertyp: null, fluegel: '' }, 0, 120, []],
    ['nothing to plan at all', door, 1, 0, ['fertigung']],
  ] as const)('%s', (_, tuer, antriebe, minutes, gaps) => {
    expect(planningGaps({ tuer, fertigung: { antriebe } }, minutes)).toEqual(gaps);
  });
});
