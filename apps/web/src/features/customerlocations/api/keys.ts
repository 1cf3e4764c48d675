/**
 * Query keys of the customer locations. Every key names the tenant it was read in, so a switch of the current
 * tenant never shows another tenant's branches from the cache.
 */
export const LOCATIONS_KEY = 'customerlocations';

export const locationKeys = {
  all: [LOCATIONS_KEY] as const,
  lists: (tenant: string | null) => [LOCATIONS_KEY, tenant, 'list'] as const,
  ampelCounts: (tenant: string | null) => [LOCATIONS_KEY, tenant, 'ampelcount'] as const,
  detail: (tenant: string | null, id: string) => [LOCATIONS_KEY, tenant, 'detail', id] as const,
  protocol: (tenant: string | null, id: string) => [LOCATIONS_KEY, tenant, 'protocol', id] as const,
};
