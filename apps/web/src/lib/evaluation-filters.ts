/**
 * The filters both evaluations (offers, operations) keep in the address (?from=&to=&department=): the
 * range (default: the last 12 months, this one included) and the department.
 */
import { DEPARTMENT_NUMBERS, Department, type DepartmentName } from '@pruefbuch/domain/roles';
import { evaluationMaxTo } from '@pruefbuch/domain/schemas/offer';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { DateRange } from '@/lib/date-range';

dayjs.extend(customParseFormat);

const ISO = 'YYYY-MM-DD';

/**
 * A change of the range as address parameters: both bounds are written, so that a range once changed stays
 * as shown when the default moves on. The other bound is read from the parameters as they will be (`current`,
 * a change not rendered yet included): from the last render, typing both bounds quickly put the first back.
 */
export const rangeChange =
  (fallback: DateRange, changes: { from?: string; to?: string; department?: string | null }) =>
  (current: URLSearchParams) => ({
    from: current.get('from') ?? fallback.from,
    to: current.get('to') ?? fallback.to,
    ...changes,
  });

const validDay = (v: string | null) => !!v && dayjs(v, ISO, true).isValid();

export type RangeProblem = 'invalid' | 'tooLong' | null;

/** What is wrong with the asked range: a malformed or reversed one, or one longer than the server answers. */
export function rangeProblem(range: DateRange): RangeProblem {
  if (!validDay(range.from) || !validDay(range.to) || range.to < range.from) return 'invalid';
  if (range.to > evaluationMaxTo(range.from)) return 'tooLong';
  return null;
}

/** The department of the address: one of SPEC §3 Departments, or undefined (all). */
export function departmentOf(value: string | null): number | undefined {
  const n = Number(value);
  return value && (DEPARTMENT_NUMBERS as number[]).includes(n) ? n : undefined;
}

/** The departments in their order, with the key of their name. */
export const DEPARTMENTS = (Object.entries(Department) as [DepartmentName, number][]).map(([name, value]) => ({
  value,
  label: `lookups.departments.${name}`,
}));
