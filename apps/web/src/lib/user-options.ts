import { Department } from '@pruefbuch/domain/roles';
import type { OfferUser } from '@pruefbuch/domain/schemas/offer';
import type { TFunction } from 'i18next';

const DEPARTMENT_NAME = Object.fromEntries(Object.entries(Department).map(([name, value]) => [value, name])) as Record<
  number,
  keyof typeof Department
>;

/** The name of a department number in the user's language. */
export const departmentLabel = (t: TFunction, department: number) => {
  const name = DEPARTMENT_NAME[department];
  return name ? t(`lookups.departments.${name}`) : String(department);
};

export const departmentOptions = (t: TFunction) =>
  Object.entries(Department).map(([name, value]) => ({
    value: String(value),
    label: t(`lookups.departments.${name}`),
  }));

export const userLabel = (u: Pick<OfferUser, 'name' | 'abbreviation'>) =>
  u.abbreviation ? `${u.name} (${u.abbreviation})` : u.name;

/**
 * The users of a select, grouped by department; the department that usually takes the role comes first
 * (OFM for the offer manager, OPM for the order manager, KTB for the KTB).
 */
export function userOptions(t: TFunction, users: readonly OfferUser[], first?: number) {
  const departments = [...new Set(users.map((u) => u.department))].sort((a, b) =>
    a === first ? -1 : b === first ? 1 : a - b,
  );
  return departments.map((department) => ({
    group: departmentLabel(t, department),
    items: users
      .filter((u) => u.department === department)
      .map((u) => ({ value: u._id, label: userLabel(u) }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  }));
}
