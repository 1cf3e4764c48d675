/**
 * What each role may change, field by field (docs/decisions/043-field-permissions.md). The API's
 * access groups (access.ts) say who may write an order or an offer at all; this table narrows a few
 * fields of them to the roles whose work they are. A write that changes such a field for another role
 * is refused (403 FIELD_NOT_PERMITTED naming the field); sending the stored value again is no change,
 * so forms send whole objects. The forms show these fields read-only to the other roles.
 *
 * | entity | group       | fields                                                                        | roles                                      |
 * |--------|-------------|-------------------------------------------------------------------------------|--------------------------------------------|
 * | order  | billing     | vkid.betrag, vkid.vergabepreis, vkid.vorverrechnet, vkid.verrechnet,          | billing: who takes the step to VERRECHNET  |
 * |        |             | vkid.verrechneteMaw, maw[].verrechnet                                         | (admin, list admin, standard)              |
 * | offer  | billing     | ersatzteile.freigabeZurVerrechnung, ersatzteile.invoiceValue                  | billing (as above)                         |
 * | offer  | dataEconomy | deleteFilesDate                                                               | office: admin, list admin, standard,       |
 * |        |             |                                                                               | project, project only                      |
 *
 * A field in no row may be changed by every role of the entity's write access. deleteFilesDate has a
 * second rule besides the table: only a day after today (Berlin) unless the caller is an admin.
 */
import { Role, type RoleNumber } from '../roles';
import { ORDER_TRANSITIONS } from './order-status';

export const FIELD_ENTITIES = ['order', 'offer'] as const;
export type FieldEntity = (typeof FIELD_ENTITIES)[number];

export interface FieldGroup {
  entity: FieldEntity;
  group: 'billing' | 'dataEconomy';
  /** Dotted paths as the API and the forms name them; `list[].field` is that field of every entry of the list. */
  fields: readonly string[];
  /** The roles that may change these fields. */
  roles: readonly RoleNumber[];
}

const R = Role;

/** The billing roles: those who may take an order's step to VERRECHNET (rules/order-status.ts). */
export const BILLING_ROLES: readonly RoleNumber[] = [
  ...new Set(ORDER_TRANSITIONS.filter((t) => t.to === 'VERRECHNET' && !t.back).flatMap((t) => t.roles)),
];

/** The office roles that write the offers (decision 022: technicians and the warehouse pass requests on). */
const OFFER_OFFICE: readonly RoleNumber[] = [
  R.ADMIN_ROLE,
  R.LIST_ADMIN_ROLE,
  R.STANDARD_ROLE,
  R.PROJECT_ROLE,
  R.PROJECT_ONLY_ROLE,
];

export const FIELD_GROUPS: readonly FieldGroup[] = [
  {
    entity: 'order',
    group: 'billing',
    fields: [
      'vkid.betrag',
      'vkid.vergabepreis',
      'vkid.vorverrechnet',
      'vkid.verrechnet',
      'vkid.verrechneteMaw',
      'maw[].verrechnet',
    ],
    roles: BILLING_ROLES,
  },
  {
    entity: 'offer',
    group: 'billing',
    fields: ['ersatzteile.freigabeZurVerrechnung', 'ersatzteile.invoiceValue'],
    roles: BILLING_ROLES,
  },
  { entity: 'offer', group: 'dataEconomy', fields: ['deleteFilesDate'], roles: OFFER_OFFICE },
];

/** The groups of an entity whose fields `role` may not change. */
export const lockedGroups = (entity: FieldEntity, role: RoleNumber) =>
  FIELD_GROUPS.filter((g) => g.entity === entity && !g.roles.includes(role));

/**
 * The group that keeps `role` from changing the field at `path` of the entity ('vkid.betrag'; an entry of
 * a list as 'maw.3.verrechnet' or 'maw[].verrechnet'), or undefined when the role may change it.
 */
export function lockedGroupOf(entity: FieldEntity, path: string, role: RoleNumber): FieldGroup | undefined {
  const generic = path.replace(/\.\d+\./g, '[].');
  return lockedGroups(entity, role).find((g) => g.fields.includes(generic));
}

/** Whether `role` may change the field at `path` of the entity. A field in no group is free. */
export const mayChangeField = (entity: FieldEntity, path: string, role: RoleNumber) =>
  lockedGroupOf(entity, path, role) === undefined;

const valueAt = (obj: unknown, path: readonly string[]): unknown => {
  let node = obj;
  for (const key of path) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  return node ?? null;
};
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** JSON with the keys sorted, so an entry read back from the database compares equal to the one sent. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : x,
  );

/**
 * `list[].field` (the billed flag of an order's extra-effort entries, which carry no id): the entries
 * with the field set are frozen for other roles. Each entry after with the field set must match one
 * such entry before (as a whole, in any order), else it is named by its index ('maw.2.verrechnet');
 * an entry with the field set that is gone or changed names the list ('maw'). Entries without the
 * field set may be added, changed, moved and removed.
 */
function listChanges(path: string, before: unknown, after: unknown): string[] {
  const [list = '', field = ''] = path.split('[].');
  const entries = (o: unknown) => {
    const v = valueAt(o, list.split('.'));
    return Array.isArray(v) ? (v as Record<string, unknown>[]) : [];
  };
  const isSet = (e: Record<string, unknown>) => !(e[field] === null || e[field] === undefined || e[field] === false);
  const remaining = new Map<string, number>();
  for (const e of entries(before).filter(isSet)) remaining.set(canonical(e), (remaining.get(canonical(e)) ?? 0) + 1);
  const changed: string[] = [];
  entries(after).forEach((e, i) => {
    if (!isSet(e)) return;
    const left = remaining.get(canonical(e)) ?? 0;
    if (left > 0) remaining.set(canonical(e), left - 1);
    else changed.push(`${list}.${i}.${field}`);
  });
  return [...remaining.values()].some((n) => n > 0) ? [...changed, list] : changed;
}

/**
 * The fields a write by `role` changes that the role may not change, as paths the reply names
 * ('vkid.betrag'). `before` is the stored entity (for a create: the defaults), `after` what it would
 * become. Empty: the write may go ahead.
 */
export function forbiddenChanges(entity: FieldEntity, role: RoleNumber, before: unknown, after: unknown): string[] {
  return lockedGroups(entity, role).flatMap((g) =>
    g.fields.flatMap((path) => {
      if (path.includes('[].')) return listChanges(path, before, after);
      const keys = path.split('.');
      return same(valueAt(before, keys), valueAt(after, keys)) ? [] : [path];
    }),
  );
}

/**
 * deleteFilesDate set anew (changed to a day) must lie after `today` (YYYY-MM-DD, Berlin), so the
 * daily purge never removes attachments the day they are marked; admins may set any day. Returns the
 * i18n key of the reason, or null when the value may be saved. Clearing it or sending it unchanged is fine.
 */
export function deleteFilesDateIssue(
  before: string | null,
  after: string | null,
  role: RoleNumber,
  today: string,
): 'validation.offer.deleteFilesFuture' | null {
  if (after === null || after === before || role === R.ADMIN_ROLE) return null;
  return after > today ? null : 'validation.offer.deleteFilesFuture';
}
