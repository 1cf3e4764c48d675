/** The pure parts of the operations evaluation screen (the range and department are lib/evaluation-filters, shared with the offer evaluation). */
import type { OpEvaluationRow } from '@pruefbuch/domain/schemas/op-evaluation';

/** Nothing to show: no order received, installed, accepted, billed or late in the range. */
export const isEmpty = (reply: { total: OpEvaluationRow }) => {
  const r = reply.total;
  return r.received + r.installed + r.accepted + r.billed + r.late === 0;
};

/** Booked minus calculated minutes: positive when the installation took longer than calculated; null without minutes. */
export const minutesDiff = (r: Pick<OpEvaluationRow, 'minutesCnt' | 'calculatedMin' | 'bookedMin'>) =>
  r.minutesCnt === 0 ? null : r.bookedMin - r.calculatedMin;
