/**
 * The state of the offer evaluation screen, kept in the address (?view=&from=&to=&department=): the
 * view here; the range and the department, which the operations evaluation shares, in lib/evaluation-filters.
 */
import { EVALUATION_VIEWS, type EvaluationView } from '@pruefbuch/domain/schemas/offer';

/** The view of the address; an unknown one is the first (success rate). */
export const viewOf = (value: string | null): EvaluationView =>
  EVALUATION_VIEWS.find((v) => v === value) ?? 'erfolgsquote';

/** Whether a view has anything to show: the total counts no offer (no request received, for offer times). */
export const isEmpty = (reply: { total: { offerCnt: number } }) => reply.total.offerCnt === 0;

/** 'Lang…' for labels longer than max characters (chart axis ticks). */
export const shorten = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
