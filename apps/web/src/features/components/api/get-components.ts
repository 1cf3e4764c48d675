import type { ComponentListQuery, componentListReply } from '@pruefbuch/domain/schemas/component';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type ComponentListReply = z.infer<typeof componentListReply>;
export interface ComponentListParams {
  page: number;
  size: number;
  search?: string;
  sort?: ComponentListQuery['sort'];
  kind?: ComponentListQuery['kind'];
}

/** GET components: a page of the door component catalogue, searched in code and text, narrowed by kind. */
export const getComponents = (params: ComponentListParams, signal?: AbortSignal) =>
  api.get<ComponentListReply>('components', { query: { ...params }, signal });

export const getComponentsQueryOptions = (params: ComponentListParams) =>
  queryOptions({
    queryKey: ['components', 'list', params] as const,
    queryFn: ({ signal }) => getComponents(params, signal),
    placeholderData: keepPreviousData,
  });

export const useComponents = (params: ComponentListParams) => useQuery(getComponentsQueryOptions(params));
