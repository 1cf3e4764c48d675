import type { ProtocolEntry } from '@pruefbuch/domain/schemas/audit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { offerKeys } from './keys';

/** GET protocol/getProtocolByOffer/{id}: every change of the offer, newest first. */
export const getOfferProtocol = (id: string, signal?: AbortSignal) =>
  api.get<ProtocolEntry[]>(`protocol/getProtocolByOffer/${encodeURIComponent(id)}`, { signal });

export const getOfferProtocolQueryOptions = (tenant: string | null, id: string) =>
  queryOptions({
    queryKey: offerKeys.protocol(tenant, id),
    queryFn: ({ signal }) => getOfferProtocol(id, signal),
  });

export function useOfferProtocol(id: string) {
  const { currentTenant } = useSession();
  return useQuery(getOfferProtocolQueryOptions(currentTenant, id));
}
