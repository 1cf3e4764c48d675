/**
 * Query keys of the offers. Every key names the tenant it was read in, so a switch of the current tenant never
 * shows another tenant's offers from the cache.
 */
export const OFFERS_KEY = 'offers';

export const offerKeys = {
  all: [OFFERS_KEY] as const,
  lists: (tenant: string | null) => [OFFERS_KEY, tenant, 'list'] as const,
  detail: (tenant: string | null, id: string) => [OFFERS_KEY, tenant, 'detail', id] as const,
  protocol: (tenant: string | null, id: string) => [OFFERS_KEY, tenant, 'protocol', id] as const,
  updatedAt: (tenant: string | null) => [OFFERS_KEY, tenant, 'updatedAt'] as const,
  lastSearch: (tenant: string | null) => [OFFERS_KEY, tenant, 'lastsearch'] as const,
  users: (tenant: string | null) => [OFFERS_KEY, tenant, 'users'] as const,
  draft: (tenant: string | null, source: { book: string; record: string; defect: string }) =>
    [OFFERS_KEY, tenant, 'draft', source.book, source.record, source.defect] as const,
};
