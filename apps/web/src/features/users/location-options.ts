/** The choices of a branch user's locations on the user administration screen. */
import { type CustomerLocation, locationName } from '@pruefbuch/domain/schemas/customerlocation';

export interface LocationOption {
  value: string;
  label: string;
}

/** 'ZNL Rhein-Main · Nr. 4101 – Frankfurt am Main', inactive ones marked, in the server's order. */
export function locationOptions(
  locations: readonly Pick<CustomerLocation, '_id' | 'znl' | 'nr' | 'sapNr' | 'address' | 'active'>[],
  inactiveLabel: string,
  /** The words of the name in the user's language (lib/location-name.ts); German without them. */
  words?: { znl: string; nr: string; sapNr: string },
): LocationOption[] {
  return locations.map((l) => {
    const place = [l.address.zip, l.address.location].filter(Boolean).join(' ');
    const name = [locationName(l, words) || l._id, place].filter(Boolean).join(' – ');
    return { value: l._id, label: l.active ? name : `${name} (${inactiveLabel})` };
  });
}

/** The same locations, in whatever order: nothing to save. */
export const sameLocations = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && new Set([...a, ...b]).size === a.length;
