/**
 * The ampel bar counts the locations the list's search finds. The list searches ZIP, city, ZNL, Nr and SAP-Nr at
 * once; the count call (getampelcount/{place}/{keys}) narrows by place (ZIP or city) and by keys (ZNL, Nr or
 * SAP-Nr), both at once. A location found by either is counted by inclusion and exclusion: the counts by place plus
 * those by keys, less those found by both. Every location has one colour, so this holds colour by colour.
 */
import type { AmpelCount, AmpelCountReply } from '@pruefbuch/domain/schemas/customerlocation';

/** The two path segments of the count call; '-' is no filter. */
export interface AmpelCountSegments {
  place: string;
  keys: string;
}

const ANY = '-';

/** The count calls a search needs: one without a search, else place, keys and both. */
export function ampelCountRequests(search: string | undefined): AmpelCountSegments[] {
  const term = search?.trim() ?? '';
  // The server reads '-' as no filter: such a search is counted as none.
  if (!term || term === ANY) return [{ place: ANY, keys: ANY }];
  return [
    { place: term, keys: ANY },
    { place: ANY, keys: term },
    { place: term, keys: term },
  ];
}

const COUNT_FIELDS = ['black', 'red', 'orange', 'green', 'none', 'grey', 'total'] as const;

function union(byPlace: AmpelCount, byKeys: AmpelCount, byBoth: AmpelCount): AmpelCount {
  const out = { ...byPlace };
  for (const f of COUNT_FIELDS) out[f] = byPlace[f] + byKeys[f] - byBoth[f];
  return out;
}

/** The replies of ampelCountRequests, in that order, as the counts of the search. */
export function combineAmpelCounts(replies: readonly AmpelCountReply[]): AmpelCountReply {
  const [byPlace, byKeys, byBoth] = replies;
  if (!byPlace) throw new Error('no ampel count reply');
  if (!byKeys || !byBoth) return byPlace;
  return {
    inspection: union(byPlace.inspection, byKeys.inspection, byBoth.inspection),
    selfInspection: union(byPlace.selfInspection, byKeys.selfInspection, byBoth.selfInspection),
  };
}
