/** The operations evaluation (SPEC §2 opevaluation, issue 13 item 6, decision 026): its query and rows. */
import { z } from 'zod';
import { evaluationQuery } from './offer';

/**
 * GET orders/getOpevaluation/all: a range of days (at most five years, as the offer evaluation), the
 * current department (omitted: all) and json or a file.
 */
export const opEvaluationQuery = evaluationQuery;
export type OpEvaluationQuery = z.infer<typeof opEvaluationQuery>;

/**
 * One row per month (YYYY-MM, Europe/Berlin) of the range, and a total row ('total'). Every figure
 * belongs to the month of its own date:
 * - received, betragSum, vergabepreisSum: orders created in the month;
 * - installed, calculatedMin, bookedMin, installedNotBilled: orders installed in the month (installedAt);
 *   the minutes only of installed orders with both the calculated (vkid.kalkulierte_min) and the
 *   booked (el.benoetigte_min) minutes;
 * - accepted (acceptedAt), billed (billedAt);
 * - late: orders whose planned week (vkid.akt_kw, its Monday's month) lies in the month and that
 *   were installed in a later week, or are not installed and the week has passed.
 */
export const opEvaluationRowSchema = z.object({
  month: z.string(),
  label: z.string(),
  received: z.number().int(),
  installed: z.number().int(),
  accepted: z.number().int(),
  billed: z.number().int(),
  /** EUR, 2 decimals. */
  betragSum: z.number(),
  vergabepreisSum: z.number(),
  calculatedMin: z.number().int(),
  bookedMin: z.number().int(),
  /** Installed orders whose minutes are compared (both set). */
  minutesCnt: z.number().int(),
  late: z.number().int(),
  installedNotBilled: z.number().int(),
});
export type OpEvaluationRow = z.infer<typeof opEvaluationRowSchema>;

export const opEvaluationReply = z.object({
  from: z.string(),
  to: z.string(),
  department: z.number().int().nullable(),
  rows: z.array(opEvaluationRowSchema),
  total: opEvaluationRowSchema,
});
export type OpEvaluationReply = z.infer<typeof opEvaluationReply>;
