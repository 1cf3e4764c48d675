import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

export interface BookOrder {
  orderId: string;
  abnr: string;
  objekt: string;
}

/** GET orders/byBook/{bookId}: the order the book was made from ('Prüfbuch anlegen'), or null. */
export const getBookOrder = async (tenantId: string, bookId: string, signal?: AbortSignal) => {
  try {
    return await api.get<BookOrder>(`orders/byBook/${encodeURIComponent(bookId)}`, { tenant: tenantId, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};

/** The book's order; off for users who may not read orders. */
export const useBookOrder = (tenantId: string, bookId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['books', 'order', tenantId, bookId] as const,
    queryFn: ({ signal }) => getBookOrder(tenantId, bookId, signal),
    enabled: enabled && !!tenantId && !!bookId,
  });
