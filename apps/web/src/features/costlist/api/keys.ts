/** Query keys of the cost list; each names the tenant it was read in. */
export const COSTLIST_KEY = 'costlist';
export const costListKeys = {
  first: (tenant: string | null) => [COSTLIST_KEY, tenant, 'first'] as const,
  protocol: (tenant: string | null, id: string) => [COSTLIST_KEY, tenant, 'protocol', id] as const,
};
