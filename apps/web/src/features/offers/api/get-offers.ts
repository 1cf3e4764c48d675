import type { OfferListQuery, offerListReply } from '@pruefbuch/domain/schemas/offer';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { offerKeys } from './keys';

export type OfferListReply = z.infer<typeof offerListReply>;

/** What the list sends: the query of the domain with its values as the address holds them (all optional). */
export type OfferListParams = Partial<Omit<OfferListQuery, 'inactive'>>;

/** GET offer: a page of the tenant's offers, red first by default, searched and filtered. */
export const getOffers = (params: OfferListParams, signal?: AbortSignal) =>
  api.get<OfferListReply>('offer', { query: { ...params }, signal });

export const getOffersQueryOptions = (tenant: string | null, params: OfferListParams) =>
  queryOptions({
    queryKey: [...offerKeys.lists(tenant), params] as const,
    queryFn: ({ signal }) => getOffers(params, signal),
    placeholderData: keepPreviousData,
  });

export function useOffers(params: OfferListParams) {
  const { currentTenant } = useSession();
  return useQuery(getOffersQueryOptions(currentTenant, params));
}

/** The number of the user's follow-ups ('Meine Nachfassungen'): one row asked for, the total read. */
export function useMyFollowUpCount() {
  const { currentTenant } = useSession();
  return useQuery({
    queryKey: [...offerKeys.lists(currentTenant), 'mine-count'] as const,
    queryFn: ({ signal }) => getOffers({ followUp: 'mine', page: 1, size: 1 }, signal),
    select: (reply) => reply.total,
  });
}
