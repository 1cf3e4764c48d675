/**
 * The status flow of an order (SPEC §4 Order status; the transitions are not given there: decision 023).
 *
 * Forward, an order goes CREATED → AKT_KW_VKID (sales set the installation week) → AKT_KW (the
 * operations management confirmed it) → MONTAGE → MONTAGE_ABGESCHLOSSEN, then, when a civil
 * acceptance (Zivi) is needed, ZIVI_BESTELLT → ZIVI_ERLEDIGT (or ZIVI_MANGEL and, once repaired,
 * ZIVI_ERLEDIGT), and last VERRECHNET. Without a civil acceptance MONTAGE_ABGESCHLOSSEN goes
 * straight to VERRECHNET. A step back is allowed where real work moves back: a week that slips,
 * an installation that is postponed, a re-inspection after a defect, an invoice cancelled.
 *
 * | from                  | to                    | needs                                             | who            |
 * |-----------------------|-----------------------|---------------------------------------------------|----------------|
 * | CREATED               | AKT_KW_VKID           | planned installation date and sales' KW (vkid)    | office         |
 * | AKT_KW_VKID           | AKT_KW                | the operations' KW (el.akt_kw)                    | office         |
 * | AKT_KW_VKID           | CREATED (back)        |                                                   | office         |
 * | AKT_KW                | MONTAGE               | the installation date (el.montagedatum)           | office, field  |
 * | AKT_KW                | AKT_KW_VKID (back)    |                                                   | office         |
 * | MONTAGE               | MONTAGE_ABGESCHLOSSEN | an installation date that is today or past        | office, field  |
 * | MONTAGE               | AKT_KW (back)         |                                                   | office, field  |
 * | MONTAGE_ABGESCHLOSSEN | ZIVI_BESTELLT         | a civil acceptance is needed (vkid.zivi)          | office         |
 * | MONTAGE_ABGESCHLOSSEN | VERRECHNET            | no civil acceptance needed, and billed            | billing        |
 * | MONTAGE_ABGESCHLOSSEN | MONTAGE (back)        |                                                   | office, field  |
 * | ZIVI_BESTELLT         | ZIVI_ERLEDIGT         |                                                   | office         |
 * | ZIVI_BESTELLT         | ZIVI_MANGEL           |                                                   | office         |
 * | ZIVI_MANGEL           | ZIVI_ERLEDIGT         |                                                   | office         |
 * | ZIVI_MANGEL           | ZIVI_BESTELLT (back)  | a re-inspection is ordered                        | office         |
 * | ZIVI_ERLEDIGT         | VERRECHNET            | billed                                            | billing        |
 * | VERRECHNET            | the step before (back)| an invoice cancelled                              | admin          |
 *
 * office: admin, list admin, standard, project, project only; field: service technician, production
 * lead; billing: admin, list admin, standard.
 */
import { Role, type RoleNumber } from '../roles';

export const ORDER_STATUSES = [
  'CREATED',
  'AKT_KW_VKID',
  'AKT_KW',
  'MONTAGE',
  'MONTAGE_ABGESCHLOSSEN',
  'ZIVI_BESTELLT',
  'ZIVI_MANGEL',
  'ZIVI_ERLEDIGT',
  'VERRECHNET',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const R = Role;
const OFFICE: readonly RoleNumber[] = [
  R.ADMIN_ROLE,
  R.LIST_ADMIN_ROLE,
  R.STANDARD_ROLE,
  R.PROJECT_ROLE,
  R.PROJECT_ONLY_ROLE,
];
const FIELD: readonly RoleNumber[] = [...OFFICE, R.ROLE_SERVICE_TECHNIKER, R.ROLE_LEITER_FERTIGUNG];
const BILLING: readonly RoleNumber[] = [R.ADMIN_ROLE, R.LIST_ADMIN_ROLE, R.STANDARD_ROLE];
const ADMIN: readonly RoleNumber[] = [R.ADMIN_ROLE];

/** What a step reads of the order. */
export interface OrderStepInput {
  vkid: { geplante_montage_date: string | null; akt_kw: string; zivi: boolean; verrechnet: boolean };
  el: { akt_kw: string; montagedatum: string | null };
}

/** A missing field of a step: its path in the order and the reason's i18n key. */
export interface StepIssue {
  field: string;
  key: string;
}

export interface OrderTransition {
  from: OrderStatus;
  to: OrderStatus;
  back: boolean;
  roles: readonly RoleNumber[];
  /** The fields the step needs on `today` (Europe/Berlin); empty when it may be taken. */
  needs: (o: OrderStepInput, today: string) => StepIssue[];
}

const need = (ok: boolean, field: string, key = 'validation.order.stepNeeds'): StepIssue[] =>
  ok ? [] : [{ field, key }];
const none = () => [];
const step = (
  from: OrderStatus,
  to: OrderStatus,
  roles: readonly RoleNumber[],
  needs: OrderTransition['needs'] = none,
  back = false,
): OrderTransition => ({ from, to, roles, needs, back });

export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  step('CREATED', 'AKT_KW_VKID', OFFICE, (o) => [
    ...need(Boolean(o.vkid.geplante_montage_date), 'vkid.geplante_montage_date'),
    ...need(Boolean(o.vkid.akt_kw), 'vkid.akt_kw'),
  ]),
  step('AKT_KW_VKID', 'AKT_KW', OFFICE, (o) => need(Boolean(o.el.akt_kw), 'el.akt_kw')),
  step('AKT_KW_VKID', 'CREATED', OFFICE, none, true),
  step('AKT_KW', 'MONTAGE', FIELD, (o) => need(Boolean(o.el.montagedatum), 'el.montagedatum')),
  step('AKT_KW', 'AKT_KW_VKID', OFFICE, none, true),
  // Installed means the installation day has come: a date in the future is a plan, not a fact.
  step('MONTAGE', 'MONTAGE_ABGESCHLOSSEN', FIELD, (o, today) =>
    o.el.montagedatum
      ? need(o.el.montagedatum <= today, 'el.montagedatum', 'validation.order.montageFuture')
      : need(false, 'el.montagedatum'),
  ),
  step('MONTAGE', 'AKT_KW', FIELD, none, true),
  step('MONTAGE_ABGESCHLOSSEN', 'ZIVI_BESTELLT', OFFICE, (o) =>
    need(o.vkid.zivi, 'vkid.zivi', 'validation.order.ziviNotNeeded'),
  ),
  step('MONTAGE_ABGESCHLOSSEN', 'VERRECHNET', BILLING, (o) => [
    ...need(!o.vkid.zivi, 'vkid.zivi', 'validation.order.ziviFirst'),
    ...need(o.vkid.verrechnet, 'vkid.verrechnet'),
  ]),
  step('MONTAGE_ABGESCHLOSSEN', 'MONTAGE', FIELD, none, true),
  step('ZIVI_BESTELLT', 'ZIVI_ERLEDIGT', OFFICE),
  step('ZIVI_BESTELLT', 'ZIVI_MANGEL', OFFICE),
  step('ZIVI_MANGEL', 'ZIVI_ERLEDIGT', OFFICE),
  step('ZIVI_MANGEL', 'ZIVI_BESTELLT', OFFICE, none, true),
  step('ZIVI_ERLEDIGT', 'VERRECHNET', BILLING, (o) => need(o.vkid.verrechnet, 'vkid.verrechnet')),
  step('VERRECHNET', 'ZIVI_ERLEDIGT', ADMIN, (o) => need(o.vkid.zivi, 'vkid.zivi'), true),
  step('VERRECHNET', 'MONTAGE_ABGESCHLOSSEN', ADMIN, (o) => need(!o.vkid.zivi, 'vkid.zivi'), true),
];

/** The steps out of a status, as the order screen offers them (forward first). */
export const stepsFrom = (from: OrderStatus) =>
  ORDER_TRANSITIONS.filter((t) => t.from === from).sort((a, b) => Number(a.back) - Number(b.back));

export type StepCheck =
  | { ok: true; transition: OrderTransition }
  | { ok: false; reason: 'unknown' | 'role' | 'fields'; issues: StepIssue[] };

/** Whether a user of `role` may move the order from its status to `to`, and what is missing if not. */
export function checkStep(
  from: OrderStatus,
  to: OrderStatus,
  role: RoleNumber,
  order: OrderStepInput,
  today: string,
): StepCheck {
  const transition = ORDER_TRANSITIONS.find((t) => t.from === from && t.to === to);
  if (!transition) return { ok: false, reason: 'unknown', issues: [] };
  if (!transition.roles.includes(role)) return { ok: false, reason: 'role', issues: [] };
  const issues = transition.needs(order, today);
  return issues.length ? { ok: false, reason: 'fields', issues } : { ok: true, transition };
}

/** The position of a status in the flow (ZIVI_MANGEL and ZIVI_BESTELLT share one), for sorting and progress. */
export const statusRank = (s: OrderStatus) => ORDER_STATUSES.indexOf(s);
