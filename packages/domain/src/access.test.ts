/**
 * The screen table, route guard, landing screen and navigation of access.ts checked against an
 * expected table written independently from SPEC §2 and §6 (nothing here is imported from
 * access.ts to build the expectation).
 */
import { describe, expect, it } from 'vitest';
import { API_ACCESS, type GuardResult, guardScreen, SCREEN_BY_NAME, SCREENS, type ScreenName } from './access';
import { ALLOW, PRINCIPALS, sorted } from './access.fixtures';
import { type Language, resources, translate } from './locales/resources';
import { CustomerRole, type CustomerRoleNumber, type Principal, Role, type RoleNumber } from './roles';

// ---------------------------------------------------------------------------------------------
// SPEC §2, screen by screen.

/** name: path, exactly as SPEC §2 writes them. */
const SPEC_PATHS = {
  // Public routes
  login: '/admin/login',
  validate2fa: '/admin/validate2fa',
  disable2fa: '/disable2fa',
  confirmation: '/confirmation',
  home: '/',
  passwordreset: '/admin/passwordreset',
  passwordresetfinish: '/admin/reset/finish',
  // Admin only
  useradministration_list: '/admin/useradministration',
  useradministration: '/admin/useradministration/{slug}',
  admin_dashboard: '/admin/dashboard',
  booktype_list: '/admin/booktype_list',
  booktype: '/admin/booktype/{slug}',
  register: '/register',
  // All staff roles and all customer roles
  settings: '/admin/settings/{slug}',
  changepassword: '/admin/changepassword/{slug}',
  // Admin, list admin, standard, acceptor, acceptor lite, project, project only
  tenant_list: '/admin/tenant_list/',
  tenant: '/admin/tenant/{slug}',
  list_allmyinspections: '/allmyinspections',
  list_allinspectionsinprogress: '/allinspectionsinprogress/{tenant}',
  opevaluation: '/opevaluation',
  statistik_gutachten: '/statistik_gutachten/{slug}',
  // Order processing
  list_orderprocessing: '/orderprocessinglist',
  orderprocessing: '/orderprocessing/{slug?}',
  // Staff roles plus service technician
  tenantStart: '/map/{slug}/',
  qrcode: '/qrcode/{slug}',
  book_new: '/book/{tenant}/new/{folder}',
  book_edit: '/book/{tenant}/{slug}/edit',
  book_list: '/book/{tenant}/{slug}',
  // Expert report screens
  inspection_pruefgutachten: '/book/{tenant}/{book}/inspection_pruefgutachten/{slug}',
  inspection_pruefgutachten_upload_existing: '/book/{tenant}/{book}/inspection_pruefgutachten_upload_existing/{slug}',
  // Maintenance and inspection screens
  inspection_wartung: '/book/{tenant}/{book}/inspection_wartung/{slug}',
  inspection: '/admin/inspection/{slug}',
  selfinspection: '/admin/selfinspection/{slug}',
  // Branches
  customerlocation_list: '/customerlocationlist',
  customer_location: '/customerlocation/{slug?}',
  qrcode_scan: '/qrcode_scan',
  costlist: '/costlist',
  capacities: '/capacities',
  // Offers
  offer: '/offer/{slug?}',
  offer_list: '/offerlist',
  offerevaluation: '/offerevaluation',
  // Not in the table: list_edit, book and dashboard. §2 names them ("Other screens named in the
  // product") but gives neither path nor roles, so there is nothing to hold the product to.
} as const;
type SpecScreen = keyof typeof SPEC_PATHS;

/** Pages the product adds beyond §2 (footer links "privacy and imprint"); they must be public. */
const EXTRA_PUBLIC = ['privacy', 'imprint', 'qr_public'] as const;

interface Expected {
  public: boolean;
  roles: RoleNumber[];
  /** Customer roles a branch user (role 8) must hold; empty where role 8 may not open the screen. */
  customerRoles: CustomerRoleNumber[];
  evaluation: boolean;
}

const PUBLIC = '*';
const EVALUATION = 'evaluation';
/**
 * matrix: twelve columns, column n is role number n; 'x' may open, '.' may not; '*' = public.
 * branch: the customer roles a branch user needs, D default (1), R regional manager (2), C control (3).
 */
type Branch = '' | 'C' | 'RC' | 'DRC';
function row(matrix: string, branch: Branch, flag?: typeof EVALUATION): Expected {
  if (matrix === PUBLIC) return { public: true, roles: [], customerRoles: [], evaluation: false };
  const cells = matrix.split(/\s+/);
  if (cells.length !== 12 || cells.some((c) => c !== 'x' && c !== '.')) throw new Error(`bad matrix ${matrix}`);
  const roles = cells.flatMap((c, i) => (c === 'x' ? [(i + 1) as RoleNumber] : []));
  const letters = { D: CustomerRole.ROLE_DEFAULT, R: CustomerRole.ROLE_REGIONAL_MANAGER, C: CustomerRole.ROLE_CONTROL };
  const customerRoles = [...branch].map((l) => letters[l as keyof typeof letters]);
  if (roles.includes(Role.ROLE_FILIALE) !== customerRoles.length > 0) throw new Error(`branch column ${matrix}`);
  return { public: false, roles, customerRoles, evaluation: flag === EVALUATION };
}

/*
 * Roles:  1 admin  2 list admin  3 standard  4 acceptor  5 project  6 project only  7 warehouse
 *         8 branch  9 service technician  10 acceptor lite  11 production  12 production lead
 *
 * How the less clear sentences of §2 are read here:
 * - "All staff roles and all customer roles" (settings, changepassword): every role 1..12, the
 *   branch user with any of the three customer roles.
 * - "Staff roles plus service technician (no warehouse, branch, production)": "staff roles" is the
 *   group written out just above (admin, list admin, standard, acceptor, acceptor lite, project,
 *   project only); production lead is not in it and not added, so it is excluded like production.
 * - book_list "staff roles plus branch and service technician": the same group + 8 + 9.
 * - Expert report "staff, warehouse, branch, service technician": the group + 7 + 8 + 9; maintenance
 *   and inspection screens: "the same staff roles", i.e. the same role list as the expert reports.
 * - Branches "(customer roles regional manager and control only)": §2 names no internal role. The
 *   roles are taken from §6 navigation ("Branches: admin, project, project only, service technician,
 *   or a branch user with customer role regional manager or control"), since the nav would not
 *   offer a screen those users cannot open.
 * - Decision 017 (every role has a working start) widens the reading screens: every staff role opens
 *   the tenant list, a tenant's installations and a book, and everyone may open a record to read it;
 *   writing stays with the API's groups. Those rows are marked 017.
 * - "additionally needs the evaluation flag" / "needs the evaluation flag": evaluation = true.
 */
const ACCESS_ROWS: [matrix: string, branch: Branch, name: SpecScreen, flag?: typeof EVALUATION][] = [
  //1 2 3 4 5 6 7 8 9 10 11 12  (role numbers)
  ['*', '', 'login'],
  ['*', '', 'validate2fa'],
  ['*', '', 'disable2fa'],
  ['*', '', 'confirmation'],
  ['*', '', 'home'],
  ['*', '', 'passwordreset'],
  ['*', '', 'passwordresetfinish'],

  ['x . . . . . . . .  .  .  .', '', 'useradministration_list'],
  ['x . . . . . . . .  .  .  .', '', 'useradministration'],
  ['x . . . . . . . .  .  .  .', '', 'admin_dashboard'],
  ['x . . . . . . . .  .  .  .', '', 'booktype_list'],
  ['x . . . . . . . .  .  .  .', '', 'booktype'],
  ['x . . . . . . . .  .  .  .', '', 'register'],

  ['x x x x x x x x x  x  x  x', 'DRC', 'settings'],
  ['x x x x x x x x x  x  x  x', 'DRC', 'changepassword'],

  ['x x x x x x x . x  x  x  x', '', 'tenant_list'], // 017
  ['x x x x x x . . .  x  .  .', '', 'tenant'],
  ['x x x x x x . . .  x  .  .', '', 'list_allmyinspections'],
  ['x x x x x x . . .  x  .  .', '', 'list_allinspectionsinprogress'],
  ['x x x x x x . . .  x  .  .', '', 'opevaluation', EVALUATION],
  ['x x x x x x . . x  x  .  .', '', 'statistik_gutachten'],

  ['x x x x x x x . x  x  x  x', '', 'list_orderprocessing'],
  ['x x x x x x x . x  x  x  x', '', 'orderprocessing'],

  ['x x x x x x x . x  x  x  x', '', 'tenantStart'], // 017
  ['x x x x x x . . x  x  .  .', '', 'qrcode'],
  ['x x x x x x . . x  x  .  .', '', 'book_new'],
  ['x x x x x x . . x  x  .  .', '', 'book_edit'],
  ['x x x x x x x x x  x  x  x', 'DRC', 'book_list'], // 017

  ['x x x x x x x x x  x  x  x', 'C', 'inspection_pruefgutachten'], // 017
  ['x x x x x x x x x  x  x  x', 'C', 'inspection_pruefgutachten_upload_existing'], // 017

  ['x x x x x x x x x  x  x  x', 'DRC', 'inspection_wartung'], // 017
  ['x x x x x x x x x  x  x  x', 'DRC', 'inspection'], // 017
  ['x x x x x x x x x  x  x  x', 'DRC', 'selfinspection'], // 017

  ['x . . . x x . x x  .  .  .', 'DRC', 'customerlocation_list'], // 019
  ['x . . . x x . x x  .  .  .', 'DRC', 'customer_location'], // 019

  ['x . . . . . . x x  .  .  .', 'RC', 'qrcode_scan'],
  ['x . . . . . . . .  .  .  x', '', 'costlist'],
  ['x x x . x x x . x  .  x  x', '', 'capacities'],

  ['x x x . x x x . x  .  x  x', '', 'offer'],
  ['x x x . x x x . x  .  x  x', '', 'offer_list'],
  ['x x x . x x . . .  .  .  x', '', 'offerevaluation', EVALUATION],
];
const EXPECTED = Object.fromEntries(ACCESS_ROWS.map(([m, b, name, f]) => [name, row(m, b, f)])) as Record<
  SpecScreen,
  Expected
>;

/** Screens the product adds beyond §2 that need a sign-in, with their path and access row. */
const EXTRA_SIGNED_IN: [matrix: string, branch: Branch, name: ScreenName, path: string][] = [
  // 021: the defects reported on the public QR page, for those who handle them ('defectreports:manage')
  ['x x x x x x . . x  x  .  .', '', 'defectreport_list', '/defectreports'],
  // 025: the door component catalogue, kept by admins ('components:manage')
  ['x . . . . . . . .  .  .  .', '', 'component_list', '/admin/component_list'],
  // 059: a tenant's retired books, their restore and the legal holds ('books:retired', 'retention:write')
  ['x . . . . . . . .  .  .  .', '', 'retired_books', '/admin/retired/{tenant}'],
  // 061, 062: a book prepared for the road and a record made offline ('offline:day')
  ['x x x x x x x . x  x  .  .', '', 'offline_book', '/offline/{tenant}/{slug}'],
  ['x x x x x x x . x  x  .  .', '', 'offline_record', '/offline/{tenant}/record/{slug}'],
];

const SPEC_SCREENS = Object.keys(EXPECTED) as SpecScreen[];

describe('SCREENS against SPEC §2', () => {
  it('the expected path and access tables name the same screens', () => {
    expect(Object.keys(SPEC_PATHS).sort()).toEqual([...SPEC_SCREENS].sort());
    expect(ACCESS_ROWS).toHaveLength(SPEC_SCREENS.length);
  });

  it('holds exactly the screens of §2 plus the public privacy, imprint and QR pages and the extra screens', () => {
    expect(SCREENS.map((s) => s.name).sort()).toEqual(
      [...SPEC_SCREENS, ...EXTRA_PUBLIC, ...EXTRA_SIGNED_IN.map(([, , name]) => name)].sort(),
    );
    expect(new Set(SCREENS.map((s) => s.name)).size).toBe(SCREENS.length);
  });

  it.each(EXTRA_PUBLIC)('%s is an extra public page', (name) => {
    expect(SCREEN_BY_NAME[name].public).toBe(true);
  });

  it.each(SPEC_SCREENS)('%s: path, roles, customer roles and evaluation flag', (name) => {
    const s = SCREEN_BY_NAME[name];
    const e = EXPECTED[name];
    expect({
      path: s.path,
      public: !!s.public,
      roles: sorted(s.roles),
      customerRoles: sorted(s.customerRoles),
      evaluation: !!s.evaluation,
    }).toEqual({ path: SPEC_PATHS[name], ...e });
  });

  it.each(EXTRA_SIGNED_IN)('extra screen %s %s %s: path, roles and customer roles', (matrix, branch, name, path) => {
    const s = SCREEN_BY_NAME[name];
    expect({
      path: s.path,
      public: !!s.public,
      roles: sorted(s.roles),
      customerRoles: sorted(s.customerRoles),
      evaluation: !!s.evaluation,
    }).toEqual({ path, ...row(matrix, branch) });
  });

  it('the defect report screen is for exactly the roles of its API', () => {
    expect(sorted(SCREEN_BY_NAME.defectreport_list.roles)).toEqual(sorted(API_ACCESS['defectreports:manage']));
  });

  it.each([...SPEC_SCREENS, ...EXTRA_PUBLIC, ...EXTRA_SIGNED_IN.map(([, , name]) => name)])(
    '%s has a route title in de and en',
    (name) => {
      const s = SCREEN_BY_NAME[name];
      expect(s.title).toBe(`screens.${name}`);
      expect(lookup('de', s.title)).toEqual(expect.any(String));
      expect(lookup('en', s.title)).toEqual(expect.any(String));
    },
  );
});

/** The text of a key in exactly one language (no fallback), checked to be what translate() gives. */
function lookup(lang: Language, key: string): string | undefined {
  let node: unknown = resources[lang].translation;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') return undefined;
  expect(translate(lang, key)).toBe(node);
  return node;
}

// ---------------------------------------------------------------------------------------------
// SPEC §6 route guard.

const TO_LOGIN: GuardResult = { allow: false, redirect: 'login' };
const TO_HOME: GuardResult = { allow: false, redirect: 'home' };

/** §6, applied to the expected table rather than to SCREENS. */
function expectedGuard(name: SpecScreen, user: Principal | null): GuardResult {
  const e = EXPECTED[name];
  if (e.public) return ALLOW;
  if (!user) return TO_LOGIN; // "otherwise the user goes to login"
  if (!e.roles.includes(user.role)) return TO_HOME; // "authority must be among the route's allowed roles, else /"
  if (e.evaluation && !user.auswertung) return TO_HOME; // "needs the user's evaluation flag, else /"
  // "A branch user must also hold one of the route's allowed customer roles, else /." Others' customer role is ignored.
  if (user.role === Role.ROLE_FILIALE && !(user.customerRole && e.customerRoles.includes(user.customerRole))) {
    return TO_HOME;
  }
  return ALLOW;
}

/** Every role, with and without the auswertung flag, with no or any customer role. */
describe('guardScreen (SPEC §6 route guard)', () => {
  const SCREEN = (name: ScreenName) => SCREEN_BY_NAME[name];
  const admin: Principal = { role: Role.ADMIN_ROLE };
  const branch = (customerRole: CustomerRoleNumber | null): Principal => ({ role: Role.ROLE_FILIALE, customerRole });

  it.each<[string, ScreenName, Principal | null, GuardResult]>([
    ['signed out, non-public screen', 'settings', null, TO_LOGIN],
    ['signed out, admin screen', 'useradministration_list', null, TO_LOGIN],
    ['signed out, evaluation screen', 'opevaluation', null, TO_LOGIN],
    ['signed out, public login', 'login', null, ALLOW],
    ['signed out, public home', 'home', null, ALLOW],
    ['signed out, extra public privacy', 'privacy', null, ALLOW],
    ['branch user without customer role, public home', 'home', branch(null), ALLOW],
    ['standard user on an admin screen', 'useradministration_list', { role: Role.STANDARD_ROLE }, TO_HOME],
    ['warehouse on book_new (no warehouse)', 'book_new', { role: Role.ROLE_LAGER }, TO_HOME],
    ['production lead on book_new (no production)', 'book_new', { role: Role.ROLE_LEITER_FERTIGUNG }, TO_HOME],
    ['acceptor on capacities', 'capacities', { role: Role.ACCEPTOR_ROLE }, TO_HOME],
    ['admin on costlist', 'costlist', admin, ALLOW],
    ['admin on opevaluation without flag', 'opevaluation', admin, TO_HOME],
    ['admin on opevaluation with flag', 'opevaluation', { ...admin, auswertung: true }, ALLOW],
    [
      'acceptor on offerevaluation with flag (role not allowed)',
      'offerevaluation',
      { role: 4, auswertung: true },
      TO_HOME,
    ],
    ['production lead on offerevaluation with flag', 'offerevaluation', { role: 12, auswertung: true }, ALLOW],
    ['branch user without customer role on settings', 'settings', branch(null), TO_HOME],
    ['branch default on settings', 'settings', branch(CustomerRole.ROLE_DEFAULT), ALLOW],
    ['branch default on expert report', 'inspection_pruefgutachten', branch(CustomerRole.ROLE_DEFAULT), TO_HOME],
    ['branch regional manager on expert report', 'inspection_pruefgutachten', branch(2), TO_HOME],
    ['branch control on expert report', 'inspection_pruefgutachten', branch(CustomerRole.ROLE_CONTROL), ALLOW],
    ['branch default on branch list (decision 019)', 'customerlocation_list', branch(CustomerRole.ROLE_DEFAULT), ALLOW],
    ['branch regional manager on branch list', 'customerlocation_list', branch(2), ALLOW],
    ['branch control on qrcode_scan', 'qrcode_scan', branch(CustomerRole.ROLE_CONTROL), ALLOW],
    ['branch control on tenant_list (role not allowed)', 'tenant_list', branch(CustomerRole.ROLE_CONTROL), TO_HOME],
    ['admin with a customer role: the customer role is ignored', 'qrcode_scan', { role: 1, customerRole: 1 }, ALLOW],
    [
      'project with a customer role: the customer role is ignored',
      'customer_location',
      { role: 5, customerRole: 1 },
      ALLOW,
    ],
  ])('%s', (_, name, user, result) => {
    expect(guardScreen(SCREEN(name), user)).toEqual(result);
  });

  it.each(SPEC_SCREENS)('%s: every principal is let in or sent away as §6 says', (name) => {
    const wrong = [null, ...PRINCIPALS].flatMap((user) => {
      const got = guardScreen(SCREEN_BY_NAME[name], user);
      const want = expectedGuard(name, user);
      return JSON.stringify(got) === JSON.stringify(want) ? [] : [{ user, got, want }];
    });
    expect(wrong).toEqual([]);
  });
});
