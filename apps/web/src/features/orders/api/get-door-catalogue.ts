import type { Component, componentListReply } from '@pruefbuch/domain/schemas/component';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/**
 * GET components, the whole door component catalogue (about 150 codes, shared by all tenants) for the door
 * configuration's pick lists (decision 052). Under the catalogue's own query key, so a change made on the
 * catalogue screen refreshes it.
 */
const doorCatalogueQueryOptions = queryOptions({
  queryKey: ['components', 'catalogue'] as const,
  queryFn: async ({ signal }): Promise<Component[]> =>
    (await api.get<z.infer<typeof componentListReply>>('components', { query: { size: 500 }, signal })).docs,
  staleTime: 10 * 60_000,
});

export const useDoorCatalogue = () => useQuery(doorCatalogueQueryOptions);
