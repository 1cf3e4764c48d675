import type { AmpelCountReply } from '@pruefbuch/domain/schemas/customerlocation';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { type AmpelCountSegments, ampelCountRequests, combineAmpelCounts } from '../ampel-counts';
import { locationKeys } from './keys';

/** GET customerlocation/getampelcount/{searchplzorort}/{searchznlornrorsapnr}; '-' stands for no filter. */
export const getAmpelCount = ({ place, keys }: AmpelCountSegments, signal?: AbortSignal) =>
  api.get<AmpelCountReply>(`customerlocation/getampelcount/${encodeURIComponent(place)}/${encodeURIComponent(keys)}`, {
    signal,
  });

/**
 * The counts per colour of the locations the list's search finds. The list searches ZIP, city, ZNL, Nr and
 * SAP-Nr at once, the count call the place or the keys: the counts of either are added and those of both taken
 * away (see ampel-counts.ts), so the bar always agrees with the list.
 */
export const getAmpelCountQueryOptions = (tenant: string | null, search: string | undefined) =>
  queryOptions({
    queryKey: [...locationKeys.ampelCounts(tenant), search ?? ''] as const,
    queryFn: async ({ signal }) => {
      const requests = ampelCountRequests(search);
      const replies = await Promise.all(requests.map((segments) => getAmpelCount(segments, signal)));
      return combineAmpelCounts(replies);
    },
    placeholderData: keepPreviousData,
  });

export function useAmpelCount(search: string | undefined) {
  const { currentTenant } = useSession();
  return useQuery(getAmpelCountQueryOptions(currentTenant, search));
}
