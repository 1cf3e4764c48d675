/**
 * THE table of screens (SPEC §2), the role groups the API uses, and the nav visibility rules
 * of SPEC §6. The web router, the nav bar and the API guards all read this file.
 */
import {
  CUSTOMER_ROLE_NUMBERS,
  CustomerRole,
  type CustomerRoleNumber,
  isBranchUser,
  type Principal,
  ROLE_NUMBERS,
  Role,
  type RoleNumber,
} from './roles';

const R = Role;

/** Admin, list admin, standard, acceptor, acceptor lite, project, project only. */
export const OFFICE_ROLES = [
  R.ADMIN_ROLE,
  R.LIST_ADMIN_ROLE,
  R.STANDARD_ROLE,
  R.ACCEPTOR_ROLE,
  R.ACCEPTOR_LITE_ROLE,
  R.PROJECT_ROLE,
  R.PROJECT_ONLY_ROLE,
] as const satisfies readonly RoleNumber[];

/** Every internal role: all roles but the customers' branch users. */
export const STAFF_ROLES = ROLE_NUMBERS.filter((r) => r !== R.ROLE_FILIALE);

const INSPECTION_ROLES = [...OFFICE_ROLES, R.ROLE_LAGER, R.ROLE_FILIALE, R.ROLE_SERVICE_TECHNIKER];
/** The record screens: everyone may open a record to read it (decision 017); writing is the API's 'inspections:write'. */
const RECORD_SCREEN_ROLES = ROLE_NUMBERS;
const OFFER_ROLES = [
  R.ADMIN_ROLE,
  R.LIST_ADMIN_ROLE,
  R.STANDARD_ROLE,
  R.PROJECT_ROLE,
  R.PROJECT_ONLY_ROLE,
  R.ROLE_LAGER,
  R.ROLE_SERVICE_TECHNIKER,
  R.ROLE_FERTIGUNG,
  R.ROLE_LEITER_FERTIGUNG,
];

/** SPEC §2 capacities: everybody but branch users and the two acceptor roles (SPEC §6 agrees). */
const CAPACITY_ROLES = [
  R.ADMIN_ROLE,
  R.ROLE_FERTIGUNG,
  R.ROLE_LEITER_FERTIGUNG,
  R.ROLE_LAGER,
  R.ROLE_SERVICE_TECHNIKER,
  R.STANDARD_ROLE,
  R.PROJECT_ROLE,
  R.PROJECT_ONLY_ROLE,
  R.LIST_ADMIN_ROLE,
];

const OFFER_EVALUATION_ROLES = [
  R.ADMIN_ROLE,
  R.LIST_ADMIN_ROLE,
  R.STANDARD_ROLE,
  R.PROJECT_ROLE,
  R.PROJECT_ONLY_ROLE,
  R.ROLE_LEITER_FERTIGUNG,
];

export type ScreenName =
  | 'login'
  | 'validate2fa'
  | 'disable2fa'
  | 'confirmation'
  | 'home'
  | 'passwordreset'
  | 'passwordresetfinish'
  | 'privacy'
  | 'imprint'
  | 'qr_public'
  | 'useradministration_list'
  | 'useradministration'
  | 'admin_dashboard'
  | 'booktype_list'
  | 'booktype'
  | 'component_list'
  | 'retired_books'
  | 'register'
  | 'settings'
  | 'changepassword'
  | 'tenant_list'
  | 'tenant'
  | 'list_allmyinspections'
  | 'list_allinspectionsinprogress'
  | 'opevaluation'
  | 'statistik_gutachten'
  | 'list_orderprocessing'
  | 'orderprocessing'
  | 'tenantStart'
  | 'qrcode'
  | 'book_new'
  | 'book_edit'
  | 'book_list'
  | 'inspection_pruefgutachten'
  | 'inspection_pruefgutachten_upload_existing'
  | 'inspection_wartung'
  | 'inspection'
  | 'selfinspection'
  | 'customerlocation_list'
  | 'customer_location'
  | 'qrcode_scan'
  | 'costlist'
  | 'capacities'
  | 'offer'
  | 'offer_list'
  | 'offerevaluation'
  | 'defectreport_list'
  | 'offline_book'
  | 'offline_record';

export interface Screen {
  name: ScreenName;
  /** Path below the app's base path /app, as SPEC §2 writes it ({slug?} is optional). */
  path: string;
  /** i18n key of the route title; the page title is the product name plus this title. */
  title: string;
  public?: boolean;
  /** Roles that may open the screen; empty for public screens. */
  roles: readonly RoleNumber[];
  /** Customer roles a branch user (role 8) must hold as well. */
  customerRoles: readonly CustomerRoleNumber[];
  /** Needs the evaluation (auswertung) flag. */
  evaluation?: boolean;
}

const ALL_CUSTOMER = CUSTOMER_ROLE_NUMBERS;
const pub = (name: ScreenName, path: string): Screen => ({
  name,
  path,
  title: `screens.${name}`,
  public: true,
  roles: [],
  customerRoles: [],
});
const screen = (
  name: ScreenName,
  path: string,
  roles: readonly RoleNumber[],
  extra: Partial<Pick<Screen, 'customerRoles' | 'evaluation'>> = {},
): Screen => ({ name, path, title: `screens.${name}`, roles, customerRoles: extra.customerRoles ?? [], ...extra });

/** Who handles the defects reported on the public QR page: the list screen and its API (decision 021). */
const DEFECT_REPORT_ROLES = [...OFFICE_ROLES, R.ROLE_SERVICE_TECHNIKER];
/** Who takes books along and records offline: the roles that write inspections, without branch users (decision 061). */
const OFFLINE_ROLES = [...OFFICE_ROLES, R.ROLE_LAGER, R.ROLE_SERVICE_TECHNIKER];

export const SCREENS: readonly Screen[] = [
  pub('login', '/admin/login'),
  pub('validate2fa', '/admin/validate2fa'),
  pub('disable2fa', '/disable2fa'),
  pub('confirmation', '/confirmation'),
  pub('home', '/'),
  pub('passwordreset', '/admin/passwordreset'),
  pub('passwordresetfinish', '/admin/reset/finish'),
  pub('privacy', '/privacy'),
  pub('imprint', '/imprint'),
  /** The page a QR label opens: the installation, its ampel and a defect report form. */
  pub('qr_public', '/q/{slug}'),

  screen('useradministration_list', '/admin/useradministration', [R.ADMIN_ROLE]),
  screen('useradministration', '/admin/useradministration/{slug}', [R.ADMIN_ROLE]),
  screen('admin_dashboard', '/admin/dashboard', [R.ADMIN_ROLE]),
  screen('booktype_list', '/admin/booktype_list', [R.ADMIN_ROLE]),
  screen('booktype', '/admin/booktype/{slug}', [R.ADMIN_ROLE]),
  /** The door component catalogue (decision 025). */
  screen('component_list', '/admin/component_list', [R.ADMIN_ROLE]),
  /** A tenant's retired books ('Stillgelegt'), their restore and the legal holds (decision 059). */
  screen('retired_books', '/admin/retired/{tenant}', [R.ADMIN_ROLE]),
  screen('register', '/register', [R.ADMIN_ROLE]),

  screen('settings', '/admin/settings/{slug}', ROLE_NUMBERS, { customerRoles: ALL_CUSTOMER }),
  screen('changepassword', '/admin/changepassword/{slug}', ROLE_NUMBERS, { customerRoles: ALL_CUSTOMER }),

  // Every staff role reads the installations of its tenants (decision 017): tenant list, tenant, books.
  screen('tenant_list', '/admin/tenant_list/', STAFF_ROLES),
  screen('tenant', '/admin/tenant/{slug}', OFFICE_ROLES),
  screen('list_allmyinspections', '/allmyinspections', OFFICE_ROLES),
  screen('list_allinspectionsinprogress', '/allinspectionsinprogress/{tenant}', OFFICE_ROLES),
  screen('opevaluation', '/opevaluation', OFFICE_ROLES, { evaluation: true }),
  screen('statistik_gutachten', '/statistik_gutachten/{slug}', [...OFFICE_ROLES, R.ROLE_SERVICE_TECHNIKER]),

  screen('list_orderprocessing', '/orderprocessinglist', STAFF_ROLES),
  screen('orderprocessing', '/orderprocessing/{slug?}', STAFF_ROLES),

  screen('tenantStart', '/map/{slug}/', STAFF_ROLES),
  screen('qrcode', '/qrcode/{slug}', [...OFFICE_ROLES, R.ROLE_SERVICE_TECHNIKER]),
  screen('book_new', '/book/{tenant}/new/{folder}', [...OFFICE_ROLES, R.ROLE_SERVICE_TECHNIKER]),
  screen('book_edit', '/book/{tenant}/{slug}/edit', [...OFFICE_ROLES, R.ROLE_SERVICE_TECHNIKER]),
  screen('book_list', '/book/{tenant}/{slug}', ROLE_NUMBERS, {
    customerRoles: ALL_CUSTOMER,
  }),

  screen('inspection_pruefgutachten', '/book/{tenant}/{book}/inspection_pruefgutachten/{slug}', RECORD_SCREEN_ROLES, {
    customerRoles: [CustomerRole.ROLE_CONTROL],
  }),
  screen(
    'inspection_pruefgutachten_upload_existing',
    '/book/{tenant}/{book}/inspection_pruefgutachten_upload_existing/{slug}',
    RECORD_SCREEN_ROLES,
    { customerRoles: [CustomerRole.ROLE_CONTROL] },
  ),
  screen('inspection_wartung', '/book/{tenant}/{book}/inspection_wartung/{slug}', RECORD_SCREEN_ROLES, {
    customerRoles: ALL_CUSTOMER,
  }),
  screen('inspection', '/admin/inspection/{slug}', RECORD_SCREEN_ROLES, { customerRoles: ALL_CUSTOMER }),
  screen('selfinspection', '/admin/selfinspection/{slug}', RECORD_SCREEN_ROLES, { customerRoles: ALL_CUSTOMER }),

  // SPEC §2 gives the branch screens to regional managers and control; the default user's start is
  // their branch too (decision 019), else their start page would be empty.
  screen(
    'customerlocation_list',
    '/customerlocationlist',
    [R.ADMIN_ROLE, R.PROJECT_ROLE, R.PROJECT_ONLY_ROLE, R.ROLE_SERVICE_TECHNIKER, R.ROLE_FILIALE],
    { customerRoles: ALL_CUSTOMER },
  ),
  screen(
    'customer_location',
    '/customerlocation/{slug?}',
    [R.ADMIN_ROLE, R.PROJECT_ROLE, R.PROJECT_ONLY_ROLE, R.ROLE_SERVICE_TECHNIKER, R.ROLE_FILIALE],
    { customerRoles: ALL_CUSTOMER },
  ),
  screen('qrcode_scan', '/qrcode_scan', [R.ADMIN_ROLE, R.ROLE_FILIALE, R.ROLE_SERVICE_TECHNIKER], {
    customerRoles: [CustomerRole.ROLE_REGIONAL_MANAGER, CustomerRole.ROLE_CONTROL],
  }),

  screen('costlist', '/costlist', [R.ADMIN_ROLE, R.ROLE_LEITER_FERTIGUNG]),
  screen('capacities', '/capacities', CAPACITY_ROLES),
  screen('offer', '/offer/{slug?}', OFFER_ROLES),
  screen('offer_list', '/offerlist', OFFER_ROLES),
  screen('offerevaluation', '/offerevaluation', OFFER_EVALUATION_ROLES, { evaluation: true }),

  // Not in SPEC §2: the defects reported on the public QR page, for those who handle them (decision 021).
  screen('defectreport_list', '/defectreports', DEFECT_REPORT_ROLES),

  // Not in SPEC §2: field mode (decisions 061, 062), a book prepared for the road and a record made offline, for the
  // roles that prepare a day ('offline:day').
  screen('offline_book', '/offline/{tenant}/{slug}', OFFLINE_ROLES),
  screen('offline_record', '/offline/{tenant}/record/{slug}', OFFLINE_ROLES),
];

export const SCREEN_BY_NAME = Object.fromEntries(SCREENS.map((s) => [s.name, s])) as Record<ScreenName, Screen>;

/** Fills a screen path: screenPath('book_list', { tenant: 'a', slug: 'b' }) → /book/a/b */
export function screenPath(name: ScreenName, params: Record<string, string | number> = {}): string {
  const template = SCREEN_BY_NAME[name].path;
  const filled = template
    .replace(/\{(\w+)\??\}/g, (_, key: string) =>
      params[key] === undefined ? '' : encodeURIComponent(String(params[key])),
    )
    .replace(/\/{2,}/g, '/');
  return filled.length > 1 && filled.endsWith('/') && !template.endsWith('/') ? filled.slice(0, -1) : filled;
}

export type GuardResult = { allow: true } | { allow: false; redirect: 'login' | 'home' };

/** The route guard of SPEC §6, for a screen and the signed-in user (or null when signed out). */
export function guardScreen(s: Screen, user: Principal | null): GuardResult {
  if (s.public) return { allow: true };
  if (!user) return { allow: false, redirect: 'login' };
  if (!s.roles.includes(user.role)) return { allow: false, redirect: 'home' };
  if (s.evaluation && !user.auswertung) return { allow: false, redirect: 'home' };
  if (isBranchUser(user) && !(user.customerRole && s.customerRoles.includes(user.customerRole))) {
    return { allow: false, redirect: 'home' };
  }
  return { allow: true };
}

export const canOpen = (name: ScreenName, user: Principal | null) => guardScreen(SCREEN_BY_NAME[name], user).allow;

// ---------------------------------------------------------------------------------------------
// Navigation (SPEC §6). An entry is shown when its rule holds and the guard lets the user in,
// so the nav never offers a link that would bounce back to '/'.

export type NavEntry =
  | 'nearbyLists'
  | 'myInspections'
  | 'orderProcessing'
  | 'evaluation'
  | 'branches'
  | 'qrCode'
  | 'costList'
  | 'capacityPlanning'
  | 'offers'
  | 'offerEvaluation'
  | 'defectReports';

const branchWith = (u: Principal, ...roles: CustomerRoleNumber[]) =>
  isBranchUser(u) && u.customerRole != null && roles.includes(u.customerRole);

/** A nav entry: its screen, who sees it, and the screens below it (the entry stays marked while one is open). */
export const NAV: readonly {
  entry: NavEntry;
  screen: ScreenName;
  rule: (u: Principal) => boolean;
  related?: readonly ScreenName[];
}[] = [
  {
    entry: 'nearbyLists',
    screen: 'tenant_list',
    related: ['tenant', 'tenantStart', 'book_list', 'book_new', 'book_edit', 'qrcode'],
    // SPEC §6 hides it from project only too; decision 017 keeps it: their other areas are not built.
    rule: (u) => !isBranchUser(u),
  },
  {
    entry: 'myInspections',
    screen: 'list_allmyinspections',
    rule: (u) => u.role !== R.PROJECT_ONLY_ROLE && !isBranchUser(u),
  },
  // SPEC §6 shows it to admin, project, project only, warehouse, service technician and production; §2 lets list
  // admin, standard and the acceptors open the screens too, and orders are handed to their departments with a
  // mailed link: everyone who may open the list gets the entry (decision 023), as for the offers (decision 022).
  { entry: 'orderProcessing', screen: 'list_orderprocessing', rule: (u) => canOpen('list_orderprocessing', u) },
  { entry: 'evaluation', screen: 'opevaluation', rule: (u) => u.role === R.ADMIN_ROLE || !!u.auswertung },
  {
    entry: 'branches',
    screen: 'customerlocation_list',
    related: ['customer_location'],
    rule: (u) =>
      [R.ADMIN_ROLE, R.PROJECT_ROLE, R.PROJECT_ONLY_ROLE, R.ROLE_SERVICE_TECHNIKER].some((r) => r === u.role) ||
      // SPEC §6 names regional manager and control; the default user reaches their branch too (decision 019).
      branchWith(u, CustomerRole.ROLE_DEFAULT, CustomerRole.ROLE_REGIONAL_MANAGER, CustomerRole.ROLE_CONTROL),
  },
  {
    entry: 'qrCode',
    screen: 'qrcode_scan',
    rule: (u) =>
      u.role === R.ADMIN_ROLE ||
      u.role === R.ROLE_SERVICE_TECHNIKER ||
      branchWith(u, CustomerRole.ROLE_REGIONAL_MANAGER, CustomerRole.ROLE_CONTROL),
  },
  { entry: 'costList', screen: 'costlist', rule: (u) => u.role === R.ADMIN_ROLE || u.role === R.ROLE_LEITER_FERTIGUNG },
  {
    entry: 'capacityPlanning',
    screen: 'capacities',
    rule: (u) => ![R.ROLE_FILIALE, R.ACCEPTOR_ROLE, R.ACCEPTOR_LITE_ROLE].some((r) => r === u.role),
  },
  // SPEC §6 leaves list admin and standard out although §2 gives them the offer screens: they get the entry (decision 022).
  { entry: 'offers', screen: 'offer_list', related: ['offer'], rule: () => true },
  { entry: 'offerEvaluation', screen: 'offerevaluation', rule: (u) => u.role === R.ADMIN_ROLE || !!u.auswertung },
  // Beyond SPEC §6: the public defect reports, with a badge of the open ones (decision 021).
  { entry: 'defectReports', screen: 'defectreport_list', rule: (u) => mayCall('defectreports:manage', u) },
];

export function visibleNav(user: Principal): NavEntry[] {
  return NAV.filter((n) => n.rule(user) && canOpen(n.screen, user)).map((n) => n.entry);
}

/** User-menu entries only admins see: user administration, dashboard, book types, app version. */
export const showAdminMenu = (user: Principal) => user.role === R.ADMIN_ROLE;

// ---------------------------------------------------------------------------------------------
// API access groups: every route names one; the server's guard checks the caller's role here.

export const API_ACCESS = {
  /** Any signed-in user, staff or branch. */
  'session:any': ROLE_NUMBERS,
  'users:manage': [R.ADMIN_ROLE],
  /**
   * Keeping the qualifications of staff users and their matrix (decision 055): admins. Every user reads
   * their own (GET users/{id}/qualifications, 'session:any').
   */
  'qualifications:manage': [R.ADMIN_ROLE],
  /**
   * Look-ups of users by department or abbreviation: the back-office roles that assign people to
   * offers and orders (OFM/OPM/KTB users). Replies name only users of the caller's tenants.
   */
  'users:lookup': [
    R.ADMIN_ROLE,
    R.LIST_ADMIN_ROLE,
    R.STANDARD_ROLE,
    R.PROJECT_ROLE,
    R.PROJECT_ONLY_ROLE,
    R.ROLE_LEITER_FERTIGUNG,
  ],
  'admin:dashboard': [R.ADMIN_ROLE],
  /** The periodic jobs' last runs, failures and next runs (admin dashboard): no tenant's data. */
  'admin:jobs': [R.ADMIN_ROLE],
  /** Tenants: the list and one tenant; every staff role reads its own tenants (decision 017). */
  'tenants:read': STAFF_ROLES,
  /** Creating and deleting tenants. */
  'tenants:manage': [R.ADMIN_ROLE],
  /** Editing a tenant's data: admins any, tenant admins their own. */
  'tenants:edit': [R.ADMIN_ROLE, R.LIST_ADMIN_ROLE],
  /** The certificate the tenant's finalized PDFs are sealed under: seeing it, uploading the company's (decision 056). */
  'tenants:certificate': [R.ADMIN_ROLE, R.LIST_ADMIN_ROLE],
  'folders:read': STAFF_ROLES,
  'folders:write': [...OFFICE_ROLES, R.ROLE_SERVICE_TECHNIKER],
  'booktypes:read': ROLE_NUMBERS,
  'booktypes:manage': [R.ADMIN_ROLE],
  /** Reading books (book_list: every staff role, decision 017, and branch users). */
  'books:read': ROLE_NUMBERS,
  /** Creating and editing books (book_new/book_edit roles). */
  'books:write': [...OFFICE_ROLES, R.ROLE_SERVICE_TECHNIKER],
  /** Deleting a book; one with finalized records (or under a legal hold) is retired instead (decision 059). */
  'books:delete': [R.ADMIN_ROLE, R.LIST_ADMIN_ROLE, R.STANDARD_ROLE],
  /** The retired books: reading them, their records and PDFs, and restoring them (decision 059). */
  'books:retired': [R.ADMIN_ROLE],
  /** The tenant's legal holds and retention runs: reading them, setting and lifting a hold (decision 059). */
  'retention:read': [R.ADMIN_ROLE],
  'retention:write': [R.ADMIN_ROLE],
  'documents:read': ROLE_NUMBERS,
  'documents:write': [...OFFICE_ROLES, R.ROLE_SERVICE_TECHNIKER],
  'auditlogs:read': [...OFFICE_ROLES, R.ROLE_SERVICE_TECHNIKER],
  /** Reading inspection records, their PDFs and assets (the inspection screens' roles). */
  'inspections:read': ROLE_NUMBERS,
  /** Checking a book's sealed records and stored PDFs (GET books/{id}/verify, decision 057): staff who read the book. */
  'records:verify': STAFF_ROLES,
  /** Inspections, maintenance and expert reports: creating, editing, finalizing, deleting drafts. */
  'inspections:write': [...OFFICE_ROLES, R.ROLE_LAGER, R.ROLE_SERVICE_TECHNIKER],
  /** The operator's self-inspections: staff and the customer's branch users. */
  'selfinspections:write': INSPECTION_ROLES,
  /** Registering for a book's slot (POST books/{id}/inspection) and cancelling one's own registration. */
  'bookings:write': INSPECTION_ROLES,
  /** Who registered for a book's slots, and removing anybody's registration: the office roles. */
  'bookings:manage': OFFICE_ROLES,
  /** Signing a PDF asset off as the tenant's tech acceptor. */
  'techacceptor:sign': [R.ADMIN_ROLE, R.LIST_ADMIN_ROLE, R.ACCEPTOR_ROLE, R.ACCEPTOR_LITE_ROLE],
  /** Resolving a scanned QR code to its book (qrcode_scan roles and office). */
  'qr:read': [...OFFICE_ROLES, R.ROLE_FILIALE, R.ROLE_SERVICE_TECHNIKER],
  /** Expert reports (Prüfgutachten): their PDFs; of the customer roles only control (SPEC §2). */
  'gutachten:read': ROLE_NUMBERS,
  /** Creating QR codes and label PDFs. */
  'qr:write': [...OFFICE_ROLES, R.ROLE_SERVICE_TECHNIKER],
  /** Open-inspection lists (My inspections, in progress): the office roles of SPEC §2. */
  'lists:inspections': OFFICE_ROLES,
  /** A user's registrations of the day (lists/allDailyInspectionUser): office and service technicians. */
  'lists:daily': [...OFFICE_ROLES, R.ROLE_SERVICE_TECHNIKER],
  /** The day prepared for offline work (GET offline/day, decision 061): the roles that write inspections. */
  'offline:day': OFFLINE_ROLES,
  /** Expert report statistics (statistik_gutachten). */
  'stats:gutachten': [...OFFICE_ROLES, R.ROLE_SERVICE_TECHNIKER],
  /** Defects reported on the public QR page: the tenant's list, its count, closing them, and who reported them. */
  'defectreports:manage': DEFECT_REPORT_ROLES,
  /** The reports of a book on its page: everyone who reads the book; the reporter only for 'defectreports:manage'. */
  'defectreports:read': ROLE_NUMBERS,
  /** Customer locations (branches): the roles SPEC §6 shows 'Branches' to; branch users see their own (decision 019). */
  'customerlocations:read': [
    R.ADMIN_ROLE,
    R.PROJECT_ROLE,
    R.PROJECT_ONLY_ROLE,
    R.ROLE_FILIALE,
    R.ROLE_SERVICE_TECHNIKER,
  ],
  /** Creating, changing and deleting locations and linking books: the office roles among them. */
  'customerlocations:write': [R.ADMIN_ROLE, R.PROJECT_ROLE, R.PROJECT_ONLY_ROLE],
  /**
   * The list of branch import runs and undoing one (decision 041): admins only. The office roles import, but
   * undoing deletes branches and sets others back, across everything a run touched. List admins see no branches.
   */
  'customerlocations:importruns': [R.ADMIN_ROLE],
  /**
   * Technical offers (offer, offer_list): the roles of SPEC §2 read and write them; technicians and the
   * warehouse pass requests on, the office writes the offers (decision 022).
   */
  'offers:read': OFFER_ROLES,
  'offers:write': OFFER_ROLES,
  /** Deleting an offer (a mistaken entry): admins only; everybody else records a talk result. */
  'offers:delete': [R.ADMIN_ROLE],
  /** The offer evaluation (offerevaluation): its roles, and the evaluation flag (EVALUATION_ACCESS). */
  'offers:evaluation': OFFER_EVALUATION_ROLES,
  /** Orders (order processing): every staff role of SPEC §2 reads them. */
  'orders:read': STAFF_ROLES,
  /** Editing orders, their deliveries and extra effort, and taking status steps (the step's own roles: decision 023). */
  'orders:write': STAFF_ROLES.filter((r) => r !== R.ACCEPTOR_ROLE && r !== R.ACCEPTOR_LITE_ROLE),
  /** Deleting an order: admins, and only while it is CREATED. */
  'orders:delete': [R.ADMIN_ROLE],
  /** The AB-Nr prefix and next number of the tenant (decision 049): admins and list admins. */
  'orders:numbering': [R.ADMIN_ROLE, R.LIST_ADMIN_ROLE],
  /** The operations evaluation (opevaluation): its roles and the evaluation flag. */
  'orders:evaluation': OFFICE_ROLES,
  /** The door component catalogue: read by everyone who edits orders, kept by admins. */
  'components:read': STAFF_ROLES,
  'components:manage': [R.ADMIN_ROLE],
  /** The cost list: read by everyone who edits orders or plans (maw rates, time values); kept by admin and production lead (costlist). */
  'costlist:read': STAFF_ROLES,
  'costlist:manage': [R.ADMIN_ROLE, R.ROLE_LEITER_FERTIGUNG],
  /** Capacity planning (capacities): the board, employee time and required time, for the screen's roles. */
  'capacity:read': CAPACITY_ROLES,
  /** Planning orders into days (timeslots, proposals): admin, production lead and production (decision 027). */
  'capacity:plan': [R.ADMIN_ROLE, R.ROLE_LEITER_FERTIGUNG, R.ROLE_FERTIGUNG],
  /** Employees, working times, absences, operating and local holidays: admin and production lead. */
  'capacity:settings': [R.ADMIN_ROLE, R.ROLE_LEITER_FERTIGUNG],
  /** The inspection file (Prüfakte) of a book as a ZIP (decision 058): every staff role that reads books, and control. */
  'exports:book': ROLE_NUMBERS,
  /**
   * The inspection file of a branch or of a customer's branches: the staff roles that see branches, and
   * control (decision 058).
   */
  'exports:branches': [R.ADMIN_ROLE, R.PROJECT_ROLE, R.PROJECT_ONLY_ROLE, R.ROLE_FILIALE, R.ROLE_SERVICE_TECHNIKER],
  /** One's own inspection files built in the background: their progress and download link. */
  'exports:read': ROLE_NUMBERS,
} as const satisfies Record<string, readonly RoleNumber[]>;
export type ApiAccess = keyof typeof API_ACCESS;

const ALL_CUSTOMER_ROLES = CUSTOMER_ROLE_NUMBERS;
const NO_BRANCH: readonly CustomerRoleNumber[] = [];

/**
 * Which customer roles of a branch user (role 8) each group admits; a group without role 8
 * admits none. Typed as a full record, so a new group without its branch rule does not compile.
 */
export const BRANCH_ACCESS: Record<ApiAccess, readonly CustomerRoleNumber[]> = {
  'session:any': ALL_CUSTOMER_ROLES,
  'users:manage': NO_BRANCH,
  'qualifications:manage': NO_BRANCH,
  'users:lookup': NO_BRANCH,
  'admin:dashboard': NO_BRANCH,
  'admin:jobs': NO_BRANCH,
  'tenants:read': NO_BRANCH,
  'tenants:manage': NO_BRANCH,
  'tenants:edit': NO_BRANCH,
  'tenants:certificate': NO_BRANCH,
  'folders:read': NO_BRANCH,
  'folders:write': NO_BRANCH,
  'booktypes:read': ALL_CUSTOMER_ROLES,
  'booktypes:manage': NO_BRANCH,
  'books:read': ALL_CUSTOMER_ROLES,
  'books:write': NO_BRANCH,
  'books:delete': NO_BRANCH,
  'books:retired': NO_BRANCH,
  'retention:read': NO_BRANCH,
  'retention:write': NO_BRANCH,
  'documents:read': ALL_CUSTOMER_ROLES,
  'documents:write': NO_BRANCH,
  'auditlogs:read': NO_BRANCH,
  'inspections:read': ALL_CUSTOMER_ROLES,
  'records:verify': NO_BRANCH,
  'inspections:write': NO_BRANCH,
  'selfinspections:write': ALL_CUSTOMER_ROLES,
  'bookings:write': ALL_CUSTOMER_ROLES,
  'bookings:manage': NO_BRANCH,
  'techacceptor:sign': NO_BRANCH,
  // qrcode_scan: regional manager and control only.
  'qr:read': [CustomerRole.ROLE_REGIONAL_MANAGER, CustomerRole.ROLE_CONTROL],
  'qr:write': NO_BRANCH,
  'gutachten:read': [CustomerRole.ROLE_CONTROL],
  'lists:inspections': NO_BRANCH,
  'lists:daily': NO_BRANCH,
  'offline:day': NO_BRANCH,
  'stats:gutachten': NO_BRANCH,
  'defectreports:manage': NO_BRANCH,
  // A branch user sees what was reported on their own installations, never by whom (decision 021).
  'defectreports:read': ALL_CUSTOMER_ROLES,
  // Every customer role sees its own locations: the default user's start is their branch (decision 019).
  'customerlocations:read': ALL_CUSTOMER_ROLES,
  'customerlocations:write': NO_BRANCH,
  'customerlocations:importruns': NO_BRANCH,
  'offers:read': NO_BRANCH,
  'offers:write': NO_BRANCH,
  'offers:delete': NO_BRANCH,
  'offers:evaluation': NO_BRANCH,
  'orders:read': NO_BRANCH,
  'orders:write': NO_BRANCH,
  'orders:delete': NO_BRANCH,
  'orders:numbering': NO_BRANCH,
  'orders:evaluation': NO_BRANCH,
  'components:read': NO_BRANCH,
  'components:manage': NO_BRANCH,
  'costlist:read': NO_BRANCH,
  'costlist:manage': NO_BRANCH,
  'capacity:read': NO_BRANCH,
  'capacity:plan': NO_BRANCH,
  'capacity:settings': NO_BRANCH,
  // The branch's control user exports the file of their customer's branches and books (decision 058).
  'exports:book': [CustomerRole.ROLE_CONTROL],
  'exports:branches': [CustomerRole.ROLE_CONTROL],
  'exports:read': [CustomerRole.ROLE_CONTROL],
};

/** Groups that also need the evaluation (auswertung) flag, as their screens do (SPEC §6 route guard). */
export const EVALUATION_ACCESS: ReadonlySet<ApiAccess> = new Set<ApiAccess>(['offers:evaluation', 'orders:evaluation']);

/** Whether a user may call the routes of a group: its role, and for branch users their customer role. */
export function mayCall(access: ApiAccess, user: Pick<Principal, 'role' | 'customerRole' | 'auswertung'>): boolean {
  if (!(API_ACCESS[access] as readonly RoleNumber[]).includes(user.role)) return false;
  if (EVALUATION_ACCESS.has(access) && !user.auswertung) return false;
  if (!isBranchUser(user)) return true;
  return user.customerRole != null && BRANCH_ACCESS[access].includes(user.customerRole);
}

/**
 * Expert reports (kind 'gutachten') are shown to staff and, of the customer's branch users, to
 * control only (SPEC §2, inspection_pruefgutachten). Other branch users do not see them at all:
 * not in a book's records, not as PDF, not in the book export.
 */
export const mayReadExpertReports = (user: Pick<Principal, 'role' | 'customerRole'>) => mayCall('gutachten:read', user);

/** The record kinds a user may not see (see mayReadExpertReports). */
export const hiddenRecordKinds = (user: Pick<Principal, 'role' | 'customerRole'>): readonly 'gutachten'[] =>
  mayReadExpertReports(user) ? [] : ['gutachten'];
