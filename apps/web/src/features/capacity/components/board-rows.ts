import { WORK_AREAS, type WorkArea } from '@pruefbuch/domain/schemas/capacity';

/**
 * A row of the week board (issue 31 item 4): a work area, or one employee of it, or the area's slots nobody is
 * assigned to yet. `first` marks the first row of an area (it carries the area's caption and totals).
 */
export type BoardRow = {
  key: string;
  area: WorkArea;
  /** Undefined: the whole area (rows per area). null: nobody assigned. A string: that employee's _id. */
  employee?: string | null;
  name?: string;
  first: boolean;
};

export type RowsMode = 'areas' | 'employees';

/**
 * The rows of the board: one per work area, or per area its active employees (in the settings' order, as the
 * week's employee time lists them) followed by 'Nicht zugeteilt'. An area without employees keeps that row only.
 */
export function boardRows(mode: RowsMode, staff: readonly { employeeId: string; name: string; area: WorkArea }[]) {
  if (mode === 'areas') return WORK_AREAS.map((area): BoardRow => ({ key: area, area, first: true }));
  return WORK_AREAS.flatMap((area): BoardRow[] => {
    const people = staff.filter((e) => e.area === area);
    return [
      ...people.map((e, i) => ({
        key: `${area}|${e.employeeId}`,
        area,
        employee: e.employeeId,
        name: e.name,
        first: i === 0,
      })),
      { key: `${area}|`, area, employee: null, first: people.length === 0 },
    ];
  });
}

/** Whether a slot belongs in a row: its area, and in the rows per employee its employee (or nobody known). */
export function inRow(
  row: BoardRow,
  slot: { area: WorkArea; employee: string | null },
  known: ReadonlySet<string>,
): boolean {
  if (slot.area !== row.area) return false;
  if (row.employee === undefined) return true;
  if (row.employee === null) return slot.employee === null || !known.has(slot.employee);
  return slot.employee === row.employee;
}

/** The drop target's id: the day, the area and (rows per employee) who; parsed back by targetOf. */
export const rowCellId = (date: string, row: BoardRow) =>
  row.employee === undefined ? `${date}|${row.area}` : `${date}|${row.area}|${row.employee ?? ''}`;

export function targetOf(id: string | number): { date: string; area: WorkArea; employee?: string | null } {
  const [date = '', area = '', ...rest] = String(id).split('|');
  const base = { date, area: area as WorkArea };
  return rest.length === 0 ? base : { ...base, employee: rest.join('|') || null };
}
