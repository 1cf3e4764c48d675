/**
 * Where each role starts, and which screens are usable yet (decision 017). The nav, the home tiles
 * and the logo all go through this file, so none of them leads a user to a screen they cannot use.
 */
import { canOpen, NAV, type NavEntry, OFFICE_ROLES, type ScreenName, screenPath, visibleNav } from './access';
import { isBranchUser, type Principal, Role, type RoleNumber } from './roles';

/**
 * Screens of areas this release does not build yet. They keep their route and guard (an old link
 * shows a placeholder), but no nav entry, tile or landing leads there. The set shrinks as areas land.
 */
export const UNBUILT_SCREENS: ReadonlySet<ScreenName> = new Set<ScreenName>([]);

export const isBuilt = (screen: ScreenName) => !UNBUILT_SCREENS.has(screen);

/** The nav entries (and home tiles) a user is offered: SPEC §6's rule, the guard, and a built screen. */
export function usableNav(user: Principal): NavEntry[] {
  return visibleNav(user).filter((entry) => NAV.some((n) => n.entry === entry && isBuilt(n.screen)));
}

/** A landing: a screen and, for tenantStart, the tenant to open; `search` the address's query (a list's tab). */
export interface Start {
  screen: ScreenName;
  params?: Record<string, string>;
  search?: string;
}

/** The address of a landing, in the app: the screen's path and its query. */
export const startPath = (start: Start) =>
  `${screenPath(start.screen, start.params)}${start.search ? `?${start.search}` : ''}`;

/**
 * Where '/' takes a signed-in user (the logo, sign-in without a target). `tenant` is the user's
 * current tenant, if they have one.
 *
 * | who                                   | lands on                                          |
 * |---------------------------------------|---------------------------------------------------|
 * | office roles (1–6, 10)                | home: a tile per usable area                      |
 * | production, production lead (11, 12)  | capacity planning of their current tenant (the     |
 * |                                       | board links its installations), or the tenant list |
 * | warehouse (7)                         | the order list's deliveries of their current tenant |
 * |                                       | (decision 054), or the tenant list                 |
 * | service technician (9)                | their current tenant's installations (tenantStart),|
 * |                                       | or the tenant list when they have no tenant yet    |
 * | branch user with a customer role      | the branch list (one branch: the list opens it)   |
 * | branch user without a customer role   | home                                              |
 *
 * A landing on a screen that is not built yet falls back to home.
 */
/** The order list's tab of the warehouse's deliveries (`mode`, as the list reads its address). */
export const DELIVERIES_SEARCH = 'mode=deliveries';

export function startOf(user: Principal, tenant: string | null): Start {
  const start = ruleOf(user, tenant);
  return isBuilt(start.screen) && canOpen(start.screen, user) ? start : { screen: 'home' };
}

function ruleOf(user: Principal, tenant: string | null): Start {
  // Every customer role starts on its branches (decision 019); without one the guard refuses the list: home.
  if (isBranchUser(user)) return { screen: 'customerlocation_list' };
  if ((OFFICE_ROLES as readonly RoleNumber[]).includes(user.role)) return { screen: 'home' };
  // Production's daily work is the board (issue 31 item 4); it plans in the current tenant.
  if (tenant && (user.role === Role.ROLE_FERTIGUNG || user.role === Role.ROLE_LEITER_FERTIGUNG))
    return { screen: 'capacities' };
  // The warehouse's daily work is what it awaits: the orders with a delivery to come (decision 054).
  if (tenant && user.role === Role.ROLE_LAGER) return { screen: 'list_orderprocessing', search: DELIVERIES_SEARCH };
  return tenant ? { screen: 'tenantStart', params: { slug: tenant } } : { screen: 'tenant_list' };
}
