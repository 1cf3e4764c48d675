/** How a location's address and ampel filter are shown, and where the list sends a user with a single location. */
import { LOCATION_AMPELS, type LocationAmpelFilter } from '@pruefbuch/domain/rules/location-ampel';
import type { CustomerLocation } from '@pruefbuch/domain/schemas/customerlocation';

/** 'Zeil 85' and '60313 Frankfurt am Main'; empty parts left out. */
export function addressLines(
  address: Pick<CustomerLocation['address'], 'street' | 'housenumber' | 'zip' | 'location'>,
) {
  return {
    street: [address.street, address.housenumber].filter(Boolean).join(' '),
    city: [address.zip, address.location].filter(Boolean).join(' '),
  };
}

/** The ampel filter of the address (?ampel=red), or undefined for none or an unknown value. */
export const ampelFilterOf = (value: string | null): LocationAmpelFilter | undefined =>
  (LOCATION_AMPELS as readonly string[]).includes(value ?? '') ? (value as LocationAmpelFilter) : undefined;

/**
 * The one location a user has, when the unfiltered list holds exactly one: the list opens it instead (a branch
 * manager's start is their branch). With a search or a filter a single match is just a result.
 */
export function soleLocationId(
  reply: { docs: readonly { _id: string }[]; total: number } | undefined,
  filtered: boolean,
): string | null {
  if (!reply || filtered || reply.total !== 1) return null;
  return reply.docs[0]?._id ?? null;
}
