/**
 * 'Einplanen vorschlagen' (issue 14, decision 027): plans an order's remaining required time into the
 * earliest days with free capacity per work area. Pure: the server passes the days (available and
 * already planned minutes per area) and the order's remaining minutes; nothing is saved.
 */
import type { AreaMinutes, SlotInput, WorkArea } from '../schemas/capacity';

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

export type ProposalResult = {
  slots: SlotInput[];
  overloads: { date: string; area: WorkArea; utilisation: number }[];
  unplaced: AreaMinutes;
};

export function proposePlan(_input: ProposalInput): ProposalResult {
  throw new Error('proposePlan: to be implemented');
}
