import type { Booking } from '@pruefbuch/domain/schemas/inspection';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inspectionKeys } from './keys';

const bookPath = (bookId: string, rest: string) => `books/${encodeURIComponent(bookId)}/${rest}`;

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
