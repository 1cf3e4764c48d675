/** The service intervals (GET booktype/serviceinterval/all) as select options; labels in the current language. */
import type { serviceIntervalList } from '@pruefbuch/domain/schemas/booktype';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from './api-client';

export type ServiceIntervalItem = z.infer<typeof serviceIntervalList>[number];

export const getServiceIntervals = (signal?: AbortSignal) =>
  api.get<ServiceIntervalItem[]>('booktype/serviceinterval/all', { signal });

export const getServiceIntervalsQueryOptions = (language: string) =>
  queryOptions({
    queryKey: ['booktypes', 'serviceIntervals', language] as const,
    queryFn: ({ signal }) => getServiceIntervals(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useServiceIntervals() {
  const { i18n } = useTranslation();
  const query = useQuery(getServiceIntervalsQueryOptions(i18n.language === 'en' ? 'en' : 'de'));
  const options = (query.data ?? []).map((item) => ({ value: String(item.value), label: item.label }));
  const labelOf = (value: number) => query.data?.find((item) => item.value === value)?.label ?? String(value);
  return { ...query, options, labelOf };
}
