import type { Offer } from '@pruefbuch/domain/schemas/offer';
import type { QueryClient } from '@tanstack/react-query';
import { getSessionState } from '@/lib/session';
import { OFFERS_KEY, offerKeys } from './keys';

/**
 * After a change: the offer as the server now has it in the cache, and every list, count and protocol of the
 * offers read again (a change moves the offer's ampel, and the 'Meine Nachfassungen' count with it).
 */
export function afterOfferChange(queryClient: QueryClient, saved?: Offer) {
  const { currentTenant } = getSessionState();
  if (saved) queryClient.setQueryData(offerKeys.detail(currentTenant, saved._id), saved);
  void queryClient.invalidateQueries({
    queryKey: [OFFERS_KEY],
    // The record as saved is set above; the people and a defect's draft do not change with an offer.
    predicate: (query) => !['detail', 'users', 'draft'].includes(String(query.queryKey[2])),
  });
}
