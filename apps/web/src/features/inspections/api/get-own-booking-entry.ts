import type { BookingEntry } from '@pruefbuch/domain/schemas/inspection';
import type { User } from '@pruefbuch/domain/schemas/user';
import { api } from '@/lib/api-client';

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
