import type { BookingEntry, bookingReplySchema } from '@pruefbuch/domain/schemas/inspection';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { inspectionKeys } from './keys';

export type BookingReply = z.infer<typeof bookingReplySchema>;

/**
 * POST books/{id}/inspection: registers a person for one of the book's slots ('Anmeldung erfolgreich!').
 * Before the book's window the reply is the error 'TOO EARLY'.
 */
export const bookSlot = ({ tenantId, bookId, entry }: { tenantId: string; bookId: string; entry: BookingEntry }) =>
  api.post<BookingReply>(`books/${encodeURIComponent(bookId)}/inspection`, entry, { tenant: tenantId });

export function useBookSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookSlot,
    onSuccess: (reply, { tenantId, bookId }) => {
      if (reply?.meta) queryClient.setQueryData(inspectionKeys.meta(tenantId, bookId), reply.meta);
      else void queryClient.invalidateQueries({ queryKey: inspectionKeys.meta(tenantId, bookId) });
      void queryClient.invalidateQueries({ queryKey: inspectionKeys.bookings(tenantId, bookId) });
      void queryClient.invalidateQueries({ queryKey: ['auditlogs', 'book', tenantId, bookId] });
    },
  });
}
