import type { openInspectionListReply } from '@pruefbuch/domain/schemas/inspection';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { myOpenInspectionsPath, type SearchMode, tenantOpenInspectionsPath } from '../open-inspections-query';

export type OpenInspectionList = z.infer<typeof openInspectionListReply>;
export type OpenInspectionItem = OpenInspectionList['docs'][number];

export interface OpenInspectionParams {
  /** null: the books of all the user's tenants (My inspections); else those with a draft in this tenant. */
  tenantId: string | null;
  mode: SearchMode;
  value?: string;
  page: number;
  size: number;
}

/**
 * GET books/allMyOpenInspection (…BySn|ByZip|ByOrderNo/{value}) or books/allOpenInspection/{tenantId}/
 * (…BySn|ByZip|ByOrderNo/{value}): a page of books whose inspection is due or in progress.
 */
export const getOpenInspections = ({ tenantId, mode, value, ...query }: OpenInspectionParams, signal?: AbortSignal) =>
  api.get<OpenInspectionList>(
    tenantId ? tenantOpenInspectionsPath(tenantId, mode, value) : myOpenInspectionsPath(mode, value),
    { query: { ...query }, signal, ...(tenantId ? { tenant: tenantId } : {}) },
  );

export const getOpenInspectionsQueryOptions = (params: OpenInspectionParams) =>
  queryOptions({
    queryKey: ['lists', 'openInspections', params] as const,
    queryFn: ({ signal }) => getOpenInspections(params, signal),
    placeholderData: keepPreviousData,
  });

export const useOpenInspections = (params: OpenInspectionParams, enabled = true) =>
  useQuery({ ...getOpenInspectionsQueryOptions(params), enabled });
