import { WORK_AREAS } from '@pruefbuch/domain/schemas/capacity';
import { describe, expect, it } from 'vitest';
import { boardRows, inRow, rowCellId, targetOf } from './board-rows';

const staff = [
  { employeeId: 'a', name: 'Anna', area: 'antrieb' as const },
  { employeeId: 'b', name: 'Ben', area: 'antrieb' as const },
  { employeeId: 'c', name: 'Cem', area: 'versand' as const },
];

describe('boardRows', () => {
  it('rows per area: one per work area', () => {
    expect(boardRows('areas', staff).map((r) => [r.key, r.employee, r.first])).toEqual(
      WORK_AREAS.map((a) => [a, undefined, true]),
    );
  });
  it('rows per employee: the area’s employees in order, then nobody; an area without employees keeps that row', () => {
    const rows = boardRows('employees', staff);
    expect(rows.filter((r) => r.area === 'antrieb').map((r) => [r.employee, r.first])).toEqual([
      ['a', true],
      ['b', false],
      [null, false],
    ]);
    expect(rows.filter((r) => r.area === 'verglasen').map((r) => [r.employee, r.first])).toEqual([[null, true]]);
    expect(rows).toHaveLength(WORK_AREAS.length + staff.length);
  });
});

describe('inRow', () => {
  const [anna, , nobody] = boardRows('employees', staff).filter((r) => r.area === 'antrieb');
  const known = new Set(['a', 'b', 'c']);
  it('an employee’s row holds that employee’s slots of the area', () => {
    expect(inRow(anna as never, { area: 'antrieb', employee: 'a' }, known)).toBe(true);
    expect(inRow(anna as never, { area: 'antrieb', employee: 'b' }, known)).toBe(false);
    expect(inRow(anna as never, { area: 'versand', employee: 'a' }, known)).toBe(false);
  });
  it('"nicht zugeteilt" holds the slots of nobody, and of somebody no longer listed', () => {
    expect(inRow(nobody as never, { area: 'antrieb', employee: null }, known)).toBe(true);
    expect(inRow(nobody as never, { area: 'antrieb', employee: 'gone' }, known)).toBe(true);
    expect(inRow(nobody as never, { area: 'antrieb', employee: 'a' }, known)).toBe(false);
  });
  it('an area row holds every slot of the area', () => {
    const [area] = boardRows('areas', staff).filter((r) => r.area === 'antrieb');
    expect(inRow(area as never, { area: 'antrieb', employee: 'a' }, known)).toBe(true);
  });
});

describe('rowCellId and targetOf', () => {
  it('round-trip the day, the area and who', () => {
    for (const row of boardRows('employees', staff)) {
      expect(targetOf(rowCellId('2026-12-01', row))).toEqual({
        date: '2026-12-01',
        area: row.area,
        employee: row.employee,
      });
    }
    expect(targetOf(rowCellId('2026-12-01', { key: 'antrieb', area: 'antrieb', first: true }))).toEqual({
      date: '2026-12-01',
      area: 'antrieb',
    });
  });
});
