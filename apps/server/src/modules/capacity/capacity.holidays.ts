/**
 * Public holidays from the holiday library (date-holidays) for a German federal state: type 'public'
 * only, named in the user's language (German, or English where the library has the name); kept in memory
 * per (state, year, language). The tenant's local days are added on top, as the tenant named them.
 */
import type { Language } from '@pruefbuch/domain/locales/resources';
import type { CapacitySettingsFields, FederalState, PublicHoliday } from '@pruefbuch/domain/schemas/capacity';

const cache = new Map<string, readonly PublicHoliday[]>();

/** The state's public holidays of one year, sorted by date (cached; the library's rules do not change at run time). */
export async function stateHolidays(
  state: FederalState,
  year: number,
  lang: Language = 'de',
): Promise<readonly PublicHoliday[]> {
  const key = `${state}:${year}:${lang}`;
  const hit = cache.get(key);
  if (hit) return hit;
  // The library is loaded with the first holiday asked for (decision 077): its rules for every country took about
  // 190 ms of every server's start, which only the capacity planning needs.
  const { default: Holidays } = await import('date-holidays');
  const lib = new Holidays('DE', state, { languages: [lang, 'de'], types: ['public'] });
  const days = (lib.getHolidays(year, lang) || [])
    .filter((h) => h.type === 'public')
    .map((h) => ({ date: h.date.slice(0, 10), name: h.name }))
    .sort((a, b) => a.date.localeCompare(b.date));
  // The library may list a day twice (e.g. a substitute); the first name wins.
  const unique = days.filter((d, i) => i === 0 || days[i - 1]?.date !== d.date);
  cache.set(key, unique);
  return unique;
}

/** Date → name of every public holiday (the state's and the local days) from `from` to `to`. */
export async function holidayMap(
  state: FederalState,
  local: readonly PublicHoliday[],
  from: string,
  to: string,
  lang: Language = 'de',
): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++) {
    for (const h of await stateHolidays(state, y, lang)) if (h.date >= from && h.date <= to) map.set(h.date, h.name);
  }
  for (const h of local) if (h.date >= from && h.date <= to && !map.has(h.date)) map.set(h.date, h.name);
  return map;
}

/** The public and local holidays of the tenant's settings from `from` to `to`. */
export const holidaysOf = (s: CapacitySettingsFields, from: string, to: string, lang: Language) =>
  holidayMap(s.bundesland, s.lokaleFeiertage, from, to, lang);
