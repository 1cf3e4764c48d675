/**
 * The plan conflicts of orders (rules/plan-conflicts.ts, decision 050): their slots against their required time now
 * and the time their areas have on the slots' days. The month view, the required-time list and an order's required
 * time show them.
 */
import { availableOn } from '@pruefbuch/domain/rules/capacity-time';
import { type ConflictSlot, type PlanConflict, planConflicts } from '@pruefbuch/domain/rules/plan-conflicts';
import type { AreaMinutes, WorkArea } from '@pruefbuch/domain/schemas/capacity';
import type { Executor } from '../../db/client';
import { costListFieldsOf, ensureCostList } from '../costlist/costlist.repo';
import { holidaysOf } from './capacity.holidays';
import {
  ensureSettings,
  type PlanOrder,
  planOrdersByIds,
  requiredOf,
  type SlotRow,
  settingsOf,
  slotsOfOrders,
} from './capacity.repo';

/**
 * The plan conflicts of these orders (rules/plan-conflicts.ts, decision 050), by order id: their slots, their
 * required time now and the time their areas have on the slots' days.
 */
export async function conflictsOf(
  db: Executor,
  tenantId: string,
  orderIds: readonly string[],
): Promise<Map<string, PlanConflict[]>> {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return new Map();
  return conflictsOfSlots(db, tenantId, await slotsOfOrders(db, tenantId, ids));
}

/**
 * The plan conflicts of the orders of these slots (all slots of each), by order id. An order without a slot has
 * none, so only the orders with slots are read, or taken from `known` where the caller has read them already.
 */
export async function conflictsOfSlots(
  db: Executor,
  tenantId: string,
  slots: readonly SlotRow[],
  known?: readonly PlanOrder[],
): Promise<Map<string, PlanConflict[]>> {
  const out = new Map<string, PlanConflict[]>();
  if (slots.length === 0) return out;
  const planned = new Set(slots.map((x) => x.orderId));
  const [planOrders, costListRow, settingsRow] = await Promise.all([
    known ? known.filter((o) => planned.has(o.id)) : planOrdersByIds(db, tenantId, [...planned]),
    ensureCostList(db, tenantId),
    ensureSettings(db, tenantId),
  ]);
  const costList = costListFieldsOf(costListRow);
  const s = settingsOf(settingsRow);
  const dates = slots.map((x) => x.date).sort();
  const hol = await holidaysOf(s, dates[0] as string, dates[dates.length - 1] as string, 'de');
  const perDay = new Map<string, AreaMinutes>();
  const available = (date: string, area: WorkArea) => {
    let day = perDay.get(date);
    if (!day) {
      day = availableOn(date, s, hol).perArea;
      perDay.set(date, day);
    }
    return day[area];
  };
  const byOrder = new Map<string, ConflictSlot[]>();
  for (const x of slots) {
    const list = byOrder.get(x.orderId) ?? [];
    list.push({ id: x.id, date: x.date, area: x.area as WorkArea, minutes: x.minutes, finished: x.finished });
    byOrder.set(x.orderId, list);
  }
  for (const o of planOrders) {
    const conflicts = planConflicts({
      installation: o.geplanteMontage,
      slots: byOrder.get(o.id) ?? [],
      required: requiredOf(o, costList).required,
      available,
    });
    if (conflicts.length) out.set(o.id, conflicts);
  }
  return out;
}
