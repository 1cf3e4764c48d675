/**
 * Query keys of the orders. Every key names the tenant it was read in, so a switch of the current tenant never
 * shows another tenant's orders from the cache.
 */
export const ORDERS_KEY = 'orders';

export const orderKeys = {
  all: [ORDERS_KEY] as const,
  lists: (tenant: string | null) => [ORDERS_KEY, tenant, 'list'] as const,
  detail: (tenant: string | null, id: string) => [ORDERS_KEY, tenant, 'detail', id] as const,
  protocol: (tenant: string | null, id: string) => [ORDERS_KEY, tenant, 'protocol', id] as const,
  updatedAt: (tenant: string | null) => [ORDERS_KEY, tenant, 'updatedAt'] as const,
  takeOverProposal: (tenant: string | null, offerId: string) =>
    [ORDERS_KEY, tenant, 'takeOverProposal', offerId] as const,
  plan: (tenant: string | null, id: string) => [ORDERS_KEY, tenant, 'plan', id] as const,
  users: (tenant: string | null) => [ORDERS_KEY, tenant, 'users'] as const,
  numbering: (tenant: string | null) => [ORDERS_KEY, tenant, 'numbering'] as const,
};
