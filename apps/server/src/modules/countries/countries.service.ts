import type { Language } from '@pruefbuch/domain/locales/resources';
import { type Country, PREFERRED_COUNTRIES } from '@pruefbuch/domain/schemas/country';
import type { Executor } from '../../db/client';
import { allCountries } from './countries.repo';

const collators: Record<Language, Intl.Collator> = {
  de: new Intl.Collator('de', { sensitivity: 'base' }),
  en: new Intl.Collator('en', { sensitivity: 'base' }),
};
const preferredRank = (code: string) => {
  const i = (PREFERRED_COUNTRIES as readonly string[]).indexOf(code);
  return i < 0 ? PREFERRED_COUNTRIES.length : i;
};

/**
 * Every country with its name in the request language: Germany, Austria and Switzerland first,
 * then the rest by name. Sorted here, not in SQL, so the order does not depend on the database's
 * collation.
 */
export async function listCountries(db: Executor, lang: Language): Promise<Country[]> {
  const collator = collators[lang];
  const rows = await allCountries(db);
  return rows
    .map((r) => ({ _id: r.id, code: r.code, name: lang === 'en' ? r.nameEn : r.nameDe }))
    .sort((a, b) => preferredRank(a.code) - preferredRank(b.code) || collator.compare(a.name, b.name));
}
