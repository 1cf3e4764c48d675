/** Every role's start (decision 017): the landing rule table, row by row, and the usable nav. */
import { describe, expect, it } from 'vitest';
import { guardScreen, mayCall, NAV, SCREEN_BY_NAME, SCREENS, visibleNav } from './access';
import { ALLOW, PRINCIPALS } from './access.fixtures';
import { CustomerRole, type Principal, ROLE_NUMBERS, Role } from './roles';
import { isBuilt, type Start, startOf, startPath, UNBUILT_SCREENS, usableNav } from './start';

const HOME: Start = { screen: 'home' };
const TENANT_START: Start = { screen: 'tenantStart', params: { slug: 't1' } };
const TENANT_LIST: Start = { screen: 'tenant_list' };
const BRANCH_LIST: Start = { screen: 'customerlocation_list' };
const DELIVERIES: Start = { screen: 'list_orderprocessing', search: 'mode=deliveries' };

describe('startOf: the landing rule table', () => {
  it.each<[string, Principal, string | null, Start]>([
    ['admin', { role: Role.ADMIN_ROLE }, 't1', HOME],
    ['list admin', { role: Role.LIST_ADMIN_ROLE }, 't1', HOME],
    ['standard', { role: Role.STANDARD_ROLE }, 't1', HOME],
    ['acceptor', { role: Role.ACCEPTOR_ROLE }, 't1', HOME],
    ['acceptor lite', { role: Role.ACCEPTOR_LITE_ROLE }, 't1', HOME],
    ['project', { role: Role.PROJECT_ROLE }, 't1', HOME],
    ['project only', { role: Role.PROJECT_ONLY_ROLE }, null, HOME],
    // Its deliveries: the order list's tab of the orders with a delivery to come (decision 054).
    ['warehouse with a tenant', { role: Role.ROLE_LAGER }, 't1', DELIVERIES],
    ['warehouse without a tenant', { role: Role.ROLE_LAGER }, null, TENANT_LIST],
    ['service technician with a tenant', { role: Role.ROLE_SERVICE_TECHNIKER }, 't1', TENANT_START],
    ['service technician without a tenant', { role: Role.ROLE_SERVICE_TECHNIKER }, null, TENANT_LIST],
    ['production with a tenant', { role: Role.ROLE_FERTIGUNG }, 't1', { screen: 'capacities' }],
    ['production without a tenant', { role: Role.ROLE_FERTIGUNG }, null, TENANT_LIST],
    ['production lead with a tenant', { role: Role.ROLE_LEITER_FERTIGUNG }, 't1', { screen: 'capacities' }],
    ['production lead without a tenant', { role: Role.ROLE_LEITER_FERTIGUNG }, null, TENANT_LIST],
    // Every customer role starts on its branches (decision 019); the list opens a single branch itself.
    [
      'branch regional manager',
      { role: Role.ROLE_FILIALE, customerRole: CustomerRole.ROLE_REGIONAL_MANAGER },
      't1',
      BRANCH_LIST,
    ],
    ['branch control', { role: Role.ROLE_FILIALE, customerRole: CustomerRole.ROLE_CONTROL }, 't1', BRANCH_LIST],
    ['branch default', { role: Role.ROLE_FILIALE, customerRole: CustomerRole.ROLE_DEFAULT }, 't1', BRANCH_LIST],
    [
      'branch default without a tenant',
      { role: Role.ROLE_FILIALE, customerRole: CustomerRole.ROLE_DEFAULT },
      null,
      BRANCH_LIST,
    ],
    // The guard admits no branch user without a customer role to the list: home, with nothing to offer.
    ['branch without a customer role', { role: Role.ROLE_FILIALE, customerRole: null }, 't1', HOME],
  ])('%s → %o', (_, user, tenant, start) => {
    expect(startOf(user, tenant)).toEqual(start);
  });

  it('a landing’s address holds its query: the warehouse opens the list on its deliveries', () => {
    expect(startPath(startOf({ role: Role.ROLE_LAGER }, 't1'))).toBe('/orderprocessinglist?mode=deliveries');
    expect(startPath(TENANT_START)).toBe('/map/t1/');
  });

  it('the table covers every role', () => {
    // A role added to the roles table must be given its start here.
    expect(ROLE_NUMBERS).toHaveLength(12);
  });

  it.each(PRINCIPALS)('the start of %o is built and lets the user in', (user) => {
    for (const tenant of ['t1', null]) {
      const start = startOf(user, tenant);
      expect(isBuilt(start.screen)).toBe(true);
      expect(guardScreen(SCREEN_BY_NAME[start.screen], user)).toEqual(ALLOW);
    }
  });
});

describe('usableNav', () => {
  it('names only screens of the table', () => {
    const names = new Set(SCREENS.map((s) => s.name));
    for (const screen of UNBUILT_SCREENS) expect(names.has(screen)).toBe(true);
  });

  it.each(PRINCIPALS)('offers %o only built screens, in the order of visibleNav', (user) => {
    const usable = usableNav(user);
    expect(usable).toEqual(visibleNav(user).filter((e) => usable.includes(e)));
    for (const entry of usable) {
      const nav = NAV.find((n) => n.entry === entry);
      expect(nav && isBuilt(nav.screen)).toBe(true);
    }
  });

  it('builds the branch screens: the branches entry for staff who may see them and every customer role', () => {
    expect(isBuilt('customerlocation_list')).toBe(true);
    expect(isBuilt('customer_location')).toBe(true);
    for (const role of [Role.ADMIN_ROLE, Role.PROJECT_ROLE, Role.PROJECT_ONLY_ROLE, Role.ROLE_SERVICE_TECHNIKER]) {
      expect(usableNav({ role })).toContain('branches');
    }
    for (const customerRole of [
      CustomerRole.ROLE_DEFAULT,
      CustomerRole.ROLE_REGIONAL_MANAGER,
      CustomerRole.ROLE_CONTROL,
    ]) {
      expect(usableNav({ role: Role.ROLE_FILIALE, customerRole })).toContain('branches');
    }
    expect(usableNav({ role: Role.STANDARD_ROLE })).not.toContain('branches');
  });

  it('builds the offer screens: the offers entry (and tile) for exactly the roles that may read offers (decision 022)', () => {
    expect(isBuilt('offer_list')).toBe(true);
    expect(isBuilt('offer')).toBe(true);
    for (const user of PRINCIPALS) {
      expect(usableNav(user).includes('offers'), JSON.stringify(user)).toBe(mayCall('offers:read', user));
    }
    expect(usableNav({ role: Role.ROLE_LAGER })).toContain('offers');
    expect(usableNav({ role: Role.ROLE_SERVICE_TECHNIKER })).toContain('offers');
    expect(usableNav({ role: Role.ACCEPTOR_ROLE })).not.toContain('offers');
  });

  it('offers the defect reports (entry and tile) to exactly the roles that handle them (decision 021)', () => {
    for (const user of PRINCIPALS) {
      expect(usableNav(user).includes('defectReports'), JSON.stringify(user)).toBe(
        mayCall('defectreports:manage', user),
      );
    }
  });

  it('offers the operations evaluation (entry and tile) to exactly those whose role and evaluation flag its API admits', () => {
    expect(isBuilt('opevaluation')).toBe(true);
    const users = PRINCIPALS.flatMap((u) => [
      { ...u, auswertung: true },
      { ...u, auswertung: false },
    ]);
    for (const user of users) {
      expect(usableNav(user).includes('evaluation'), JSON.stringify(user)).toBe(mayCall('orders:evaluation', user));
    }
  });

  it('offers the offer evaluation (entry and tile) to exactly those whose role and evaluation flag its API admits', () => {
    expect(isBuilt('offerevaluation')).toBe(true);
    const users = PRINCIPALS.flatMap((u) => [
      { ...u, auswertung: true },
      { ...u, auswertung: false },
    ]);
    for (const user of users) {
      expect(usableNav(user).includes('offerEvaluation'), JSON.stringify(user)).toBe(
        mayCall('offers:evaluation', user),
      );
    }
    expect(usableNav({ role: Role.ADMIN_ROLE, auswertung: true })).toContain('offerEvaluation');
    expect(usableNav({ role: Role.ADMIN_ROLE, auswertung: false })).not.toContain('offerEvaluation');
  });

  it('gives every staff role at least one entry, the tenant list', () => {
    for (const role of ROLE_NUMBERS.filter((r) => r !== Role.ROLE_FILIALE)) {
      expect(usableNav({ role })).toContain('nearbyLists');
    }
  });
});
