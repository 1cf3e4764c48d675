/**
 * The screen table, route guard, landing screen and navigation of access.ts checked against an
 * expected table written independently from SPEC §2 and §6 (nothing here is imported from
 * access.ts to build the expectation).
 */
import { describe, expect, it } from 'vitest';
import {
  type GuardResult,
  guardScreen,
  landingScreen,
  NAV,
  type NavEntry,
  SCREEN_BY_NAME,
  SCREENS,
  type ScreenName,
  screenPath,
  showAdminMenu,
  visibleNav,
} from './access';
import { type Language, resources, translate } from './locales/resources';
import {
  AUTHORITY_BY_ROLE,
  CUSTOMER_AUTHORITY_BY_ROLE,
  CustomerRole,
  type CustomerRoleNumber,
  type Principal,
  ROLE_NUMBERS,
  Role,
  type RoleNumber,
  roleFromAuthority,
} from './roles';

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
const EXTRA_PUBLIC = ['privacy', 'imprint'] as const;

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

  ['x x x x x x . . .  x  .  .', '', 'tenant_list'],
  ['x x x x x x . . .  x  .  .', '', 'tenant'],
  ['x x x x x x . . .  x  .  .', '', 'list_allmyinspections'],
  ['x x x x x x . . .  x  .  .', '', 'list_allinspectionsinprogress'],
  ['x x x x x x . . .  x  .  .', '', 'opevaluation', EVALUATION],
  ['x x x x x x . . x  x  .  .', '', 'statistik_gutachten'],

  ['x x x x x x x . x  x  x  x', '', 'list_orderprocessing'],
  ['x x x x x x x . x  x  x  x', '', 'orderprocessing'],

  ['x x x x x x . . x  x  .  .', '', 'tenantStart'],
  ['x x x x x x . . x  x  .  .', '', 'qrcode'],
  ['x x x x x x . . x  x  .  .', '', 'book_new'],
  ['x x x x x x . . x  x  .  .', '', 'book_edit'],
  ['x x x x x x . x x  x  .  .', 'DRC', 'book_list'],

  ['x x x x x x x x x  x  .  .', 'C', 'inspection_pruefgutachten'],
  ['x x x x x x x x x  x  .  .', 'C', 'inspection_pruefgutachten_upload_existing'],

  ['x x x x x x x x x  x  .  .', 'DRC', 'inspection_wartung'],
  ['x x x x x x x x x  x  .  .', 'DRC', 'inspection'],
  ['x x x x x x x x x  x  .  .', 'DRC', 'selfinspection'],

  ['x . . . x x . x x  .  .  .', 'RC', 'customerlocation_list'],
  ['x . . . x x . x x  .  .  .', 'RC', 'customer_location'],

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

const SPEC_SCREENS = Object.keys(EXPECTED) as SpecScreen[];
const sorted = <T extends number>(xs: readonly T[]) => [...xs].sort((a, b) => a - b);

describe('SCREENS against SPEC §2', () => {
  it('the expected path and access tables name the same screens', () => {
    expect(Object.keys(SPEC_PATHS).sort()).toEqual([...SPEC_SCREENS].sort());
    expect(ACCESS_ROWS).toHaveLength(SPEC_SCREENS.length);
  });

  it('holds exactly the screens of §2 plus the public privacy and imprint pages', () => {
    expect(SCREENS.map((s) => s.name).sort()).toEqual([...SPEC_SCREENS, ...EXTRA_PUBLIC].sort());
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

  it.each([...SPEC_SCREENS, ...EXTRA_PUBLIC])('%s has a route title in de and en', (name) => {
    const s = SCREEN_BY_NAME[name];
    expect(s.title).toBe(`screens.${name}`);
    expect(lookup('de', s.title)).toEqual(expect.any(String));
    expect(lookup('en', s.title)).toEqual(expect.any(String));
  });
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

const ALLOW: GuardResult = { allow: true };
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
const PRINCIPALS: Principal[] = ROLE_NUMBERS.flatMap((role) =>
  [false, true].flatMap((auswertung) =>
    [null, ...Object.values(CustomerRole)].map((customerRole) => ({ role, auswertung, customerRole })),
  ),
);

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
    ['branch default on branch list', 'customerlocation_list', branch(CustomerRole.ROLE_DEFAULT), TO_HOME],
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

// ---------------------------------------------------------------------------------------------
// SPEC §4 "After login with target / a branch user whose customer role is not default goes to the branch list."

describe('landingScreen', () => {
  it.each<[Principal, ScreenName]>([
    [{ role: Role.ROLE_FILIALE, customerRole: CustomerRole.ROLE_REGIONAL_MANAGER }, 'customerlocation_list'],
    [{ role: Role.ROLE_FILIALE, customerRole: CustomerRole.ROLE_CONTROL }, 'customerlocation_list'],
    [{ role: Role.ROLE_FILIALE, customerRole: CustomerRole.ROLE_DEFAULT }, 'home'],
    // A branch user without any customer role could not open the branch list, so home.
    [{ role: Role.ROLE_FILIALE, customerRole: null }, 'home'],
    ...ROLE_NUMBERS.filter((r) => r !== Role.ROLE_FILIALE).flatMap((role) =>
      [null, ...Object.values(CustomerRole)].map((customerRole): [Principal, ScreenName] => [
        { role, customerRole },
        'home',
      ]),
    ),
  ])('%o → %s', (user, screen) => {
    expect(landingScreen(user)).toBe(screen);
  });

  it.each(PRINCIPALS)('the landing screen of %o lets the user in', (user) => {
    expect(guardScreen(SCREEN_BY_NAME[landingScreen(user)], user)).toEqual(ALLOW);
  });
});

// ---------------------------------------------------------------------------------------------
// SPEC §6 navigation visibility.

/** Entries in the order of §2 "Navigation bar", with the screen each one opens (read from the entry's name). */
const NAV_TARGETS: [NavEntry, ScreenName][] = [
  ['nearbyLists', 'tenant_list'],
  ['myInspections', 'list_allmyinspections'],
  ['orderProcessing', 'list_orderprocessing'],
  ['evaluation', 'opevaluation'],
  ['branches', 'customerlocation_list'],
  ['qrCode', 'qrcode_scan'],
  ['costList', 'costlist'],
  ['capacityPlanning', 'capacities'],
  ['offers', 'offer_list'],
  ['offerEvaluation', 'offerevaluation'],
];

/*
 * Written out by hand from the §6 rules. The implementation also hides an entry whose target screen
 * the route guard would refuse (so the nav never offers a link that bounces back to /). Where that
 * hides more than the §6 rule alone, the row says so:
 * - nearby lists / My inspections: §6 only hides them from project only and branch, but tenant_list
 *   and list_allmyinspections are office-only (§2), so warehouse, service technician, production and
 *   production lead lose them to the guard.
 * - Evaluation / offer evaluation: "admin or users with the evaluation flag", but both screens need
 *   the flag (§2), so an admin without the flag does not see them; and a flagged user whose role
 *   the screen does not allow does not see them either (opevaluation: office roles; offerevaluation:
 *   1, 2, 3, 5, 6, 12).
 */
const ADMIN_BASE: NavEntry[] = [
  'nearbyLists',
  'myInspections',
  'orderProcessing',
  'branches',
  'qrCode',
  'costList',
  'capacityPlanning',
  'offers',
];
const NAV_EXPECTED: [string, Principal, NavEntry[]][] = [
  ['admin', { role: 1 }, ADMIN_BASE], // evaluation entries hidden by the guard (no flag)
  ['admin + flag', { role: 1, auswertung: true }, [...ADMIN_BASE, 'evaluation', 'offerEvaluation']],
  ['list admin', { role: 2 }, ['nearbyLists', 'myInspections', 'capacityPlanning']],
  [
    'list admin + flag',
    { role: 2, auswertung: true },
    ['nearbyLists', 'myInspections', 'capacityPlanning', 'evaluation', 'offerEvaluation'],
  ],
  ['standard', { role: 3 }, ['nearbyLists', 'myInspections', 'capacityPlanning']],
  [
    'standard + flag',
    { role: 3, auswertung: true },
    ['nearbyLists', 'myInspections', 'capacityPlanning', 'evaluation', 'offerEvaluation'],
  ],
  ['acceptor', { role: 4 }, ['nearbyLists', 'myInspections']],
  // offer evaluation hidden by the guard: offerevaluation does not allow acceptors
  ['acceptor + flag', { role: 4, auswertung: true }, ['nearbyLists', 'myInspections', 'evaluation']],
  [
    'project',
    { role: 5 },
    ['nearbyLists', 'myInspections', 'orderProcessing', 'branches', 'capacityPlanning', 'offers'],
  ],
  [
    'project + flag',
    { role: 5, auswertung: true },
    [
      'nearbyLists',
      'myInspections',
      'orderProcessing',
      'branches',
      'capacityPlanning',
      'offers',
      'evaluation',
      'offerEvaluation',
    ],
  ],
  ['project only', { role: 6 }, ['orderProcessing', 'branches', 'capacityPlanning', 'offers']],
  [
    'project only + flag',
    { role: 6, auswertung: true },
    ['orderProcessing', 'branches', 'capacityPlanning', 'offers', 'evaluation', 'offerEvaluation'],
  ],
  // nearby lists / My inspections and both evaluations hidden by the guard
  ['warehouse', { role: 7 }, ['orderProcessing', 'capacityPlanning', 'offers']],
  ['warehouse + flag', { role: 7, auswertung: true }, ['orderProcessing', 'capacityPlanning', 'offers']],
  ['service technician', { role: 9 }, ['orderProcessing', 'branches', 'qrCode', 'capacityPlanning', 'offers']],
  [
    'service technician + flag',
    { role: 9, auswertung: true },
    ['orderProcessing', 'branches', 'qrCode', 'capacityPlanning', 'offers'],
  ],
  ['acceptor lite', { role: 10 }, ['nearbyLists', 'myInspections']],
  ['acceptor lite + flag', { role: 10, auswertung: true }, ['nearbyLists', 'myInspections', 'evaluation']],
  ['production', { role: 11 }, ['orderProcessing', 'capacityPlanning', 'offers']],
  ['production + flag', { role: 11, auswertung: true }, ['orderProcessing', 'capacityPlanning', 'offers']],
  ['production lead', { role: 12 }, ['orderProcessing', 'costList', 'capacityPlanning', 'offers']],
  // evaluation hidden by the guard: opevaluation is office-only
  [
    'production lead + flag',
    { role: 12, auswertung: true },
    ['orderProcessing', 'costList', 'capacityPlanning', 'offers', 'offerEvaluation'],
  ],
  // Branch users: only Branches and QR code, and only as regional manager or control; the flag
  // opens no evaluation since neither evaluation screen allows role 8.
  ...[false, true].flatMap((auswertung): [string, Principal, NavEntry[]][] => [
    [`branch, no customer role, flag ${auswertung}`, { role: 8, customerRole: null, auswertung }, []],
    [`branch default, flag ${auswertung}`, { role: 8, customerRole: 1, auswertung }, []],
    [`branch regional manager, flag ${auswertung}`, { role: 8, customerRole: 2, auswertung }, ['branches', 'qrCode']],
    [`branch control, flag ${auswertung}`, { role: 8, customerRole: 3, auswertung }, ['branches', 'qrCode']],
  ]),
];

describe('navigation (SPEC §6)', () => {
  it('NAV lists the entries of §2 in order, each opening its screen', () => {
    expect(NAV.map((n) => [n.entry, n.screen])).toEqual(NAV_TARGETS);
  });

  it('the expected table covers every role', () => {
    expect(new Set(NAV_EXPECTED.map(([, u]) => u.role))).toEqual(new Set(ROLE_NUMBERS));
  });

  it.each(NAV_EXPECTED)('%s', (_, user, entries) => {
    const inNavOrder = NAV_TARGETS.map(([entry]) => entry).filter((e) => entries.includes(e));
    expect(visibleNav(user)).toEqual(inNavOrder);
  });

  it.each(PRINCIPALS)('never offers a screen the guard refuses: %o', (user) => {
    const target = Object.fromEntries(NAV_TARGETS) as Record<NavEntry, ScreenName>;
    for (const entry of visibleNav(user)) expect(guardScreen(SCREEN_BY_NAME[target[entry]], user)).toEqual(ALLOW);
  });

  it.each(ROLE_NUMBERS)(
    'user menu admin entries (user administration, dashboard, book type, version) for role %i',
    (role) => {
      expect(showAdminMenu({ role })).toBe(role === Role.ADMIN_ROLE);
    },
  );
});

// ---------------------------------------------------------------------------------------------

describe('screenPath', () => {
  it.each<[ScreenName, Record<string, string | number>, string]>([
    ['home', {}, '/'],
    ['login', {}, '/admin/login'],
    ['tenant_list', {}, '/admin/tenant_list/'],
    ['tenantStart', { slug: 'acme' }, '/map/acme/'],
    ['book_list', { tenant: 't1', slug: 'b1' }, '/book/t1/b1'],
    ['book_new', { tenant: 't1', folder: 'f1' }, '/book/t1/new/f1'],
    ['book_edit', { tenant: 't1', slug: 'b1' }, '/book/t1/b1/edit'],
    ['inspection_wartung', { tenant: 't', book: 'b', slug: 's' }, '/book/t/b/inspection_wartung/s'],
    ['list_allinspectionsinprogress', { tenant: 't1' }, '/allinspectionsinprogress/t1'],
    ['settings', { slug: 42 }, '/admin/settings/42'],
    ['useradministration', { slug: 'a b/c' }, '/admin/useradministration/a%20b%2Fc'],
    ['orderprocessing', { slug: 'o1' }, '/orderprocessing/o1'],
    ['orderprocessing', {}, '/orderprocessing'],
    ['customer_location', { slug: 7 }, '/customerlocation/7'],
    ['customer_location', {}, '/customerlocation'],
    ['offer', { slug: 'new' }, '/offer/new'],
    ['offer', {}, '/offer'],
  ])('%s %o → %s', (name, params, path) => {
    expect(screenPath(name, params)).toBe(path);
  });

  it.each(SCREENS.map((s) => s.name))('%s: every placeholder is filled', (name) => {
    const keys = [...SCREEN_BY_NAME[name].path.matchAll(/\{(\w+)\??\}/g)].map((m) => m[1] as string);
    const path = screenPath(name, Object.fromEntries(keys.map((k) => [k, `v-${k}`])));
    expect(path).not.toMatch(/[{}]/);
    for (const k of keys) expect(path).toContain(`/v-${k}`);
  });
});

// ---------------------------------------------------------------------------------------------
// SPEC §3 enumerations and §6 authorities.

describe('roles', () => {
  it.each<[number, string, string]>([
    [1, 'ADMIN_ROLE', 'ADMIN_ROLE'],
    [2, 'LIST_ADMIN_ROLE', 'ROLE_TENANTADMIN'],
    [3, 'STANDARD_ROLE', 'STANDARD_ROLE'],
    [4, 'ACCEPTOR_ROLE', 'ACCEPTOR_ROLE'],
    [5, 'PROJECT_ROLE', 'PROJECT_ROLE'],
    [6, 'PROJECT_ONLY_ROLE', 'PROJECT_ONLY_ROLE'],
    [7, 'ROLE_LAGER', 'ROLE_LAGER'],
    [8, 'ROLE_FILIALE', 'ROLE_FILIALE'],
    [9, 'ROLE_SERVICE_TECHNIKER', 'ROLE_SERVICE_TECHNIKER'],
    [10, 'ACCEPTOR_LITE_ROLE', 'ACCEPTOR_LITE_ROLE'],
    [11, 'ROLE_FERTIGUNG', 'ROLE_FERTIGUNG'],
    [12, 'ROLE_LEITER_FERTIGUNG', 'ROLE_LEITER_FERTIGUNG'],
  ])('role %i is %s, loaded as authority %s', (num, name, authority) => {
    expect(Role[name as keyof typeof Role]).toBe(num);
    expect(AUTHORITY_BY_ROLE[num as RoleNumber]).toBe(authority);
    expect(roleFromAuthority(authority)).toBe(num);
  });

  it('knows exactly the twelve role numbers', () => {
    expect(sorted(ROLE_NUMBERS)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(
      Object.keys(AUTHORITY_BY_ROLE)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(sorted(ROLE_NUMBERS));
  });

  it('number 2 is both LIST_ADMIN_ROLE (route tables) and ROLE_TENANTADMIN (authority)', () => {
    expect(AUTHORITY_BY_ROLE[2]).toBe('ROLE_TENANTADMIN');
    expect(roleFromAuthority('LIST_ADMIN_ROLE')).toBe(2);
    expect(roleFromAuthority('ROLE_TENANTADMIN')).toBe(2);
  });

  it('authorities are exactly those of §6', () => {
    expect(Object.values(AUTHORITY_BY_ROLE).sort()).toEqual(
      [
        'ADMIN_ROLE',
        'ROLE_TENANTADMIN',
        'STANDARD_ROLE',
        'ACCEPTOR_ROLE',
        'ACCEPTOR_LITE_ROLE',
        'PROJECT_ROLE',
        'PROJECT_ONLY_ROLE',
        'ROLE_LAGER',
        'ROLE_FILIALE',
        'ROLE_SERVICE_TECHNIKER',
        'ROLE_FERTIGUNG',
        'ROLE_LEITER_FERTIGUNG',
      ].sort(),
    );
  });

  it.each(['', 'ROLE_ADMIN', 'admin_role', 'ROLE_DEFAULT'])('unknown authority %j has no role', (authority) => {
    expect(roleFromAuthority(authority)).toBeUndefined();
  });

  it('customer roles: ROLE_DEFAULT 1, ROLE_REGIONAL_MANAGER 2, ROLE_CONTROL 3', () => {
    expect(CustomerRole).toEqual({ ROLE_DEFAULT: 1, ROLE_REGIONAL_MANAGER: 2, ROLE_CONTROL: 3 });
    expect(CUSTOMER_AUTHORITY_BY_ROLE).toEqual({ 1: 'ROLE_DEFAULT', 2: 'ROLE_REGIONAL_MANAGER', 3: 'ROLE_CONTROL' });
  });
});
