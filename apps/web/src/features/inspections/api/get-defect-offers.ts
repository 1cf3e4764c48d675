import type { DefectOffer } from '@pruefbuch/domain/schemas/offer';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inspectionKeys } from './keys';

/**
 * GET offer/byBook/{id}: the offers started from the defects of a book's records. Offers change on their own
 * screen, so this is read again whenever a record or the book is shown (no stale copy).
 */
export const getDefectOffers = (tenantId: string, bookId: string, signal?: AbortSignal) =>
  api.get<DefectOffer[]>(`offer/byBook/${encodeURIComponent(bookId)}`, { tenant: tenantId, signal });

/** The offers of a book by defect id; off for users who may not read offers. */
export function useDefectOffers(tenantId: string, bookId: string, enabled: boolean) {
  return useQuery({
    queryKey: inspectionKeys.defectOffers(tenantId, bookId),
    queryFn: ({ signal }) => getDefectOffers(tenantId, bookId, signal),
    select: (offers) => new Map(offers.map((o) => [o.defect, o])),
    enabled: enabled && !!tenantId && !!bookId,
    staleTime: 0,
  });
}
