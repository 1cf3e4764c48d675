import type { User } from '@pruefbuch/domain/schemas/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getUser = (id: string, signal?: AbortSignal) =>
  api.get<User>(`users/${encodeURIComponent(id)}`, { signal });

export const userQueryKey = (id: string) => ['users', 'detail', id] as const;

export const getUserQueryOptions = (id: string) =>
  queryOptions({ queryKey: userQueryKey(id), queryFn: ({ signal }) => getUser(id, signal) });

export const useUser = (id: string | undefined) => useQuery({ ...getUserQueryOptions(id ?? ''), enabled: !!id });
