/**
 * 'Einplanen vorschlagen' (issue 14, decisions 027 and 048): plans an order's remaining required time
 * into the days with free capacity per work area, in the order of the work steps. Pure: the server
 * passes the days (available and already planned minutes per area), the order's remaining minutes and
 * how much of today is left; nothing is saved.
 *
 * The rules, step by step (every step is deterministic; ties go to the day nearer the start of the
 * planning direction):
 *
 *  1. Direction: backward when asked for (or by default with an installation date) and `backwardBlock`
 *     finds nothing against it; otherwise forward. The result names the direction used and, when
 *     backward is not possible, why (`backwardBlocked`).
 *  2. Window: the days from today on; today only with the share of its working day still ahead
 *     (`shareOfDayLeft`: nothing after 16:00). Forward: up to the last day given (the horizon).
 *     Backward: up to the day before the installation date, less the last INSTALLATION_BUFFER_DAYS
 *     working days before it (kept free for what goes wrong).
 *  3. Steps in the order of ROUTING (profilbearbeitung → antrieb → verglasen → versand; backward from
 *     versand to profilbearbeitung). Forward, a step starts no earlier than the last day of the step
 *     before it plus that step's `gapDays` (0: the same day, after it; versand 1: the day after the
 *     glazing at the earliest). Backward, a step ends no later than the first day of the step after it
 *     less that step's `gapDays`. A step without remaining minutes passes the bound on. 'sonstiges' is
 *     not a step: it runs alongside, bound only by the window.
 *  4. Fill: from its bound, a step takes the free minutes of each day (available − planned of that
 *     area), forward the earliest days first, backward the latest first, until its minutes are placed.
 *     A day with fewer free minutes than SLOT_MIN_MINUTES is skipped (unless that is all that is left).
 *  5. Overload: minutes still left go, within the step's part of the window, onto the day with the
 *     lowest utilisation of that area (today only when all of it is still ahead), at most that day's
 *     available minutes at a time, until nothing is left.
 *  6. Unplaced: when the area has no available minutes on any day of its part of the window, its
 *     minutes go to `unplaced`.
 *  7. No slot shorter than SLOT_MIN_MINUTES: a shorter one is merged into the step's neighbouring slot
 *     (the one before it in planning order, else the one after); only a step whose whole need is
 *     shorter gets one short slot.
 *  8. Slots: one per day and area, sorted by date and then by the order of WORK_AREAS. Every slot that
 *     takes its area over the day's available minutes is in `overloads`, with the utilisation after
 *     the proposal and the minutes over.
 */
import { type AreaMinutes, NO_MINUTES, type SlotInput, WORK_AREAS, type WorkArea } from '../schemas/capacity';
import { sumAreas, utilisationOf } from './capacity-time';

/**
 * The routing: the work steps of a door in their order. A step starts no earlier than `gapDays` days
 * after the last day of the step before it (0: the same day). Shipping waits a day for the glazing to
 * set. 'sonstiges' is no step: it is planned alongside.
 */
export const ROUTING: readonly { area: WorkArea; gapDays: number }[] = [
  { area: 'profilbearbeitung', gapDays: 0 },
  { area: 'antrieb', gapDays: 0 },
  { area: 'verglasen', gapDays: 0 },
  { area: 'versand', gapDays: 1 },
];
/** The production flow, as ROUTING orders it. */
export const FLOW: readonly WorkArea[] = ROUTING.map((step) => step.area);
/** Areas outside the flow, planned alongside it. */
export const ALONGSIDE: readonly WorkArea[] = WORK_AREAS.filter((a) => !FLOW.includes(a));

/** The shortest slot a proposal makes: a quarter of an hour. */
export const SLOT_MIN_MINUTES = 15;
/** Working days kept free before the installation date when planning backward. */
export const INSTALLATION_BUFFER_DAYS = 1;
/** The working day a proposal counts today with, in minutes after midnight (Berlin): 07:00 to 16:00. */
export const WORKDAY = { opens: 7 * 60, closes: 16 * 60 } as const;

/** The share of today's working time still ahead at `minutesNow` (minutes after midnight, Berlin). */
export function shareOfDayLeft(minutesNow: number): number {
  if (minutesNow <= WORKDAY.opens) return 1;
  if (minutesNow >= WORKDAY.closes) return 0;
  return (WORKDAY.closes - minutesNow) / (WORKDAY.closes - WORKDAY.opens);
}

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
  /** The first day that may be planned (today). */
  today: string;
  /** The share of today's working time still ahead (shareOfDayLeft); 1 when left out. */
  todayShare?: number;
  /** The planned installation date, if any; production must finish before it. */
  installation: string | null;
  /**
   * Consecutive calendar days from `today` on (at least up to the installation date, and for
   * forward planning a horizon the server chooses, e.g. 26 weeks).
   */
  days: readonly ProposalDay[];
};

export type ProposalOverload = {
  date: string;
  area: WorkArea;
  utilisation: number;
  /** Minutes over the day's available time of the area. */
  over: number;
};

/** Why an order cannot be planned backward (the screen says it where the choice is not offered). */
export type BackwardBlock = 'noInstallationDate' | 'installationNotAhead' | 'noTimeBeforeInstallation';

export type ProposalResult = {
  /** The direction actually planned (backward falls back to forward, see step 1). */
  direction: 'backward' | 'forward';
  /** Why backward is not possible; null when it is. */
  backwardBlocked: BackwardBlock | null;
  slots: SlotInput[];
  overloads: ProposalOverload[];
  unplaced: AreaMinutes;
};

const byDate = (a: { date: string }, b: { date: string }) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);

/**
 * The days backward planning may use, latest first: before the installation date, from today on,
 * without the last INSTALLATION_BUFFER_DAYS working days before it; or why there are none.
 */
export function backwardWindow(
  input: Pick<ProposalInput, 'today' | 'installation' | 'days'>,
): { days: ProposalDay[]; blocked: null } | { days: null; blocked: BackwardBlock } {
  const { installation, today } = input;
  if (installation === null) return { days: null, blocked: 'noInstallationDate' };
  if (installation <= today) return { days: null, blocked: 'installationNotAhead' };
  const days = input.days
    .filter((d) => d.date >= today && d.date < installation)
    .sort(byDate)
    .reverse();
  let buffer = INSTALLATION_BUFFER_DAYS;
  while (buffer > 0 && days.length > 0) if (sumAreas((days.shift() as ProposalDay).available) > 0) buffer--;
  if (!days.some((d) => sumAreas(d.available) > 0)) return { days: null, blocked: 'noTimeBeforeInstallation' };
  return { days, blocked: null };
}

type Cell = { day: ProposalDay; available: AreaMinutes; proposed: AreaMinutes };

export function proposePlan(input: ProposalInput): ProposalResult {
  const back = backwardWindow(input);
  const direction = input.direction === 'backward' && back.days ? 'backward' : 'forward';
  const share = Math.min(1, Math.max(0, input.todayShare ?? 1));
  // The window (step 2), in planning order: forward earliest first, backward latest first.
  const days =
    direction === 'backward' && back.days ? back.days : input.days.filter((d) => d.date >= input.today).sort(byDate);
  const window: Cell[] = days.map((day) => {
    const available = { ...day.available };
    if (day.date === input.today) for (const a of WORK_AREAS) available[a] = Math.floor(available[a] * share);
    return { day, available, proposed: { ...NO_MINUTES } };
  });
  const unplaced: AreaMinutes = { ...NO_MINUTES };

  /** Plans one area from window index `from` on; returns the index of its last slot in planning order. */
  const plan = (area: WorkArea, from: number): number | null => {
    let left = Math.max(0, Math.round(input.remaining[area]));
    if (left === 0) return null;
    const part = window.slice(from);
    const mine = new Map<Cell, number>();
    const take = (cell: Cell, minutes: number) => {
      mine.set(cell, (mine.get(cell) ?? 0) + minutes);
      left -= minutes;
    };
    // Step 4: the free minutes, none shorter than a slot may be.
    for (const cell of part) {
      if (left === 0) break;
      const free = cell.available[area] - cell.day.planned[area];
      if (free >= Math.min(SLOT_MIN_MINUTES, left)) take(cell, Math.min(free, left));
    }
    // Step 5: the overload, onto the least used day with time of this area (today only when whole).
    const candidates = part.filter((c) => c.available[area] > 0 && c.available[area] === c.day.available[area]);
    const load = (c: Cell) => (c.day.planned[area] + (mine.get(c) ?? 0)) / c.available[area];
    while (left > 0) {
      let best: Cell | undefined;
      for (const cell of candidates) if (best === undefined || load(cell) < load(best)) best = cell;
      if (best === undefined) {
        unplaced[area] = left; // step 6
        break;
      }
      take(best, Math.min(best.available[area], left));
    }
    // Step 7: no slot shorter than SLOT_MIN_MINUTES, unless it is the only one.
    const used = part.filter((cell) => mine.has(cell));
    for (let i = 0; i < used.length && used.length > 1; i++) {
      const cell = used[i] as Cell;
      const minutes = mine.get(cell) ?? 0;
      if (minutes >= SLOT_MIN_MINUTES) continue;
      const into = (used[i - 1] ?? used[i + 1]) as Cell;
      mine.set(into, (mine.get(into) ?? 0) + minutes);
      mine.delete(cell);
      used.splice(i, 1);
      i--;
    }
    for (const [cell, minutes] of mine) cell.proposed[area] += minutes;
    const last = used.at(-1);
    return last === undefined ? null : window.indexOf(last);
  };

  // Step 3: the steps in their order, each bound by the one before it (forward) or after it (backward).
  // The gap lies between a step and the one before it in the flow: forward that is the step's own;
  // backward the gap of the step planned last (the next one in the flow that has slots).
  const steps = direction === 'forward' ? ROUTING : [...ROUTING].reverse();
  let previous: number | null = null;
  let gapOfPrevious = 0;
  for (const step of steps) {
    const gap = direction === 'forward' ? step.gapDays : gapOfPrevious;
    const last = plan(step.area, previous === null ? 0 : previous + gap);
    if (last !== null) {
      previous = last;
      gapOfPrevious = step.gapDays;
    }
  }
  for (const area of ALONGSIDE) plan(area, 0);

  // Step 8: slots and overloads in date order.
  const slots: SlotInput[] = [];
  const overloads: ProposalOverload[] = [];
  const inDateOrder = direction === 'backward' ? [...window].reverse() : window;
  for (const { day, proposed } of inDateOrder) {
    for (const area of WORK_AREAS) {
      const minutes = proposed[area];
      if (minutes <= 0) continue;
      slots.push({ date: day.date, area, minutes });
      const over = day.planned[area] + minutes - day.available[area];
      if (over > 0) {
        overloads.push({
          date: day.date,
          area,
          utilisation: utilisationOf(day.planned[area] + minutes, day.available[area]) ?? 0,
          over: Math.min(over, minutes),
        });
      }
    }
  }
  return { direction, backwardBlocked: back.blocked, slots, overloads, unplaced };
}
