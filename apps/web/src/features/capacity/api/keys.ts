/**
 * Query keys of the capacity plan and settings. Every key names the tenant it was read in; the plan's
 * reads all start with capacityKeys.plan, so one invalidation reads the whole board again.
 */
export const CAPACITY_KEY = 'capacity';

export type Range = 'week' | 'month';

export const capacityKeys = {
  all: [CAPACITY_KEY] as const,
  plan: (tenant: string | null) => [CAPACITY_KEY, tenant, 'plan'] as const,
  range: (tenant: string | null, range: Range, date: string) => [CAPACITY_KEY, tenant, 'plan', range, date] as const,
  employeeTime: (tenant: string | null, range: Range, date: string) =>
    [CAPACITY_KEY, tenant, 'plan', 'employees', range, date] as const,
  toPlan: (tenant: string | null, filter: string, search: string) =>
    [CAPACITY_KEY, tenant, 'plan', 'toPlan', filter, search] as const,
  proposal: (tenant: string | null, orderId: string, direction: string) =>
    [CAPACITY_KEY, tenant, 'plan', 'proposal', orderId, direction] as const,
  levelling: (tenant: string | null, date: string) => [CAPACITY_KEY, tenant, 'plan', 'levelling', date] as const,
  settings: (tenant: string | null) => [CAPACITY_KEY, tenant, 'settings'] as const,
  protocol: (tenant: string | null, id: string) => [CAPACITY_KEY, tenant, 'settings', 'protocol', id] as const,
  holidays: (tenant: string | null, year: number, state: string) =>
    [CAPACITY_KEY, tenant, 'settings', 'holidays', year, state] as const,
};
