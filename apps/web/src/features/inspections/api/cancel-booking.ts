import type { BookMeta } from '@pruefbuch/domain/schemas/inspection';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inspectionKeys } from './keys';

/** DELETE books/{id}/bookings/{bookingId}: cancels a registration; the reply is the book meta after it. */
export const cancelBooking = ({ tenantId, bookId, id }: { tenantId: string; bookId: string; id: string }) =>
  api.delete<BookMeta>(`books/${encodeURIComponent(bookId)}/bookings/${encodeURIComponent(id)}`, { tenant: tenantId });

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSuccess: (meta, { tenantId, bookId }) => {
      if (meta) queryClient.setQueryData(inspectionKeys.meta(tenantId, bookId), meta);
      void queryClient.invalidateQueries({ queryKey: inspectionKeys.bookings(tenantId, bookId) });
      void queryClient.invalidateQueries({ queryKey: ['auditlogs', 'book', tenantId, bookId] });
    },
  });
}
