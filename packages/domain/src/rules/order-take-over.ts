/**
 * Taking a commissioned offer over into order processing ('In Auftragsabwicklung übernehmen', decision 049):
 * which department receives the order, who its OPM is, how it is numbered, and when it can be planned.
 * SPEC §7 names the take-over, not these rules.
 *
 * **Receiving department** (`TAKE_OVER_DEPARTMENT_RULES`, the first row that holds):
 *
 * | # | the offer's divisions                                   | department | why                                               |
 * |---|---------------------------------------------------------|------------|---------------------------------------------------|
 * | 1 | spare parts or export, and nothing to install           | OPM        | material is ordered and shipped, nobody installs  |
 * | 2 | anything else (a door to build, convert or install)     | EL         | operations plans the installation and the crew    |
 *
 * The user taking over may pick any department but 'Keine Abteilung' (`TAKE_OVER_DEPARTMENTS`).
 *
 * **OPM** (`proposedOpm`): the offer's OPM; else the only OPM-department user of the tenant; else none,
 * and the take-over asks for one.
 *
 * **AB-Nr** (`formatOrderNumber`): '<prefix>-<two-digit year>-<number>', counted per tenant and calendar
 * year (Europe/Berlin) from `ORDER_NUMBER_DEFAULTS.first`, or from past the highest number of that year
 * already given by hand or imported. The prefix and the next number are set per tenant.
 *
 * **Plannable** (`planningGaps`): production can plan an order only once its required time can be
 * worked out: with a drive to build, the door type and the wings code (the drive and glazing times
 * depend on them); and at least one minute to plan at all.
 */
import { Department, type DepartmentNumber } from '../roles';
import type { DoorConfig } from '../schemas/order';

type DivisionFlags = Record<'autSchieber' | 'autDreher' | 'bau' | 'umbau' | 'export' | 'ersatzteile', boolean>;

/** The departments an order can be given at take-over: every one but 'Keine Abteilung'. */
export const TAKE_OVER_DEPARTMENTS = [Department.EL, Department.OPM, Department.KTB, Department.OFM] as const;

const installs = (a: DivisionFlags) => a.autSchieber || a.autDreher || a.bau || a.umbau;

export const TAKE_OVER_DEPARTMENT_RULES: readonly {
  when: string;
  holds: (a: DivisionFlags) => boolean;
  department: DepartmentNumber;
}[] = [
  { when: 'materialOnly', holds: (a) => (a.ersatzteile || a.export) && !installs(a), department: Department.OPM },
  { when: 'otherwise', holds: () => true, department: Department.EL },
];

/** The department proposed for the order of an offer with these divisions. */
export function proposedDepartment(abteilung: DivisionFlags): DepartmentNumber {
  return (TAKE_OVER_DEPARTMENT_RULES.find((r) => r.holds(abteilung)) ?? { department: Department.EL }).department;
}

/** The OPM proposed: the offer's, else the tenant's only OPM-department user, else none. */
export function proposedOpm(offerOpm: string | null, opmDepartmentUsers: readonly { id: string }[]): string | null {
  if (offerOpm) return offerOpm;
  return opmDepartmentUsers.length === 1 ? (opmDepartmentUsers[0]?.id ?? null) : null;
}

/** How AB-Nrs are made when a tenant has set nothing. */
export const ORDER_NUMBER_DEFAULTS = { prefix: 'AB', first: 1001 } as const;
/** A prefix: capitals and digits, as the order lists and labels show it. */
export const ORDER_NUMBER_PREFIX = /^[A-Z0-9]{1,8}$/;
/** The highest number a year can count to (numbers past it would not sort or fit the label). */
export const ORDER_NUMBER_MAX = 999_999;

/** 'AB-26-1001': the prefix, the year's last two digits and the number. */
export const formatOrderNumber = (prefix: string, year: number, n: number) =>
  `${prefix}-${String(year % 100).padStart(2, '0')}-${n}`;

/** The number of an AB-Nr of this prefix and year ('AB-26-1026' → 1026), else null. */
export function orderNumberOf(abnr: string, prefix: string, year: number): number | null {
  const head = formatOrderNumber(prefix, year, 0).slice(0, -1);
  if (!abnr.startsWith(head)) return null;
  const rest = abnr.slice(head.length);
  return /^\d{1,6}$/.test(rest) ? Number(rest) : null;
}

/** What an order can lack for planning, by the path of its field. */
export const PLANNING_GAPS = ['tuer.tuertyp', 'tuer.fluegel', 'fertigung'] as const;
export type PlanningGap = (typeof PLANNING_GAPS)[number];
/** The i18n key of a gap's name ('capacity.gaps.tuertyp'). */
export const gapKey = (gap: PlanningGap) => `capacity.gaps.${gap.split('.').pop()}`;

/**
 * What an order lacks before it can be planned (empty when it can): the fields, in the order the form
 * shows them. `requiredMinutes` is the order's required time over all work areas.
 */
export function planningGaps(
  order: { tuer: Pick<DoorConfig, 'tuertyp' | 'fluegel'>; fertigung: { antriebe: number } },
  requiredMinutes: number,
): PlanningGap[] {
  const gaps: PlanningGap[] = [];
  if (order.fertigung.antriebe > 0) {
    if (!order.tuer.tuertyp) gaps.push('tuer.tuertyp');
    if (!order.tuer.fluegel.trim()) gaps.push('tuer.fluegel');
  }
  if (gaps.length === 0 && requiredMinutes <= 0) gaps.push('fertigung');
  return gaps;
}
