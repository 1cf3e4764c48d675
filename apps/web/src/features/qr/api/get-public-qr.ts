import type { PublicQr } from '@pruefbuch/domain/schemas/qr';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET public/qr/{code}: what anybody holding the label may see. Sent without the session. */
export const getPublicQr = (code: string, signal?: AbortSignal) =>
  api.get<PublicQr>(`public/qr/${encodeURIComponent(code)}`, { auth: false, signal });

export const getPublicQrQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['qr', 'public', code] as const,
    queryFn: ({ signal }) => getPublicQr(code, signal),
    retry: false,
  });

export const usePublicQr = (code: string, enabled = true) =>
  useQuery({ ...getPublicQrQueryOptions(code), enabled: enabled && !!code });
