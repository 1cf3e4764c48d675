/**
 * The operations evaluation (SPEC §2 opevaluation, issue 13 item 6, decision 026): per month of the
 * range, the orders received, installed, accepted and billed, the sums of the received orders, the
 * calculated against the booked installation minutes, the orders late against their planned week and
 * those installed but not billed; and the total over the range. Sums are kept in cents until the reply.
 */
import { translate } from '@pruefbuch/domain/locales/resources';
import type { OpEvaluationQuery, OpEvaluationReply, OpEvaluationRow } from '@pruefbuch/domain/schemas/op-evaluation';
import type { TenantContext } from '../../platform/context';
import { monthName, monthsBetween } from '../../platform/evaluation-file';
import { type OpFigures, opFigures } from './opevaluation.repo';

/** '1234.5' → 123450 (cents), then back to EUR with 2 decimals. */
const euros = (v: string | undefined) => Math.round(Number(v ?? 0) * 100) / 100;

const rowOf = (month: string, label: string, f: OpFigures | undefined): OpEvaluationRow => ({
  month,
  label,
  received: f?.received ?? 0,
  installed: f?.installed ?? 0,
  accepted: f?.accepted ?? 0,
  billed: f?.billed ?? 0,
  betragSum: euros(f?.betragSum),
  vergabepreisSum: euros(f?.vergabepreisSum),
  calculatedMin: f?.calculatedMin ?? 0,
  bookedMin: f?.bookedMin ?? 0,
  minutesCnt: f?.minutesCnt ?? 0,
  late: f?.late ?? 0,
  installedNotBilled: f?.installedNotBilled ?? 0,
});

/** Every month of the range (empty months with zeros) and the total row. */
export async function opEvaluation(ctx: TenantContext, q: OpEvaluationQuery): Promise<OpEvaluationReply> {
  const { tenantId, lang } = ctx;
  const found = await opFigures(ctx.db, tenantId, { from: q.from, to: q.to, department: q.department });
  const byMonth = new Map(found.filter((r) => r.month !== null).map((r) => [r.month as string, r]));
  return {
    from: q.from,
    to: q.to,
    department: q.department ?? null,
    rows: monthsBetween(q.from, q.to).map((m) => rowOf(m, monthName(lang, m), byMonth.get(m))),
    total: rowOf(
      'total',
      translate(lang, 'opevaluation.total'),
      found.find((r) => r.month === null),
    ),
  };
}
