import type { OpEvaluationReply } from '@pruefbuch/domain/schemas/op-evaluation';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface OpEvaluationParams {
  tenantId: string;
  /** YYYY-MM-DD, both included. */
  from: string;
  to: string;
  /** The current department of the orders; undefined: all. */
  department?: number;
}

export const opEvaluationKeys = {
  all: ['opevaluation'] as const,
  range: (p: OpEvaluationParams) => [...opEvaluationKeys.all, p] as const,
};

/** GET orders/getOpevaluation/all: the months and the total in the tenant of the header. */
export const getOpEvaluation = (p: OpEvaluationParams, signal?: AbortSignal) =>
  api.get<OpEvaluationReply>('orders/getOpevaluation/all', {
    query: { from: p.from, to: p.to, department: p.department },
    tenant: p.tenantId,
    signal,
  });

/** The figures; the previous range's stay on screen (dimmed) while a new one loads. Null params: not asked. */
export const useOpEvaluation = (params: OpEvaluationParams | null) =>
  useQuery({
    queryKey: opEvaluationKeys.range(params ?? { tenantId: '', from: '', to: '' }),
    queryFn: ({ signal }) => getOpEvaluation(params as OpEvaluationParams, signal),
    enabled: !!params?.tenantId,
    placeholderData: keepPreviousData,
  });
