/**
 * 'Woche ausgleichen' (issue 31 item 2, decision 051): a planner picks a week whose work areas are
 * over their time on some days and gets a proposal that moves open slots to the nearest days with
 * free time, never breaking the step order (ROUTING) or an installation date. Pure: the server
 * passes the days (available and planned minutes per area), the orders with slots in the week and
 * all their slots; nothing is saved.
 *
 * | rule        | what it says                                                                                  |
 * |-------------|-----------------------------------------------------------------------------------------------|
 * | overloaded  | a (day, area) of the week with more planned than available minutes, from today on; days before |
 * |             | today are history and stay as they are                                                         |
 * | order       | days in date order, areas in the order of WORK_AREAS                                            |
 * | candidates  | the open slots of that day and area (finished ones stay); the order with the most room first:  |
 * |             | no installation date, then the latest one; then the larger slot; then AB-Nr and slot id          |
 * | amount      | a slot not larger than the excess moves whole; a larger one gives the excess (at least          |
 * |             | SLOT_MIN_MINUTES) and keeps the rest, unless the rest would be shorter than SLOT_MIN_MINUTES:  |
 * |             | then it moves whole                                                                             |
 * | targets     | from tomorrow on (today may be running), at most LEVEL_REACH_DAYS calendar days from the slot's  |
 * |             | day either way, not the slot's day, with at least `amount` free minutes of the area after the   |
 * |             | moves before it                                                                                 |
 * | step order  | not before the last day of the order's previous step (with slots) plus this step's gap, not     |
 * |             | after the first day of its next step (with slots) less the next step's gap; 'sonstiges' is free |
 * | installation| before the order's planned installation date                                                   |
 * | nearest     | the allowed target nearest to the slot's day; of two as near, the earlier (it keeps the          |
 * |             | installation date safer)                                                                        |
 * | stuck       | when the day stays over, every slot of it that did not move is named with its reason:           |
 * |             | finished, noRoom (no day in reach has room), installation (only days on or after the            |
 * |             | installation date have room), stepOrder (days with room would break the step order)             |
 *
 * The result names the moves in the order they were found, the stuck slots, and per day (the week's
 * days and every target outside it) the minutes before and after, in total and per area.
 */
import { type AreaMinutes, WORK_AREAS, type WorkArea } from '../schemas/capacity';
import { LEVEL_STUCK_REASONS, type LevelStuckReason } from '../schemas/capacity-levelling';
import { addDays } from './calendar-week';
import { ROUTING, SLOT_MIN_MINUTES } from './capacity-proposal';
import { sumAreas, utilisationOf } from './capacity-time';

/** How far a slot may move from its day, either way, in calendar days. */
export const LEVEL_REACH_DAYS = 14;

export { LEVEL_STUCK_REASONS, type LevelStuckReason };

export type LevelSlot = {
  id: string;
  version: number;
  orderId: string;
  date: string;
  area: WorkArea;
  minutes: number;
  finished: boolean;
};

export type LevelOrder = {
  id: string;
  abnr: string;
  /** The planned installation date, or null. */
  installation: string | null;
  /** All the order's slots, on any day. */
  slots: readonly LevelSlot[];
};

export type LevelDay = { date: string; available: AreaMinutes; planned: AreaMinutes };

export type LevelInput = {
  /** Monday and Sunday of the week to level. */
  from: string;
  to: string;
  today: string;
  /** Consecutive days covering at least the week and LEVEL_REACH_DAYS around it (the server's window). */
  days: readonly LevelDay[];
  /** The orders with slots in the week. */
  orders: readonly LevelOrder[];
};

export type LevelMove = {
  slotId: string;
  version: number;
  orderId: string;
  abnr: string;
  area: WorkArea;
  from: string;
  to: string;
  /** The minutes moved; less than the slot's when it is split. */
  minutes: number;
  /** The slot's minutes before the move. */
  slotMinutes: number;
};

export type LevelStuck = {
  slotId: string;
  orderId: string;
  abnr: string;
  area: WorkArea;
  date: string;
  minutes: number;
  reason: LevelStuckReason;
};

export type LevelDaySummary = {
  date: string;
  available: number;
  before: number;
  after: number;
  utilisationBefore: number | null;
  utilisationAfter: number | null;
  /** The areas whose minutes change that day, or that are over before or after. */
  areas: { area: WorkArea; available: number; before: number; after: number }[];
};

export type LevelResult = {
  from: string;
  to: string;
  moves: LevelMove[];
  stuck: LevelStuck[];
  days: LevelDaySummary[];
};

/** The minutes a slot gives to bring its day down by `over` (the 'amount' row). */
export function moveAmount(slotMinutes: number, over: number): number {
  if (slotMinutes <= over) return slotMinutes;
  const part = Math.max(over, SLOT_MIN_MINUTES);
  return slotMinutes - part < SLOT_MIN_MINUTES ? slotMinutes : part;
}

/** The candidates' order: most room before the installation first, then larger, then AB-Nr and id. */
function byRoom(a: { order: LevelOrder; slot: LevelSlot }, b: { order: LevelOrder; slot: LevelSlot }): number {
  const ia = a.order.installation ?? '9999-12-31';
  const ib = b.order.installation ?? '9999-12-31';
  if (ia !== ib) return ia < ib ? 1 : -1;
  if (a.slot.minutes !== b.slot.minutes) return b.slot.minutes - a.slot.minutes;
  return a.order.abnr.localeCompare(b.order.abnr) || a.slot.id.localeCompare(b.slot.id);
}

/**
 * The days a slot of `area` may lie on within its order's step order: [earliest, latest] (either may be
 * null: unbounded). `slots` are the order's slots as the levelling has moved them so far.
 */
export function stepBounds(
  slots: readonly { id: string; date: string; area: WorkArea }[],
  area: WorkArea,
): { earliest: string | null; latest: string | null } {
  const k = ROUTING.findIndex((s) => s.area === area);
  if (k < 0) return { earliest: null, latest: null };
  const datesOf = (a: WorkArea) =>
    slots
      .filter((s) => s.area === a)
      .map((s) => s.date)
      .sort();
  let earliest: string | null = null;
  for (let j = k - 1; j >= 0; j--) {
    const last = datesOf((ROUTING[j] as (typeof ROUTING)[number]).area).at(-1);
    if (last) {
      earliest = addDays(last, (ROUTING[k] as (typeof ROUTING)[number]).gapDays);
      break;
    }
  }
  let latest: string | null = null;
  for (let j = k + 1; j < ROUTING.length; j++) {
    const step = ROUTING[j] as (typeof ROUTING)[number];
    const first = datesOf(step.area)[0];
    if (first) {
      latest = addDays(first, -step.gapDays);
      break;
    }
  }
  return { earliest, latest };
}

export function levelWeek(input: LevelInput): LevelResult {
  const { from, to, today } = input;
  const tomorrow = addDays(today, 1);
  const byDate = new Map(input.days.map((d) => [d.date, d]));
  // The days are consecutive: a day's neighbours by index, not by date arithmetic (thousands per week).
  const indexOf = new Map(input.days.map((d, i) => [d.date, i]));
  const planned = new Map(input.days.map((d) => [d.date, { ...d.planned }]));
  const before = new Map(input.days.map((d) => [d.date, { ...d.planned }]));
  // The orders' slots as moved so far (a split adds the moved part as a slot of its own).
  const slotsOf = new Map(input.orders.map((o) => [o.id, o.slots.map((s) => ({ ...s }))]));
  // The slots by day and area, kept up to date as they move.
  type Placed = { order: LevelOrder; slot: LevelSlot };
  const placed = new Map<string, Placed[]>();
  const place = (p: Placed) => {
    const key = `${p.slot.date}|${p.slot.area}`;
    const list = placed.get(key);
    if (list) list.push(p);
    else placed.set(key, [p]);
  };
  for (const order of input.orders) for (const slot of slotsOf.get(order.id) ?? []) place({ order, slot });
  const moves: LevelMove[] = [];
  const stuck: LevelStuck[] = [];
  const touched = new Set<string>();

  const free = (date: string, area: WorkArea) => {
    const day = byDate.get(date);
    return day ? day.available[area] - (planned.get(date) as AreaMinutes)[area] : 0;
  };

  /** The nearest allowed target day for `amount` minutes of the slot, or why there is none. */
  const targetOf = (
    order: LevelOrder,
    slot: LevelSlot,
    amount: number,
  ): { date: string; reason: null } | { date: null; reason: LevelStuckReason } => {
    const { earliest, latest } = stepBounds(slotsOf.get(order.id) ?? [], slot.area);
    let roomAnywhere = false;
    let roomInStepOrder = false;
    const at = indexOf.get(slot.date) ?? Number.NaN;
    for (let distance = 1; distance <= LEVEL_REACH_DAYS; distance++) {
      for (const i of [at - distance, at + distance]) {
        const date = input.days[i]?.date;
        if (date === undefined || date < tomorrow || free(date, slot.area) < amount) continue;
        roomAnywhere = true;
        if ((earliest && date < earliest) || (latest && date > latest)) continue;
        roomInStepOrder = true;
        if (order.installation && date >= order.installation) continue;
        return { date, reason: null };
      }
    }
    return { date: null, reason: !roomAnywhere ? 'noRoom' : roomInStepOrder ? 'installation' : 'stepOrder' };
  };

  const weekDays = input.days.filter((d) => d.date >= from && d.date <= to && d.date >= today).map((d) => d.date);
  for (const date of weekDays) {
    for (const area of WORK_AREAS) {
      const day = byDate.get(date) as LevelDay;
      const now = planned.get(date) as AreaMinutes;
      let over = now[area] - day.available[area];
      if (over <= 0) continue;
      const here = [...(placed.get(`${date}|${area}`) ?? [])];
      const left: { order: LevelOrder; slot: LevelSlot; reason: LevelStuckReason }[] = [];
      for (const { order, slot } of here.filter((c) => !c.slot.finished).sort(byRoom)) {
        if (over <= 0) break;
        const amount = moveAmount(slot.minutes, over);
        const target = targetOf(order, slot, amount);
        if (target.date === null) {
          left.push({ order, slot, reason: target.reason });
          continue;
        }
        now[area] -= amount;
        (planned.get(target.date) as AreaMinutes)[area] += amount;
        over -= amount;
        touched.add(target.date);
        moves.push({
          slotId: slot.id,
          version: slot.version,
          orderId: order.id,
          abnr: order.abnr,
          area,
          from: date,
          to: target.date,
          minutes: amount,
          slotMinutes: slot.minutes,
        });
        const list = slotsOf.get(order.id) as LevelSlot[];
        if (amount === slot.minutes) {
          const from = placed.get(`${date}|${area}`) as Placed[];
          from.splice(
            from.findIndex((p) => p.slot === slot),
            1,
          );
          slot.date = target.date;
          place({ order, slot });
        } else {
          slot.minutes -= amount;
          const part = { ...slot, id: `${slot.id}:${target.date}`, date: target.date, minutes: amount };
          list.push(part);
          place({ order, slot: part });
        }
      }
      if (over <= 0) continue;
      const finished = here.filter((c) => c.slot.finished).map((c) => ({ ...c, reason: 'finished' as const }));
      for (const { order, slot, reason } of [...left, ...finished])
        stuck.push({ slotId: slot.id, orderId: order.id, abnr: order.abnr, area, date, minutes: slot.minutes, reason });
    }
  }

  const summaryDates = [
    ...new Set([...input.days.filter((d) => d.date >= from && d.date <= to).map((d) => d.date), ...touched]),
  ].sort();
  const days = summaryDates.map((date): LevelDaySummary => {
    const day = byDate.get(date) as LevelDay;
    const b = before.get(date) as AreaMinutes;
    const a = planned.get(date) as AreaMinutes;
    const available = sumAreas(day.available);
    return {
      date,
      available,
      before: sumAreas(b),
      after: sumAreas(a),
      utilisationBefore: utilisationOf(sumAreas(b), available),
      utilisationAfter: utilisationOf(sumAreas(a), available),
      areas: WORK_AREAS.filter((area) => b[area] !== a[area] || b[area] > day.available[area]).map((area) => ({
        area,
        available: day.available[area],
        before: b[area],
        after: a[area],
      })),
    };
  });
  return { from, to, moves, stuck, days };
}
