import type { WorkArea } from '@pruefbuch/domain/schemas/capacity';

/**
 * Whether a cell of the board takes a dragged card (decision 027): a card moves between the days of its own
 * work area (its minutes are that area's work, from the cost list), today or later. Other rows and past days
 * are no target, so a card let go there stays where it was; nothing is a target for a user who may not plan.
 * The API (shiftTimeslot) still takes another area, deliberately, not by a slip of the hand.
 * Without a drag (`dragged` undefined) every plannable cell counts, as dnd-kit registers them before one starts.
 */
export function acceptsDrop(
  cell: { date: string; area: WorkArea },
  dragged: WorkArea | undefined,
  today: string,
  mayPlan: boolean,
): boolean {
  return mayPlan && cell.date >= today && (dragged === undefined || dragged === cell.area);
}
