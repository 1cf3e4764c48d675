import type { Offer } from '@pruefbuch/domain/schemas/offer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { offerKeys } from './keys';

/** GET offer/{id}: the offer with its derived ampel, status, users, source defect and files. */
export const getOffer = (id: string, signal?: AbortSignal) =>
  api.get<Offer>(`offer/${encodeURIComponent(id)}`, { signal });

export const getOfferQueryOptions = (tenant: string | null, id: string) =>
  queryOptions({
    queryKey: offerKeys.detail(tenant, id),
    queryFn: ({ signal }) => getOffer(id, signal),
  });

export function useOffer(id: string | undefined) {
  const { currentTenant } = useSession();
  return useQuery({ ...getOfferQueryOptions(currentTenant, id ?? ''), enabled: !!id });
}
