import type { Booking } from '@pruefbuch/domain/schemas/inspection';
import { queryOptions, useQuery } from '@tanstack/react-query';
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
