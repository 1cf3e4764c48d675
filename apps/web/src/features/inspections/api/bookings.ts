import type { Booking, BookingEntry, BookMeta } from '@pruefbuch/domain/schemas/inspection';
import type { User } from '@pruefbuch/domain/schemas/user';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inspectionKeys } from './keys';

const bookPath = (bookId: string, rest: string) => `books/${encodeURIComponent(bookId)}/${rest}`;

/** GET books/{id}/inspectionUser/{userId}: the signed-in user's own registrations for the book. */
export const getOwnBookings = (tenantId: string, bookId: string, userId: string, signal?: AbortSignal) =>
  api.get<Booking[]>(bookPath(bookId, `inspectionUser/${encodeURIComponent(userId)}`), { tenant: tenantId, signal });

export const useOwnBookings = (tenantId: string, bookId: string, userId: string, enabled = true) =>
  useQuery(
    queryOptions({
      queryKey: [...inspectionKeys.bookings(tenantId, bookId), 'user', userId] as const,
      queryFn: ({ signal }) => getOwnBookings(tenantId, bookId, userId, signal),
      enabled: enabled && !!userId,
    }),
  );

/** GET books/{id}/bookings (office roles): everybody registered, with date of birth and child entries. */
export const getBookBookings = (tenantId: string, bookId: string, signal?: AbortSignal) =>
  api.get<Booking[]>(bookPath(bookId, 'bookings'), { tenant: tenantId, signal });

export const useBookBookings = (tenantId: string, bookId: string, enabled = true) =>
  useQuery(
    queryOptions({
      queryKey: [...inspectionKeys.bookings(tenantId, bookId), 'all'] as const,
      queryFn: ({ signal }) => getBookBookings(tenantId, bookId, signal),
      enabled,
    }),
  );

/**
 * The signed-in user's booking entry (SPEC §3): first and last name as the account has them, and the
 * account's child entries (userInspection) with their dates of birth, from GET users/me.
 */
export async function ownBookingEntry(): Promise<BookingEntry> {
  const me = await api.get<User>('users/me');
  return {
    user_id: me._id,
    firstName: me.firstName,
    lastName: me.lastName,
    dob: null,
    properties: {
      userInspection: (me.userInspection ?? []).map((child) => ({
        firstName: child.firstName,
        lastName: child.lastName,
        dob: child.dob || null,
        positionsNummer: child.positionsNummer,
      })),
    },
  };
}

/** DELETE books/{id}/bookings/{bookingId}: cancels a registration; the reply is the book meta after it. */
export const cancelBooking = ({ tenantId, bookId, id }: { tenantId: string; bookId: string; id: string }) =>
  api.delete<BookMeta>(bookPath(bookId, `bookings/${encodeURIComponent(id)}`), { tenant: tenantId });

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
