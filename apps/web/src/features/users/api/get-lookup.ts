import type { lookupItem } from '@pruefbuch/domain/schemas/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type LookupItem = z.infer<typeof lookupItem>;

/** The four value lists of an account; the client shows them by name through the lookups namespace. */
export const LOOKUP_PATHS = {
  roles: 'users/roles/all',
  customerRoles: 'users/customerroles/all',
  departments: 'users/departments/all',
  customers: 'users/customers/all',
} as const;
export type LookupKind = keyof typeof LOOKUP_PATHS;

export const getLookup = (kind: LookupKind, signal?: AbortSignal) =>
  api.get<LookupItem[]>(LOOKUP_PATHS[kind], { signal });

export const getLookupQueryOptions = (kind: LookupKind) =>
  queryOptions({
    queryKey: ['users', 'lookup', kind] as const,
    queryFn: ({ signal }) => getLookup(kind, signal),
    staleTime: 60 * 60_000,
  });

export const useLookup = (kind: LookupKind) => useQuery(getLookupQueryOptions(kind));
