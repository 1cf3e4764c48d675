import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { orderKeys } from './keys';

export type TakeOverProposal = { department: number; opmUser: string | null; abnr: string };

/** GET orders/fromOffer/{offerId}/proposal: the department, OPM and AB-Nr the take-over proposes. */
const takeOverProposalQueryOptions = (tenant: string | null, offerId: string) =>
  queryOptions({
    queryKey: orderKeys.takeOverProposal(tenant, offerId),
    queryFn: ({ signal }) =>
      api.get<TakeOverProposal>(`orders/fromOffer/${encodeURIComponent(offerId)}/proposal`, { signal }),
    staleTime: 0,
  });

export function useTakeOverProposal(offerId: string, enabled: boolean) {
  const { currentTenant } = useSession();
  return useQuery({ ...takeOverProposalQueryOptions(currentTenant, offerId), enabled });
}
