import { CustomerRole, type CustomerRoleNumber, Role, type RoleNumber } from '@pruefbuch/domain/roles';
import { ORDER_DEFAULTS } from '@pruefbuch/domain/schemas/order';
import {
  bookings,
  bookTypes,
  capacityTimeslots,
  defectReports,
  doorComponents,
  pdfAssets,
  qrCodes,
  userQualifications,
} from '../src/db/schema/index';
import { seedComponents } from '../src/modules/components/components.seed';
import type { RouteAccess } from '../src/platform/auth';
import { assignLocations, insertLocation, linkBooks } from './factories';
import { folderIn, member, SLIDING_DOOR_TYPE, tag } from './fixtures/books';
import { multipart, samples } from './fixtures/documents';
import type { TestApp } from './helper';

/**
 * One tenant with one of everything a route path can name: the access matrix and the bad-input
 * property test fill path parameters from it.
 */
export async function accessWorld(t: TestApp, name: string) {
  const tenant = await t.createTenant(`${name} ${tag()}`);
  const tenantId = tenant.id;
  const folder = await folderIn(t, tenantId, 'Frankfurt');
  const subfolder = await folderIn(t, tenantId, 'Sachsenhausen', folder);
  const owner = await member(t, Role.STANDARD_ROLE, [tenantId]);
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.api({ method, url, token: owner.token, tenant: tenantId, payload }).then((res) => {
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json() as { _id: string; id?: string; code?: string };
    });
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const db = t.database.db;
  /** A book with one of every record kind, a document, a QR code and a PDF asset. */
  const bookWithAll = async () => {
    const book = await call('POST', '/books', {
      title: `Schiebetür ${tag()}`,
      folder,
      bookType: SLIDING_DOOR_TYPE,
      serviceinterval: 12,
      selfserviceinterval: 1,
    });
    // A draft record with a defect: an offer can be started from it.
    const inspection = (await call('POST', '/inspections', {
      book: book._id,
      when: day,
      kind: 'inspection',
      defects: [{ text: 'Sensor defekt', severity: 'safe' }],
    })) as { _id: string; defects?: { _id: string }[] };
    const gutachten = await call('POST', '/inspections', { book: book._id, when: day, kind: 'gutachten' });
    const selfinspection = await call('POST', '/selfinspections', { book: book._id, when: day });
    // A real upload: the document routes read the stored file.
    const upload = multipart({}, { name: 'a.pdf', content: samples.pdf(), contentType: 'application/pdf' });
    const uploaded = await t.api({
      method: 'POST',
      url: `/books/${book._id}/document`,
      token: owner.token,
      tenant: tenantId,
      ...upload,
    });
    if (uploaded.statusCode >= 300) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
    const blob = { id: (uploaded.json() as { blob: { _id: string } }).blob._id };
    const [qr] = await db
      .insert(qrCodes)
      .values({ tenantId, bookId: book._id, code: `Q${tag()}` })
      .returning();
    const [asset] = await db
      .insert(pdfAssets)
      .values({ tenantId, bookId: book._id, blobId: blob.id, kind: 'inspection', fileName: 'a.pdf' })
      .returning();
    // The owner's registration for the book's slot (the office roles may cancel it, others do not see it).
    const [booking] = await db
      .insert(bookings)
      .values({ tenantId, bookId: book._id, userId: owner.id, firstName: 'Olga', lastName: 'Owner' })
      .returning();
    if (!qr || !asset || !booking) throw new Error('book incomplete');
    return {
      book: book._id,
      inspection: inspection._id,
      recordDefect: inspection.defects?.[0]?._id ?? '',
      gutachten: gutachten._id,
      selfinspection: selfinspection._id,
      blob: blob.id,
      qr,
      asset: asset.id,
      booking: booking.id,
    };
  };
  const main = await bookWithAll();
  // The branch users' location holds the main book; a location of another customer, assigned to
  // nobody, holds a second book: the matrix's foreign-location cases (decision 019).
  const location = await insertLocation(db, tenantId, { customer: 1 });
  await linkBooks(db, location.id, [main.book]);
  const elsewhere = await bookWithAll();
  const otherLocation = await insertLocation(db, tenantId, { customer: 0 });
  await linkBooks(db, otherLocation.id, [elsewhere.book]);
  const [defect] = await db
    .insert(defectReports)
    .values({ tenantId, bookId: main.book, text: 'Tür schließt nicht' })
    .returning();
  // A book type of its own: the delete route must not remove the seeded types other tests rely on.
  const [bookType] = await db
    .insert(bookTypes)
    .values({ type: `door-${tag()}` })
    .returning();
  const colleague = await t.createUser({ role: Role.STANDARD_ROLE, tenantIds: [tenantId] });
  // A qualification of the colleague (decision 055): the admin routes change it, its certificate is uploaded.
  const [qualification] = await db
    .insert(userQualifications)
    .values({ userId: colleague.id, kind: 'automaticDoor', validFrom: day })
    .returning();
  // An offer started from the main book's defect, with an attachment and the colleague as its KTB.
  const offer = await call('POST', '/offer', {
    csnr: `CS-${tag()}`,
    ktb: colleague.id,
    source: { book: main.book, record: main.inspection, defect: main.recordDefect },
  });
  const attachment = multipart({}, { name: 'angebot.pdf', content: samples.pdf(), contentType: 'application/pdf' });
  const attached = await t.api({
    method: 'POST',
    url: `/offer/${offer._id}/files`,
    token: owner.token,
    tenant: tenantId,
    ...attachment,
  });
  if (attached.statusCode >= 300) throw new Error(`offer file: ${attached.statusCode} ${attached.body}`);
  const offerFile = (attached.json() as { files: { _id: string }[] }).files[0]?._id;
  // An order with an operations' service id, an AD and a door configuration (its book is made by
  // POST orders/{id}/book); a commissioned offer without an order to take over; a catalogue entry.
  await seedComponents(t.database.db);
  const order = await call('POST', '/orders', {
    objekt: 'Kaufhof Zeil',
    el: { ...ORDER_DEFAULTS.el, service_id: 'S-1' },
    tuer: { tuertyp: 'schieber', antrieb: 'SA-2-FR', fluegel: 'SFL2', stromart: 'FR-230', komponenten: ['SE-KOMBI'] },
  });
  const commissioned = await call('POST', '/offer', {
    csnr: `CS-${tag()}`,
    angebot: {
      offerNr: 'A-1',
      offerDate: day,
      offerSum: 100,
      offerFollowUpDate: null,
      talkResult: 'angebot_ist_beauftragt',
      notes: '',
    },
  });
  const [component] = await db
    .insert(doorComponents)
    .values({ code: `W-${tag()}`, kind: 'option', text: 'Testkomponente' })
    .returning();
  // The tenant's cost list (created by its first read).
  const costList = await t.api({ method: 'GET', url: '/costlist/find/first', token: owner.token, tenant: tenantId });
  if (costList.statusCode !== 200) throw new Error(`cost list: ${costList.statusCode} ${costList.body}`);
  // The capacity settings (created by their first read) and a planned slot of the order.
  const settings = await t.api({ method: 'GET', url: '/capacity', token: owner.token, tenant: tenantId });
  if (settings.statusCode !== 200) throw new Error(`capacity: ${settings.statusCode} ${settings.body}`);
  const [timeslot] = await db
    .insert(capacityTimeslots)
    .values({ tenantId, orderId: order._id, date: day, area: 'antrieb', minutes: 60 })
    .returning();
  if (!defect || !bookType || !offerFile || !main.recordDefect || !component || !timeslot || !qualification)
    throw new Error('world incomplete');
  return {
    tenant,
    tenantId,
    folder,
    subfolder,
    owner,
    ...main,
    location: location.id,
    defect: defect.id,
    bookType: bookType.id,
    colleague,
    qualification: qualification.id,
    offer: offer._id,
    offerFile,
    order: order._id,
    commissionedOffer: commissioned._id,
    component: component.id,
    costList: (costList.json() as { _id: string })._id,
    capacity: (settings.json() as { _id: string })._id,
    timeslot: timeslot.id,
    /** The same kinds of data, in a location no branch profile may see. */
    elsewhere: { ...elsewhere, location: otherLocation.id },
  };
}
export type AccessWorld = Awaited<ReturnType<typeof accessWorld>>;

/**
 * A caller profile: a role and, for branch users, a customer role. A later per-location scope of
 * branch users adds a location here (own / foreign customer location) and a dimension in the matrix.
 */
export interface Profile {
  label: string;
  role: RoleNumber;
  customerRole: CustomerRoleNumber | null;
  /** The evaluation flag (auswertung), which the evaluation routes need besides the role. */
  auswertung: boolean;
}

/**
 * Who has the evaluation flag: roles with the evaluation screens' access (admin, standard, production
 * lead) and roles without it (warehouse, a branch user), so the matrix sees the flag and the role
 * each refuse on their own. List admin, project and project only have no flag.
 */
const FLAGGED: ReadonlySet<string> = new Set(['ADMIN_ROLE', 'STANDARD_ROLE', 'ROLE_LEITER_FERTIGUNG', 'ROLE_LAGER']);
const FLAGGED_BRANCH = 'ROLE_FILIALE/ROLE_CONTROL';

/**
 * The 15 demo profiles (the 12 roles, role 8 once per customer role), some with the evaluation flag,
 * and an admin without it.
 */
export const PROFILES: Profile[] = [
  ...Object.entries(Role).flatMap(([name, role]): Profile[] =>
    role === Role.ROLE_FILIALE
      ? Object.entries(CustomerRole).map(([c, customerRole]) => ({
          label: `${name}/${c}`,
          role,
          customerRole,
          auswertung: `${name}/${c}` === FLAGGED_BRANCH,
        }))
      : [{ label: name, role, customerRole: null, auswertung: FLAGGED.has(name) }],
  ),
  { label: 'ADMIN_ROLE without evaluation flag', role: Role.ADMIN_ROLE, customerRole: null, auswertung: false },
];

/** A signed-in user of a profile in these tenants; branch users are assigned the location of `w`. */
export async function profileUser(t: TestApp, p: Profile, tenantIds: string[], w?: AccessWorld) {
  const user = await t.createUser({
    role: p.role,
    tenantIds,
    auswertung: p.auswertung,
    ...(p.customerRole ? { customerRole: p.customerRole, customer: 1 } : {}),
  });
  if (w && p.customerRole) await assignLocations(t.database.db, user.id, [w.location]);
  return { id: user.id, email: user.email, token: (await t.sessionOf(user)).token, row: user };
}
export type ProfileUser = Awaited<ReturnType<typeof profileUser>>;

/** Path parameters that name no tenant data: filled with fixed values. */
export const PLAIN: Record<string, string> = {
  page: '1',
  size: '10',
  sort: 'title',
  value: 'Tür',
  from: '2024-01-01',
  to: '2030-12-31',
  dept: '3',
  token: 'x'.repeat(32),
  key: 'x'.repeat(20),
  searchplzorort: '-',
  searchznlornrorsapnr: '-',
  searchOpmValue: 'AB',
  // The inspection file of a customer's branches (decision 058): the retail customer.
  customer: '1',
  // An export job of nobody in the world: the status route answers 404, the download link 404.
  jobId: '00000000-0000-4000-8000-000000000058',
};

/** What `:id` names, by the path's first segment. */
const ID_OF: Record<string, (w: AccessWorld) => string> = {
  books: (w) => w.book,
  blobs: (w) => w.blob,
  folder: (w) => w.folder,
  booktype: (w) => w.bookType,
  inspections: (w) => w.inspection,
  selfinspections: (w) => w.selfinspection,
  qr: (w) => w.qr.id,
  defectreports: (w) => w.defect,
  tenants: (w) => w.tenantId,
  customerlocation: (w) => w.location,
  offer: (w) => w.offer,
  orders: (w) => w.order,
  components: (w) => w.component,
  costlist: (w) => w.costList,
  capacity: (w) => w.capacity,
};

/** What `:id` names where the first segment does not tell (the path below /api/v1). */
const ID_OF_ROUTE: Record<string, (w: AccessWorld) => string> = {
  '/offer/byBook/:id': (w) => w.book,
  '/capacity/timeslot/:id': (w) => w.timeslot,
  // A legal hold of nobody in the world (decision 059): lifting it answers 404.
  '/retention/holds/:id': () => '00000000-0000-4000-8000-000000000059',
};

/** protocol/getProtocolBy<Entity>/:id: the id of that entity (each new entity adds its line). */
const PROTOCOL_OF: Record<string, (w: AccessWorld) => string> = {
  Book: (w) => w.book,
  CustomerLocation: (w) => w.location,
  Offer: (w) => w.offer,
  Order: (w) => w.order,
  CostList: (w) => w.costList,
  Capacity: (w) => w.capacity,
};

const PARAM: Record<string, (w: AccessWorld) => string> = {
  tenantId: (w) => w.tenantId,
  folderId: (w) => w.subfolder,
  parentId: (w) => w.folder,
  folderOrRoot: (w) => w.folder,
  url: (w) => w.tenant.url,
  bookId: (w) => w.book,
  blobId: (w) => w.blob,
  docId: (w) => w.blob,
  inspectionId: (w) => w.inspection,
  selfInspectionId: (w) => w.selfinspection,
  bookingId: (w) => w.booking,
  gutachtenId: (w) => w.gutachten,
  pdfassetId: (w) => w.asset,
  fileId: (w) => w.offerFile,
  offerId: (w) => w.commissionedOffer,
  qrCodeId: (w) => w.qr.id,
  orderId: (w) => w.order,
  qualificationId: (w) => w.qualification,
  code: (w) => w.qr.code,
  // customerlocation/removebook/{a}/{b}: the location and the book.
  a: (w) => w.location,
  b: (w) => w.book,
};

/** Query keys that name no data but have no default (a date range): filled with fixed values. */
const PLAIN_QUERY: Record<string, string> = {
  from: '2024-01-01',
  to: '2025-12-31',
  // Capacity: a day of the wanted week or month, a year of holidays, the version of a slot to delete.
  date: '2026-11-25',
  year: '2026',
  __v: '0',
};

/** Query keys that name data (the rest, but PLAIN_QUERY, is left out: the route's defaults apply). */
export const QUERY: Record<string, (w: AccessWorld) => string> = {
  bookId: (w) => w.book,
  book: (w) => w.book,
  tenant: (w) => w.tenantId,
  url: (w) => w.tenant.url,
  abbreviation: (w) => w.colleague.abbreviation,
  // An offer's draft from a defect: the record and the defect in it.
  record: (w) => w.inspection,
  defect: (w) => w.recordDefect,
};

export const params = (url: string) => [...url.matchAll(/:(\w+)\??/g)].map((m) => m[1] as string);

export function queryKeys(r: RouteAccess): string[] {
  const q = r.schema?.querystring as { shape?: Record<string, unknown> } | undefined;
  return Object.keys(q?.shape ?? {});
}

/** The URL (below /api/v1) of a route for data of world w, called by `caller`; throws on an unknown parameter. */
export function urlFor(r: RouteAccess, w: AccessWorld, caller: { id: string }, own: boolean): string {
  const first = r.url.split('/')[3] ?? '';
  const path = r.url.replace('/api/v1', '').replace(/:(\w+)\??/g, (_, p: string) => {
    if (p in PLAIN) return PLAIN[p] as string;
    // Users: in their own tenant the caller themself (the admin routes: a colleague), else a user of that tenant.
    const self = own && (r.access === 'session:any' || p !== 'id');
    if (p === 'userId' || p === 'techAcceptorId' || (p === 'id' && first === 'users'))
      return self ? caller.id : w.colleague.id;
    const protocolOf = first === 'protocol' ? /getProtocolBy(\w+)/.exec(r.url)?.[1] : undefined;
    const byRoute = ID_OF_ROUTE[r.url.replace('/api/v1', '')];
    const fill = p === 'id' ? (protocolOf ? PROTOCOL_OF[protocolOf] : (byRoute ?? ID_OF[first])) : PARAM[p];
    if (!fill) throw new Error(`${r.method} ${r.url}: no fixture for path parameter :${p}`);
    return fill(w);
  });
  const query = queryKeys(r).flatMap((k) => {
    const value = k in QUERY ? (QUERY[k] as (w: AccessWorld) => string)(w) : PLAIN_QUERY[k];
    return value === undefined ? [] : [`${k}=${encodeURIComponent(value)}`];
  });
  return query.length ? `${path}?${query.join('&')}` : path;
}
