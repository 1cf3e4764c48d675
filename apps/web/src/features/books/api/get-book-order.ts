import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface BookOrder {
  orderId: string;
  abnr: string;
  objekt: string;
}

/** GET orders/byBook/{bookId}: the order the book was made from ('Prüfbuch anlegen'), or null. */
export const getBookOrder = (tenantId: string, bookId: string, signal?: AbortSignal) =>
  api.get<BookOrder | null>(`orders/byBook/${encodeURIComponent(bookId)}`, { tenant: tenantId, signal });

/** The book's order; off for users who may not read orders. */
export const useBookOrder = (tenantId: string, bookId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['books', 'order', tenantId, bookId] as const,
    queryFn: ({ signal }) => getBookOrder(tenantId, bookId, signal),
    enabled: enabled && !!tenantId && !!bookId,
  });
