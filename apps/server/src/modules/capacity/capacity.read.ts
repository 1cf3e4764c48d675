/**
 * Reading capacity planning: the settings, the public holidays, the orders to plan with their
 * required and planned time, available employee time and the daily capacity of a week or month, and
 * the proposal ('Einplanen vorschlagen', nothing saved). Available time is computed in memory from the
 * settings (rules/capacity-time.ts); a month is one query for its slots with their orders' card fields.
 */

import { type Language, translate } from '@pruefbuch/domain/locales/resources';
import { proposePlan, shareOfDayLeft } from '@pruefbuch/domain/rules/capacity-proposal';
import {
  availableOn,
  datesBetween,
  employeesOn,
  monthRangeOf,
  sumAreas,
  utilisationColour,
  utilisationOf,
  weekRangeOf,
} from '@pruefbuch/domain/rules/capacity-time';
import { berlinMinutesOfDay, berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { gapKey, type PlanningGap, planningGaps } from '@pruefbuch/domain/rules/order-take-over';
import { conflictsOfSlot } from '@pruefbuch/domain/rules/plan-conflicts';
import {
  type AreaMinutes,
  type CapacityRangeReply,
  type DailyCapacity,
  type EmployeeTimeReply,
  type FederalState,
  NO_MINUTES,
  type ProposalReply,
  type RequiredTimeItem,
  type RequiredTimeReply,
  WORK_AREAS,
} from '@pruefbuch/domain/schemas/capacity';
import dayjs from 'dayjs';
import type { Executor } from '../../db/client';
import type { TenantContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { offsetOf, type Page, pageReply } from '../../platform/paging';
import { costListFieldsOf, ensureCostList } from '../costlist/costlist.repo';
import { conflictsOf, conflictsOfSlots } from './capacity.conflicts';
import { holidaysOf, stateHolidays } from './capacity.holidays';
import {
  ensureSettings,
  findPlanOrder,
  type PlanOrder,
  plannableOrders,
  plannedMinutesBetween,
  plannedOf,
  plannedSlotsBetween,
  requiredOf,
  settingsOf,
  slotsOfOrder,
  slotsOfOrders,
  toSettingsDto,
  toSlotDto,
} from './capacity.repo';

/** How far the proposal looks ahead (26 weeks). */
export const PROPOSAL_HORIZON_DAYS = 26 * 7;

/** GET capacity: the tenant's settings, created with the defaults on first read. */
export async function getSettings(ctx: TenantContext) {
  return toSettingsDto(await ensureSettings(ctx.db, ctx.tenantId));
}

/**
 * GET capacity/get/holidays?year=&bundesland=: the public holidays of the state (the saved one unless
 * another is asked for, e.g. while the settings are being changed) and the local days of that year.
 */
export async function holidays(ctx: TenantContext, year: number, bundesland?: FederalState) {
  const s = settingsOf(await ensureSettings(ctx.db, ctx.tenantId));
  const state = (await stateHolidays(bundesland ?? s.bundesland, year, ctx.lang)).map((h) => ({ ...h, local: false }));
  const local = s.lokaleFeiertage.filter((h) => h.date.startsWith(`${year}-`)).map((h) => ({ ...h, local: true }));
  return [...state, ...local].sort((a, b) => a.date.localeCompare(b.date) || Number(a.local) - Number(b.local));
}

// ---------------------------------------------------------------------------------------------
// Required time

/** What the order lacks before it can be planned (decision 049), given its required time. */
const gapsOf = (o: PlanOrder, required: AreaMinutes) => planningGaps(o, sumAreas(required));

/** 409 ORDER_NOT_PLANNABLE, one detail per missing field, each naming it in the caller's language. */
function notPlannable(lang: Language, gaps: readonly PlanningGap[]) {
  const missing = gaps.map((g) => translate(lang, gapKey(g))).join(', ');
  return new AppError(
    'ORDER_NOT_PLANNABLE',
    409,
    gaps.map((field) => ({
      field,
      key: 'errors.ORDER_NOT_PLANNABLE',
      message: 'ORDER_NOT_PLANNABLE',
      params: { missing },
    })),
  );
}

/** The order to plan (another tenant's is a 404), refused with 409 ORDER_NOT_PLANNABLE while it lacks what planning needs. */
export async function plannableOrder(db: Executor, tenantId: string, lang: Language, orderId: string) {
  const order = await findPlanOrder(db, tenantId, orderId);
  if (!order) throw notFound();
  const costList = costListFieldsOf(await ensureCostList(db, tenantId));
  const { required } = requiredOf(order, costList);
  const gaps = gapsOf(order, required);
  if (gaps.length) throw notPlannable(lang, gaps);
  return { order, required };
}

/**
 * GET capacity/get/requiredTimeList: one page of the plannable orders that need time, with required and
 * planned per area. The required time comes from each order's door configuration and the cost list, so
 * every candidate is weighed here; the planned minutes are read for the candidates the filter must see
 * ('open': all of them, to leave out the fully planned ones; 'all': the page's).
 */
export async function requiredTimeList(
  ctx: TenantContext,
  q: { filter: 'open' | 'all' | 'conflicts'; search?: string | undefined; page: number; size: number },
): Promise<Page<RequiredTimeItem>> {
  const costList = costListFieldsOf(await ensureCostList(ctx.db, ctx.tenantId));
  const candidates = await plannableOrders(ctx.db, ctx.tenantId, q.search);
  // An order waiting for its door data is listed with what it lacks; one with nothing to produce is not.
  const needing = candidates
    .map((o) => {
      const { required } = requiredOf(o, costList);
      return { o, required, gaps: gapsOf(o, required) };
    })
    .filter((x) => !x.gaps.includes('fertigung'));
  const from = offsetOf(q);
  const pageOf = <T>(all: T[]) => all.slice(from, from + q.size);
  const weighed = q.filter === 'all' ? pageOf(needing) : needing;
  // One read of their slots: the planned minutes and the conflicts both come from it.
  const slots = await slotsOfOrders(
    ctx.db,
    ctx.tenantId,
    weighed.map((x) => x.o.id),
  );
  const planned = plannedOf(slots);
  const conflicts = await conflictsOfSlots(
    ctx.db,
    ctx.tenantId,
    slots,
    weighed.map((x) => x.o),
  );
  const items = weighed.map(({ o, required, gaps }): RequiredTimeItem => {
    const p = planned.get(o.id) ?? { ...NO_MINUTES };
    return {
      orderId: o.id,
      abnr: o.abnr,
      objekt: o.objekt,
      kunde: o.kunde,
      status: o.status,
      geplanteMontage: o.geplanteMontage,
      required,
      planned: p,
      totalRequired: sumAreas(required),
      totalPlanned: sumAreas(p),
      gaps,
      conflicts: (conflicts.get(o.id) ?? []).map((c) => c.kind),
    };
  });
  if (q.filter === 'all') return pageReply(items, needing.length, q);
  if (q.filter === 'conflicts') {
    const flagged = items.filter((i) => i.conflicts.length > 0);
    return pageReply(pageOf(flagged), flagged.length, q);
  }
  const open = items.filter((i) => i.gaps.length > 0 || WORK_AREAS.some((a) => i.required[a] > i.planned[a]));
  return pageReply(pageOf(open), open.length, q);
}

/** The required-time reply of an order: its lines, required, planned and finished per area, its slots. */
export async function requiredTimeReplyOf(db: Executor, tenantId: string, orderId: string): Promise<RequiredTimeReply> {
  const order = await findPlanOrder(db, tenantId, orderId);
  if (!order) throw notFound();
  const costList = costListFieldsOf(await ensureCostList(db, tenantId));
  const { required, lines } = requiredOf(order, costList);
  const slots = await slotsOfOrder(db, tenantId, orderId);
  const planned: AreaMinutes = { ...NO_MINUTES };
  const finished: AreaMinutes = { ...NO_MINUTES };
  for (const s of slots) {
    const area = s.area as keyof AreaMinutes;
    planned[area] += s.minutes;
    if (s.finished) finished[area] += s.minutes;
  }
  const conflicts = (await conflictsOf(db, tenantId, [orderId])).get(orderId) ?? [];
  return {
    orderId,
    required,
    planned,
    finished,
    total: sumAreas(required),
    lines,
    slots: slots.map(toSlotDto),
    conflicts,
  };
}

/** GET capacity/get/requiredTime/{orderId} */
export async function requiredTime(ctx: TenantContext, orderId: string) {
  return requiredTimeReplyOf(ctx.db, ctx.tenantId, orderId);
}

// ---------------------------------------------------------------------------------------------
// Employee time and daily capacity

type Range = { from: string; to: string };
const rangeOf = (kind: 'week' | 'month', date: string): Range =>
  kind === 'week' ? weekRangeOf(date) : monthRangeOf(date);

/** getWeeklyEmployeeTime / getMonthlyEmployeeTime: available minutes per day and area, who is away, why. */
export async function employeeTime(
  ctx: TenantContext,
  kind: 'week' | 'month',
  date: string,
): Promise<EmployeeTimeReply> {
  const { from, to } = rangeOf(kind, date);
  const s = settingsOf(await ensureSettings(ctx.db, ctx.tenantId));
  const hol = await holidaysOf(s, from, to, ctx.lang);
  return {
    from,
    to,
    days: datesBetween(from, to).map((d) => ({ ...availableOn(d, s, hol), employees: employeesOn(d, s, hol) })),
  };
}

/**
 * capacityForWeekFromDate / getCapacityForMonthFromDate (SPEC §3 Daily capacity): per day the
 * available and planned minutes in total and per area, the utilisation and its colour, the planned
 * slots with their orders' card fields, and why a day has less time. Two queries (settings, slots).
 */
export async function capacityRange(
  ctx: TenantContext,
  kind: 'week' | 'month',
  date: string,
): Promise<CapacityRangeReply> {
  const { from, to } = rangeOf(kind, date);
  const [settingsRow, slots] = await Promise.all([
    ensureSettings(ctx.db, ctx.tenantId),
    plannedSlotsBetween(ctx.db, ctx.tenantId, from, to),
  ]);
  const s = settingsOf(settingsRow);
  const hol = await holidaysOf(s, from, to, ctx.lang);
  const conflicts = await conflictsOf(
    ctx.db,
    ctx.tenantId,
    slots.map((slot) => slot.orderId),
  );
  for (const slot of slots) slot.conflicts = conflictsOfSlot(conflicts.get(slot.orderId) ?? [], slot._id);
  const byDay = new Map<string, typeof slots>();
  for (const slot of slots) {
    const list = byDay.get(slot.date);
    if (list) list.push(slot);
    else byDay.set(slot.date, [slot]);
  }
  const days = datesBetween(from, to).map((d): DailyCapacity => {
    const available = availableOn(d, s, hol);
    const list = byDay.get(d) ?? [];
    const ordersTime: AreaMinutes = { ...NO_MINUTES };
    for (const slot of list) ordersTime[slot.area] += slot.minutes;
    const totalOrdersTime = sumAreas(ordersTime);
    return {
      date: d,
      totalEmployeeTime: available.total,
      totalOrdersTime,
      employeeTime: available.perArea,
      ordersTime,
      utilisation: utilisationOf(totalOrdersTime, available.total),
      colour: utilisationColour(totalOrdersTime, available.total),
      orderTimeList: list,
      notes: available.notes,
    };
  });
  return { from, to, days };
}

// ---------------------------------------------------------------------------------------------
// Proposal

/**
 * GET capacity/get/proposal/{orderId}: plans what the order still needs (required minus its finished
 * slots: saving replaces its unfinished ones) into the days from today on (today with what is left of
 * its working day), backward from the planned installation date when there is one (or asked for), else
 * forward; horizon 26 weeks. Nothing is saved (decisions 027, 048).
 */
export async function proposal(
  ctx: TenantContext,
  orderId: string,
  direction: 'backward' | 'forward' | undefined,
): Promise<ProposalReply> {
  const { order, required } = await plannableOrder(ctx.db, ctx.tenantId, ctx.lang, orderId);
  const [settingsRow, slots] = await Promise.all([
    ensureSettings(ctx.db, ctx.tenantId),
    slotsOfOrder(ctx.db, ctx.tenantId, orderId),
  ]);
  const remaining: AreaMinutes = { ...NO_MINUTES };
  for (const a of WORK_AREAS) remaining[a] = required[a];
  for (const slot of slots) if (slot.finished) remaining[slot.area as keyof AreaMinutes] -= slot.minutes;
  for (const a of WORK_AREAS) remaining[a] = Math.max(0, remaining[a]);

  const now = new Date();
  const today = berlinToday(now);
  const dir = direction ?? (order.geplanteMontage ? 'backward' : 'forward');
  const horizon = dayjs(today)
    .add(PROPOSAL_HORIZON_DAYS - 1, 'day')
    .format('YYYY-MM-DD');
  const end = order.geplanteMontage && order.geplanteMontage > horizon ? order.geplanteMontage : horizon;
  const s = settingsOf(settingsRow);
  const hol = await holidaysOf(s, today, end, ctx.lang);
  const planned = await plannedMinutesBetween(ctx.db, ctx.tenantId, today, end, orderId);
  const days = datesBetween(today, end).map((d) => ({
    date: d,
    available: availableOn(d, s, hol).perArea,
    planned: planned.get(d) ?? { ...NO_MINUTES },
  }));
  const result = proposePlan({
    remaining,
    direction: dir,
    today,
    todayShare: shareOfDayLeft(berlinMinutesOfDay(now)),
    installation: order.geplanteMontage,
    days,
  });
  const basis = slots.filter((slot) => !slot.finished).map((slot) => ({ _id: slot.id, __v: slot.version }));
  return { orderId, ...result, basis };
}
