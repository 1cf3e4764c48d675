import type { EvaluationReply, EvaluationView, TimesReply } from '@pruefbuch/domain/schemas/offer';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface EvaluationParams {
  tenantId: string;
  /** YYYY-MM-DD, both included. */
  from: string;
  to: string;
  /** The current department of the offers; undefined: all. */
  department?: number;
}

export type ViewReply<V extends EvaluationView> = V extends 'angebotszeiten' ? TimesReply : EvaluationReply;

export const evaluationKeys = {
  all: ['offerevaluation'] as const,
  view: (view: EvaluationView, p: EvaluationParams) => [...evaluationKeys.all, view, p] as const,
};

/** GET offer/evaluation/{view}: the rows and the total of a view in the tenant of the header. */
export const getEvaluation = <V extends EvaluationView>(view: V, p: EvaluationParams, signal?: AbortSignal) =>
  api.get<ViewReply<V>>(`offer/evaluation/${view}`, {
    query: { from: p.from, to: p.to, department: p.department },
    tenant: p.tenantId,
    signal,
  });

/** A view's figures; the previous range's stay on screen (dimmed) while a new one loads. Null params: not asked. */
export const useEvaluation = <V extends EvaluationView>(view: V, params: EvaluationParams | null) =>
  useQuery({
    queryKey: evaluationKeys.view(view, params ?? { tenantId: '', from: '', to: '' }),
    queryFn: ({ signal }) => getEvaluation(view, params as EvaluationParams, signal),
    enabled: !!params?.tenantId,
    placeholderData: keepPreviousData,
  });
