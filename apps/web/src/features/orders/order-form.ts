/** Form values of the order screen, the weeks offered, and what a step still needs of the typed values. */

import type { RoleNumber } from '@pruefbuch/domain/roles';
import { type OrderStatus, type OrderStepInput, stepsFrom } from '@pruefbuch/domain/rules/order-status';
import { orderMinimumIssues } from '@pruefbuch/domain/rules/record-minimum';
import {
  CONTACT_BLOCKS,
  type Order,
  type OrderFields,
  type OrderUpdate,
  orderFieldsSchema,
  orderUpdateSchema,
} from '@pruefbuch/domain/schemas/order';
import { z } from 'zod';

export type OrderValues = OrderFields & { __v: number };

/** The fields as the API takes them, and what decision 028 asks of a saved order, as errors at their fields. */
export const orderFormSchema = orderFieldsSchema.extend({ __v: z.number().int().min(0) }).superRefine((values, ctx) => {
  for (const issue of orderMinimumIssues(values))
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.key });
});

export function orderToValues(o: Order): OrderValues {
  const { ampel: _va, ...vkid } = o.vkid;
  const { ampel: _ea, ...el } = o.el;
  const contacts = Object.fromEntries(CONTACT_BLOCKS.map((b) => [b, { ...o[b] }])) as Pick<
    OrderFields,
    (typeof CONTACT_BLOCKS)[number]
  >;
  return {
    objekt: o.objekt,
    tp: o.tp,
    abnr: o.abnr,
    csnr: o.csnr,
    objektdaten: o.objektdaten,
    objektnummer: o.objektnummer,
    kunde: o.kunde,
    opmUser: o.opmUser,
    active: o.active,
    antriebe: o.antriebe,
    antriebeOther: o.antriebeOther,
    bemerkungen: o.bemerkungen,
    anzahl_bemerkungen_bei_uebergabe: o.anzahl_bemerkungen_bei_uebergabe,
    leistungsart: { ...o.leistungsart },
    abteilung: { ...o.abteilung },
    ...contacts,
    vkid,
    el,
    logistik: o.logistik.map((d) => ({ ...d })),
    maw: o.maw.map((m) => ({ ...m })),
    tuer: { ...o.tuer, komponenten: [...o.tuer.komponenten] },
    fertigung: { ...o.fertigung },
    __v: o.__v,
  };
}

/** The body of PUT: every field and the version read. */
export const toUpdateBody = (values: OrderValues): OrderUpdate => orderUpdateSchema.parse(values);

export interface StepOption {
  to: OrderStatus;
  back: boolean;
  /** The fields (paths) the typed values still lack for this step. */
  missing: string[];
  /** Reasons beyond a field left empty (i18n keys), e.g. an installation date still ahead. */
  reasons: string[];
  /** A forward step the user's role may not take: the roles that may (so the user knows whom to ask). */
  onlyFor: readonly RoleNumber[] | null;
}

/**
 * The steps out of the status a user of `role` may take, each with the fields it still needs on `today`, and the
 * forward steps of other roles, naming who may take them. Whether a civil acceptance is needed (vkid.zivi) picks
 * the branch of the flow rather than a field to fill: a step of the other branch is left out, and shows once the
 * switch is turned.
 */
export function stepOptions(
  status: OrderStatus,
  role: RoleNumber,
  values: OrderStepInput,
  today: string,
): StepOption[] {
  return stepsFrom(status)
    .filter((t) => t.roles.includes(role) || !t.back)
    .map((t) => {
      const issues = t.needs(values, today);
      const missing = issues.map((i) => i.field);
      const reasons = issues.map((i) => i.key).filter((k) => k !== STEP_NEEDS);
      return { to: t.to, back: t.back, missing, reasons, onlyFor: t.roles.includes(role) ? null : t.roles };
    })
    .filter((s) => !s.missing.includes(BRANCH_FIELD));
}

const BRANCH_FIELD = 'vkid.zivi';
const STEP_NEEDS = 'validation.order.stepNeeds';
