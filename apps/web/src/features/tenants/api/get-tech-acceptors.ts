import type { techAcceptorList } from '@pruefbuch/domain/schemas/tenant';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type TechAcceptor = z.infer<typeof techAcceptorList>[number];

/** GET tenants/techacceptor?tenant=: the acceptors of a tenant, the choices of its default technical acceptor. */
export const getTechAcceptors = (tenantId: string, signal?: AbortSignal) =>
  api.get<TechAcceptor[]>('tenants/techacceptor', { query: { tenant: tenantId }, signal });

export const getTechAcceptorsQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: ['tenants', 'techAcceptors', tenantId] as const,
    queryFn: ({ signal }) => getTechAcceptors(tenantId, signal),
  });

export const useTechAcceptors = (tenantId: string | undefined) =>
  useQuery({ ...getTechAcceptorsQueryOptions(tenantId ?? ''), enabled: !!tenantId });
