import type { LocationAmpelFilter } from '@pruefbuch/domain/rules/location-ampel';
import type { CustomerLocationSortField, customerLocationListReply } from '@pruefbuch/domain/schemas/customerlocation';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { locationKeys } from './keys';

export type CustomerLocationListReply = z.infer<typeof customerLocationListReply>;
export type CustomerLocationSort = CustomerLocationSortField | `-${CustomerLocationSortField}`;
export interface CustomerLocationListParams {
  page: number;
  size: number;
  sort?: CustomerLocationSort;
  search?: string;
  ampel?: LocationAmpelFilter;
}

/** GET customerlocation: a page of the locations the user may see, worst ampel first by default. */
export const getCustomerLocations = (params: CustomerLocationListParams, signal?: AbortSignal) =>
  api.get<CustomerLocationListReply>('customerlocation', { query: { ...params }, signal });

export const getCustomerLocationsQueryOptions = (tenant: string | null, params: CustomerLocationListParams) =>
  queryOptions({
    queryKey: [...locationKeys.lists(tenant), params] as const,
    queryFn: ({ signal }) => getCustomerLocations(params, signal),
    placeholderData: keepPreviousData,
  });

export function useCustomerLocations(params: CustomerLocationListParams) {
  const { currentTenant } = useSession();
  return useQuery(getCustomerLocationsQueryOptions(currentTenant, params));
}
