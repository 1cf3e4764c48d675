import type { OfferDraft, OfferSource } from '@pruefbuch/domain/schemas/offer';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { offerKeys } from './keys';

/** GET offer/draftFromDefect?book&record&defect: an unsaved offer filled from a defect of an inspection record. */
export const getOfferDraft = (source: OfferSource, signal?: AbortSignal) =>
  api.get<OfferDraft>('offer/draftFromDefect', { query: { ...source }, signal });

export function useOfferDraft(source: OfferSource | null) {
  const { currentTenant } = useSession();
  return useQuery({
    queryKey: offerKeys.draft(currentTenant, source ?? { book: '', record: '', defect: '' }),
    queryFn: ({ signal }) => getOfferDraft(source as OfferSource, signal),
    enabled: !!source,
    staleTime: 0,
    gcTime: 0,
  });
}
