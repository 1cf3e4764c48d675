import type { ProposalReply } from '@pruefbuch/domain/schemas/capacity';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { capacityKeys } from './keys';

/** 'Einplanen vorschlagen': nothing is saved. Without a direction the server picks one. */
export function useProposal(orderId: string | null, direction: 'backward' | 'forward' | null) {
  const { currentTenant } = useSession();
  return useQuery({
    queryKey: capacityKeys.proposal(currentTenant, orderId ?? '', direction ?? 'auto'),
    queryFn: ({ signal }) =>
      api.get<ProposalReply>(`capacity/get/proposal/${encodeURIComponent(orderId ?? '')}`, {
        query: { direction: direction ?? undefined },
        signal,
      }),
    enabled: !!orderId,
    staleTime: 0,
    gcTime: 0,
  });
}
