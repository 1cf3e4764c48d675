/** The country list of the address editor (GET country): names in the current language, DE/AT/CH first. */
import { type Country, PREFERRED_COUNTRIES } from '@pruefbuch/domain/schemas/country';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from './api-client';

export const getCountries = (signal?: AbortSignal) => api.get<Country[]>('country', { signal });

/** The reply depends on Accept-Language, so the language is part of the key. */
export const getCountriesQueryOptions = (language: string) =>
  queryOptions({
    queryKey: ['countries', language] as const,
    queryFn: ({ signal }) => getCountries(signal),
    staleTime: Number.POSITIVE_INFINITY,
    select: (countries) => {
      const preferred = PREFERRED_COUNTRIES.flatMap((code) => countries.filter((c) => c.code === code));
      const rest = countries.filter((c) => !(PREFERRED_COUNTRIES as readonly string[]).includes(c.code));
      return [...preferred, ...rest];
    },
  });

export function useCountries() {
  const { i18n } = useTranslation();
  return useQuery(getCountriesQueryOptions(i18n.language === 'en' ? 'en' : 'de'));
}
