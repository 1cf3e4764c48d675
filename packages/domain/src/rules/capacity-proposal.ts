/**
 * 'Einplanen vorschlagen' (issue 14, decision 027): plans an order's remaining required time into the
 * days with free capacity per work area. Pure: the server passes the days (available and already
 * planned minutes per area) and the order's remaining minutes; nothing is saved.
 *
 * The algorithm, step by step (every step is deterministic; ties go to the day nearer the start of
 * the planning direction):
 *
 *  1. Direction: backward needs an installation date after `today`; otherwise (no date, a date today
 *     or in the past) the order is planned forward. The result names the direction used.
 *  2. Window: the days from `today` on. Forward: up to the last day given (the horizon). Backward: up
 *     to the day before the installation date (production must be done before it).
 *  3. Areas in the order of FLOW (profilbearbeitung → antrieb → verglasen → versand; forward in that
 *     order, backward from versand to profilbearbeitung). Each area gets a bound from its neighbour in
 *     the flow:
 *       - forward: an area does not start before the first day of the previous area's slots (the
 *         same day is allowed);
 *       - backward: an area does not end after the last day of the next area's slots (the same day
 *         is allowed);
 *     an area without remaining minutes passes its own bound on. 'sonstiges' runs alongside the
 *     flow: its bound is the window's start (forward) or end (backward).
 *  4. Fill: from the bound, the area takes the free minutes of each day (available − planned of that
 *     area, part days included) — forward the earliest days first, backward the latest first — until
 *     its minutes are placed.
 *  5. Overload: minutes still left go, within the area's part of the window, onto the day with the
 *     lowest utilisation of that area (planned + proposed against available; a tie goes to the day
 *     the fill would have taken first), at most that day's available minutes at a time, again and
 *     again until nothing is left. Every slot of such a day is reported in `overloads` with the
 *     area's utilisation after the proposal (percent, one decimal).
 *  6. Unplaced: when the area has no available minutes on any day of its part of the window (nobody
 *     works in that area, or not before the installation date), its minutes go to `unplaced`.
 *  7. Slots: one per day and area (minutes of the fill and the overload merged), sorted by date and
 *     then by the order of WORK_AREAS.
 */
import { type AreaMinutes, NO_MINUTES, type SlotInput, WORK_AREAS, type WorkArea } from '../schemas/capacity';
import { utilisationOf } from './capacity-time';

export type ProposalDay = {
  date: string;
  /** Available minutes per area that day (0 on weekends, holidays, operating holidays). */
  available: AreaMinutes;
  /** Minutes other orders (and this order's finished slots) already take per area that day. */
  planned: AreaMinutes;
};

export type ProposalInput = {
  /** Remaining minutes per area (required − already planned) of the order. */
  remaining: AreaMinutes;
  direction: 'backward' | 'forward';
  /** The first day that may be planned (today, or the next working day). */
  today: string;
  /** Backward: the planned installation date; production must finish before it. */
  installation: string | null;
  /**
   * Consecutive calendar days from `today` on (at least up to the installation date, and for
   * forward planning a horizon the server chooses, e.g. 26 weeks).
   */
  days: readonly ProposalDay[];
};

export type ProposalOverload = { date: string; area: WorkArea; utilisation: number };

export type ProposalResult = {
  /** The direction actually planned (backward falls back to forward, see step 1). */
  direction: 'backward' | 'forward';
  slots: SlotInput[];
  overloads: ProposalOverload[];
  unplaced: AreaMinutes;
};

/** The production flow; an area is bound by its neighbour in this list (step 3). */
export const FLOW: readonly WorkArea[] = ['profilbearbeitung', 'antrieb', 'verglasen', 'versand'];
/** Areas outside the flow, planned alongside it. */
export const ALONGSIDE: readonly WorkArea[] = WORK_AREAS.filter((a) => !FLOW.includes(a));

/** The direction step 1 picks. */
export function directionOf(input: Pick<ProposalInput, 'direction' | 'today' | 'installation'>) {
  return input.direction === 'backward' && input.installation !== null && input.installation > input.today
    ? 'backward'
    : 'forward';
}

type Cell = { day: ProposalDay; proposed: AreaMinutes; overloaded: Set<WorkArea> };

export function proposePlan(input: ProposalInput): ProposalResult {
  const direction = directionOf(input);
  const end = direction === 'backward' ? input.installation : null;
  // The window (step 2), in planning order: forward earliest first, backward latest first.
  const window: Cell[] = [...input.days]
    .filter((day) => day.date >= input.today && (end === null || day.date < end))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .map((day) => ({ day, proposed: { ...NO_MINUTES }, overloaded: new Set<WorkArea>() }));
  if (direction === 'backward') window.reverse();
  const unplaced: AreaMinutes = { ...NO_MINUTES };

  /** Plans one area from window index `from` on; returns the index of its first slot in planning order. */
  const plan = (area: WorkArea, from: number): number | null => {
    let left = Math.max(0, Math.round(input.remaining[area]));
    if (left === 0) return null;
    const part = window.slice(from);
    const used = new Set<Cell>();
    const take = (cell: Cell, minutes: number) => {
      cell.proposed[area] += minutes;
      left -= minutes;
      used.add(cell);
    };
    // Step 4: the free minutes.
    for (const cell of part) {
      if (left === 0) break;
      const free = cell.day.available[area] - cell.day.planned[area] - cell.proposed[area];
      if (free > 0) take(cell, Math.min(free, left));
    }
    // Step 5: the overload, onto the least used day with time of this area.
    const candidates = part.filter((cell) => cell.day.available[area] > 0);
    const load = (cell: Cell) => (cell.day.planned[area] + cell.proposed[area]) / cell.day.available[area];
    while (left > 0) {
      let best: Cell | undefined;
      for (const cell of candidates) if (best === undefined || load(cell) < load(best)) best = cell;
      if (best === undefined) {
        unplaced[area] = left; // step 6
        break;
      }
      take(best, Math.min(best.day.available[area], left));
      best.overloaded.add(area);
    }
    const first = part.findIndex((cell) => used.has(cell));
    return first < 0 ? null : from + first;
  };

  const ordered = direction === 'forward' ? FLOW : [...FLOW].reverse();
  let bound = 0;
  for (const area of ordered) bound = plan(area, bound) ?? bound;
  for (const area of ALONGSIDE) plan(area, 0);

  // Step 7: slots and overloads in date order.
  const slots: SlotInput[] = [];
  const overloads: ProposalOverload[] = [];
  const byDate = direction === 'backward' ? [...window].reverse() : window;
  for (const { day, proposed, overloaded } of byDate) {
    for (const area of WORK_AREAS) {
      const minutes = proposed[area];
      if (minutes <= 0) continue;
      slots.push({ date: day.date, area, minutes });
      if (overloaded.has(area))
        overloads.push({
          date: day.date,
          area,
          utilisation: utilisationOf(day.planned[area] + minutes, day.available[area]) ?? 0,
        });
    }
  }
  return { direction, slots, overloads, unplaced };
}
