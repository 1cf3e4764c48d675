/**
 * Where an order's production plan and the order disagree (issue 31 item 3, decision 050). The board, the
 * list of orders to plan (filter 'Konflikte') and the order flag each of them; nothing is moved by itself,
 * a planner decides.
 *
 * | kind              | when                                                                                   | slots flagged        |
 * |-------------------|----------------------------------------------------------------------------------------|----------------------|
 * | afterInstallation | an open slot lies on or after the planned installation date                            | those slots          |
 * | outOfStepOrder    | a slot of a step lies before the last slot of the step before it plus its gap (ROUTING) | the early slots      |
 * | noCapacity        | an open slot lies on a day its work area has no time (a holiday, absence or weekend    | those slots          |
 * |                   | entered after planning)                                                                |                      |
 * | configChanged     | what is planned no longer matches the required time (the door configuration or the      | every slot of it     |
 * |                   | production data changed since): an area differs by at least SLOT_MIN_MINUTES            |                      |
 *
 * Finished slots are history: they count for the step order and the planned minutes, but are never
 * flagged for their day.
 */
import { type AreaMinutes, PLAN_CONFLICTS, type PlanConflictKind, type WorkArea } from '../schemas/capacity';
import { addDays } from './calendar-week';
import { ROUTING, SLOT_MIN_MINUTES } from './capacity-proposal';

export { PLAN_CONFLICTS, type PlanConflictKind };

export type ConflictSlot = { id: string; date: string; area: WorkArea; minutes: number; finished: boolean };
export type PlanConflict = { kind: PlanConflictKind; slotIds: string[] };

export type ConflictInput = {
  /** The planned installation date (vkid.geplante_montage_date), or null. */
  installation: string | null;
  slots: readonly ConflictSlot[];
  /** The order's required time now. */
  required: AreaMinutes;
  /** The minutes the area has on the day (0 on a holiday, a weekend, or when everybody of it is away). */
  available: (date: string, area: WorkArea) => number;
};

/** The conflicts of one order's plan, in the table's order; empty when the plan fits the order. */
export function planConflicts({ installation, slots, required, available }: ConflictInput): PlanConflict[] {
  if (slots.length === 0) return [];
  const out: PlanConflict[] = [];
  const add = (kind: PlanConflictKind, hit: readonly ConflictSlot[]) => {
    if (hit.length) out.push({ kind, slotIds: hit.map((s) => s.id) });
  };
  const open = slots.filter((s) => !s.finished);

  add('afterInstallation', installation ? open.filter((s) => s.date >= installation) : []);

  // Each step no earlier than the last day of the step before it (with planned minutes) plus its gap.
  const early: ConflictSlot[] = [];
  let bound: string | null = null;
  for (const step of ROUTING) {
    const own = slots.filter((s) => s.area === step.area);
    if (own.length === 0) continue;
    if (bound) {
      const earliest = addDays(bound, step.gapDays);
      early.push(...own.filter((s) => s.date < earliest));
    }
    bound =
      own
        .map((s) => s.date)
        .sort()
        .at(-1) ?? null;
  }
  add('outOfStepOrder', early);

  add(
    'noCapacity',
    open.filter((s) => available(s.date, s.area) <= 0),
  );

  const planned: Record<string, number> = {};
  for (const s of slots) planned[s.area] = (planned[s.area] ?? 0) + s.minutes;
  const changed = (Object.keys(required) as WorkArea[]).some(
    (a) => Math.abs((planned[a] ?? 0) - required[a]) >= SLOT_MIN_MINUTES,
  );
  add('configChanged', changed ? slots : []);
  return out;
}

/** The conflict kinds a slot is flagged with. */
export const conflictsOfSlot = (conflicts: readonly PlanConflict[], slotId: string): PlanConflictKind[] =>
  conflicts.filter((c) => c.slotIds.includes(slotId)).map((c) => c.kind);
