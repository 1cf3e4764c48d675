import { Department, Role, type RoleNumber } from '@pruefbuch/domain/roles';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { checkStep, stepsFrom } from '@pruefbuch/domain/rules/order-status';
import type { Order } from '@pruefbuch/domain/schemas/order';
import { eq } from 'drizzle-orm';
import { capacityTimeslots } from '../src/db/schema/index';
import type { AccessWorld } from './access-world';
import { tag } from './fixtures/books';
import { RSA_P12 } from './fixtures/certificates';
import { multipart, samples } from './fixtures/documents';
import type { TestApp } from './helper';

/**
 * Valid bodies for the access matrix's write routes (issue 28 item 10): with them an allowed caller gets
 * 2xx, or a status the domain answers on purpose, named here with its reason (`domain`). A PUT sends the
 * current record, read by the world's owner just before the call, so every caller's write is current.
 */
export interface WriteCall {
  payload?: object;
  headers?: Record<string, string>;
  /** Statuses an allowed caller may get instead of 2xx: the domain's answer to this call, not a refusal of the role. */
  domain?: readonly number[];
}

/** Builds the call for world w; `role` is the caller's, for a route whose domain answer depends on it. */
type Body = (t: TestApp, w: AccessWorld, role: RoleNumber) => Promise<WriteCall> | WriteCall;

const day = (offset = -1) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const pdf = () => ({ name: 'a.pdf', content: samples.pdf(), contentType: 'application/pdf' });
const upload = (fields: Record<string, string> = {}): WriteCall => multipart(fields, pdf());

/** A user of department OPM in the world's tenant (made once per tenant). */
const opms = new Map<string, Promise<string>>();
const opmOf = (t: TestApp, w: AccessWorld) => {
  if (!opms.has(w.tenantId))
    opms.set(
      w.tenantId,
      t.createUser({ role: Role.PROJECT_ROLE, tenantIds: [w.tenantId], department: Department.OPM }).then((u) => u.id),
    );
  return opms.get(w.tenantId) as Promise<string>;
};

/** An admin of the world's tenant, who reads every current record (made once per tenant). */
const readers = new Map<string, Promise<string>>();
const readerOf = (t: TestApp, w: AccessWorld) => {
  if (!readers.has(w.tenantId))
    readers.set(
      w.tenantId,
      t.signedIn(Role.ADMIN_ROLE, { tenantIds: [w.tenantId] }).then((s) => s.token),
    );
  return readers.get(w.tenantId) as Promise<string>;
};

/** The record as it is stored now (GET on `path` below /api/v1, by an admin of the world's tenant). */
export async function current<T = Record<string, unknown>>(t: TestApp, w: AccessWorld, path: string): Promise<T> {
  const res = await t.api({ method: 'GET', url: path, token: await readerOf(t, w), tenant: w.tenantId });
  if (res.statusCode !== 200) throw new Error(`GET ${path}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}
const put = (path: (w: AccessWorld) => string, domain?: readonly number[]): Body => {
  return async (t, w) => ({ payload: await current(t, w, path(w)), ...(domain ? { domain } : {}) });
};

async function slot(t: TestApp, w: AccessWorld) {
  const [row] = await t.database.db.select().from(capacityTimeslots).where(eq(capacityTimeslots.id, w.timeslot));
  if (!row) throw new Error('no timeslot');
  return row;
}

/** A branch list of one row for the customer location import (its own tests cover the importer). */
const branchList = () =>
  multipart(
    { customer: '1' },
    { name: 'filialen.csv', content: Buffer.from('ZNL;Nr;PLZ;Ort\n1;2;60311;Frankfurt\n'), contentType: 'text/csv' },
  );

const newUser = () => ({
  firstName: 'Nina',
  lastName: 'Neu',
  email: `neu-${tag()}@example.com`.toLowerCase(),
  role: 3,
  password: 'Pruefbuch-2026',
});

/** Keyed by `METHOD /api/v1/path` as the routes are registered. */
export const BODIES: Record<string, Body> = {
  // A 2FA code can only be right with an authenticator: the domain refuses a wrong one (400) or a flow not started (409).
  'POST /api/v1/users/finish2fa': () => ({ payload: { validationCode: '000000' }, domain: [400, 409] }),
  'POST /api/v1/users/deactivate2fa': () => ({ payload: { validationCode: '000000' }, domain: [400, 409] }),
  // The profile users keep their password: a wrong current one is the domain's 400 WRONG_PASSWORD.
  'PUT /api/v1/users/changepassword': () => ({
    payload: { currentPassword: 'not-the-password', password: 'Neu-2026-x', passwordConfirm: 'Neu-2026-x' },
    domain: [400],
  }),
  'PUT /api/v1/users/me/language': () => ({ payload: { language: 'en' } }),
  'PUT /api/v1/users/:id': () => ({ payload: { firstName: 'Vera', lastName: 'Verändert' } }),
  'POST /api/v1/users': (_, w) => ({ payload: { ...newUser(), tenants: [w.tenantId] } }),
  'POST /api/v1/users/signup': (_, w) => ({ payload: { ...newUser(), tenants: [w.tenantId] } }),
  'PUT /api/v1/users': (_, w) => {
    const { password: _p, ...user } = newUser();
    return { payload: { ...user, tenants: [w.tenantId] } };
  },
  'PUT /api/v1/users/admin/:id': (_, w) => ({
    payload: {
      firstName: w.colleague.firstName || 'Carl',
      lastName: w.colleague.lastName || 'Kollege',
      email: w.colleague.email,
      role: w.colleague.role,
      tenants: [w.tenantId],
    },
  }),
  'POST /api/v1/users/:id/qualifications': () => ({ payload: { kind: 'rwa', number: 'RWA-1', validFrom: day() } }),
  'PUT /api/v1/users/:id/qualifications/:qualificationId': async (t, w) => {
    const { qualifications } = await current<{ qualifications: Record<string, unknown>[] }>(
      t,
      w,
      `/users/${w.colleague.id}/qualifications`,
    );
    const q = qualifications.find((x) => x._id === w.qualification);
    if (!q) throw new Error('no qualification');
    const { kind, number, issuer, validFrom, validUntil, __v } = q;
    return { payload: { kind, number, issuer, validFrom, validUntil, __v } };
  },
  'POST /api/v1/users/:id/qualifications/:qualificationId/certificate': () => upload(),
  // No such mail: the queue answers 404.
  'POST /api/v1/admin/outbox/resend': () => ({
    payload: { id: '11111111-1111-4111-8111-111111111111' },
    domain: [404],
  }),
  'POST /api/v1/tenants': () => ({ payload: { name: `Neu ${tag()}`, url: `neu-${tag()}`.toLowerCase() } }),
  'PUT /api/v1/tenants/:id': put((w) => `/tenants/${w.tenantId}`),
  'POST /api/v1/tenants/:id/certificate': () =>
    multipart(
      { password: RSA_P12.password },
      { name: 'siegel.p12', content: RSA_P12.bytes, contentType: 'application/x-pkcs12' },
    ),
  'POST /api/v1/folder/tenant/:tenantId': () => ({ payload: { folderName: `Ordner ${tag()}` } }),
  'POST /api/v1/folder/tenant/:tenantId/:parentId': () => ({ payload: { folderName: `Unterordner ${tag()}` } }),
  'PUT /api/v1/folder/:id': () => ({ payload: { folderName: 'Sachsenhausen' } }),
  'POST /api/v1/booktype': () => ({ payload: { type: `door-${tag()}` } }),
  'PUT /api/v1/booktype/:id': put((w) => `/booktype/${w.bookType}`),
  'POST /api/v1/books': (_, w) => ({ payload: { title: `Tür ${tag()}`, folder: w.folder } }),
  // The world's book is no template: the domain answers 409 (or 400) for a book made from it.
  'POST /api/v1/books/fromTemplate/:id': () => ({ payload: { title: `Aus Vorlage ${tag()}` }, domain: [400, 409] }),
  'POST /api/v1/books/asTemplate/:id': () => ({ payload: { title: `Vorlage ${tag()}` } }),
  'PUT /api/v1/books/updateSpezial/:id': put((w) => `/books/${w.book}`),
  'PUT /api/v1/books/:id': put((w) => `/books/${w.book}`),
  'POST /api/v1/blobs': (_, w) => upload({ book: w.book }),
  'POST /api/v1/books/:id/document': () => upload(),
  'POST /api/v1/inspections/preview': (_, w) => ({ payload: { when: day(), book: w.book, kind: 'inspection' } }),
  'POST /api/v1/pdfassets/uploadfile': (_, w) => upload({ book: w.book }),
  // The world's tenant names no tech acceptor: 400 NO_TECH_ACCEPTOR, or 409 once the asset is signed.
  'PUT /api/v1/books/:id/techacceptor/:techAcceptorId/:tenantId/:pdfassetId': () => ({
    payload: {},
    domain: [400, 409],
  }),
  'POST /api/v1/qr/generate/:tenantId/:bookId': () => ({ payload: {} }),
  'POST /api/v1/books/getEtikettPdf': (_, w) => ({ payload: { books: [w.book] } }),
  // Closed by the first caller; closing it again is the domain's 409 DEFECT_REPORT_CLOSED.
  'PUT /api/v1/defectreports/:id': () => ({ payload: { status: 'done' }, domain: [409] }),
  'POST /api/v1/inspections': (_, w) => ({ payload: { when: day(), book: w.book, kind: 'inspection' } }),
  'POST /api/v1/inspections/existingDoc': (_, w) => upload({ book: w.book, when: day() }),
  'PUT /api/v1/inspections/:id': put((w) => `/inspections/${w.inspection}`),
  // A draft without the inspector's signature cannot be finalized: the domain's 400.
  'POST /api/v1/inspections/:id/finalize': async (t, w) => ({
    payload: { __v: (await current<{ __v: number }>(t, w, `/inspections/${w.inspection}`)).__v },
    domain: [400, 409],
  }),
  'POST /api/v1/selfinspections': (_, w) => ({ payload: { when: day(), book: w.book } }),
  'PUT /api/v1/selfinspections/:id': put((w) => `/selfinspections/${w.selfinspection}`),
  'POST /api/v1/selfinspections/:id/finalize': async (t, w) => ({
    payload: { __v: (await current<{ __v: number }>(t, w, `/selfinspections/${w.selfinspection}`)).__v },
    domain: [400, 409],
  }),
  'POST /api/v1/books/calculatedate': () => ({ payload: { date: day(), serviceinterval: 12 } }),
  // Registering depends on the book's slots and the day: TOO EARLY, fully or already booked are the domain's 400/409.
  'POST /api/v1/books/:id/inspection': () => ({
    payload: { firstName: 'Rita', lastName: 'Regist' },
    domain: [400, 409],
  }),
  'POST /api/v1/customerlocation/import/preview': () => branchList(),
  // The import of that list may be refused by the importer's own rules (a 400 naming the rows).
  'POST /api/v1/customerlocation/import': () => ({ ...branchList(), domain: [400] }),
  'PUT /api/v1/customerlocation/user/:userId': (_, w) => ({ payload: { locations: [w.location] } }),
  'POST /api/v1/customerlocation': () => ({ payload: { customer: 0, znl: `Z${tag()}`.slice(0, 10), nr: '1' } }),
  'PUT /api/v1/customerlocation/:id': put((w) => `/customerlocation/${w.location}`),
  // The world's book is linked to the location already: the domain's 409 BOOK_ALREADY_LINKED.
  'POST /api/v1/customerlocation/:id/books': (_, w) => ({ payload: { bookId: w.book }, domain: [409] }),
  'PUT /api/v1/reminders/settings': () => ({ payload: { digest: true } }),
  'PUT /api/v1/offer/lastsearch': () => ({ payload: { type: 'all', value: 'Tür' } }),
  // At most 3 reminders a day per offer (decision 036): the later callers get 429.
  'POST /api/v1/retention/holds': () => ({ payload: { customer: `Kunde ${tag()}`, reason: 'Rechtsstreit' } }),
  'POST /api/v1/offer/sendktbremindermail': (_, w) => ({ payload: { offerId: w.offer }, domain: [429] }),
  'POST /api/v1/offer': () => ({ payload: { objekt: `Objekt ${tag()}` } }),
  'PUT /api/v1/offer/:id': put((w) => `/offer/${w.offer}`),
  'POST /api/v1/offer/:id/files': () => upload(),
  // At most 10 hand-overs a day per order (decision 036): the later callers get 429.
  'POST /api/v1/orders/sendMailTransferDepartment': async (t, w) => ({
    payload: { orderId: w.order, department: 3, __v: (await current<Order>(t, w, `/orders/${w.order}`)).__v },
    domain: [429],
  }),
  'POST /api/v1/orders': () => ({ payload: { objekt: `Objekt ${tag()}` } }),
  'PUT /api/v1/orders/:id': put((w) => `/orders/${w.order}`),
  // The world's commissioned offer becomes an order once, with an OPM of the tenant; then 409 ORDER_FROM_OFFER_NOT_ALLOWED.
  'POST /api/v1/orders/fromOffer/:offerId': async (t, w) => ({
    payload: { opmUser: await opmOf(t, w) },
    domain: [409],
  }),
  'PUT /api/v1/orders/numbering': () => ({ payload: { prefix: 'AB', next: 900_000 } }),
  // A step the flow offers from the order's status whose fields are there (CREATED ⇄ AKT_KW_VKID once the sales
  // data is filled in); who may take it is the step's own rule (rules/order-status.ts): 403 for the other writers.
  'POST /api/v1/orders/:id/status': async (t, w, role) => {
    let o = await current<Order>(t, w, `/orders/${w.order}`);
    if (!o.vkid.geplante_montage_date || !o.vkid.akt_kw) {
      const filled = await t.api({
        method: 'PUT',
        url: `/orders/${w.order}`,
        token: await readerOf(t, w),
        tenant: w.tenantId,
        payload: { __v: o.__v, vkid: { ...o.vkid, geplante_montage_date: day(), akt_kw: '2026-W48' } },
      });
      if (filled.statusCode !== 200) throw new Error(`order not filled: ${filled.statusCode} ${filled.body}`);
      o = filled.json() as Order;
    }
    const today = berlinToday();
    const steps = stepsFrom(o.status);
    const to = (steps.find((s) => s.needs(o, today).length === 0) ?? steps[0])?.to ?? o.status;
    const check = checkStep(o.status, to, role, o, today);
    return { payload: { to, __v: o.__v }, domain: check.ok ? [] : check.reason === 'role' ? [403] : [400] };
  },
  'POST /api/v1/components': () => ({ payload: { code: `W-${tag()}`, kind: 'option', text: 'Neue Komponente' } }),
  'PUT /api/v1/components/:id': async (t, w) => {
    const list = await current<{ docs: { _id: string }[] }>(t, w, '/components?size=500');
    const component = list.docs.find((c) => c._id === w.component);
    if (!component) throw new Error('the world’s component is not listed');
    return { payload: component };
  },
  // The order's book is made by the first caller; the next get the domain's 409 ORDER_HAS_BOOK.
  'POST /api/v1/orders/:id/book': (_, w) => ({ payload: { folder: w.folder }, domain: [409] }),
  // The tenant has its cost list and capacity settings already: 409 COSTLIST_EXISTS / CAPACITY_EXISTS.
  'POST /api/v1/costlist': put(() => '/costlist/find/first', [409]),
  'PUT /api/v1/costlist/:id': put(() => '/costlist/find/first'),
  'POST /api/v1/capacity': put(() => '/capacity', [409]),
  'PUT /api/v1/capacity/:id': put(() => '/capacity'),
  // Expecting no planned slots while the order has one is a stale plan: the domain's 409 (the slot stays).
  'PUT /api/v1/capacity/put/saveCapacityByOrderId': (_, w) => ({
    payload: { orderId: w.order, slots: [], expected: [] },
    domain: [409],
  }),
  'PUT /api/v1/capacity/put/saveNewTimeslot': (_, w) => ({
    payload: { date: day(), area: 'versand', minutes: 30, orderId: w.order },
  }),
  'PUT /api/v1/capacity/put/shiftTimeslot': async (t, w) => {
    const s = await slot(t, w);
    return { payload: { _id: s.id, __v: s.version, date: s.date } };
  },
  'PUT /api/v1/capacity/put/finishTimeslot': async (t, w) => {
    const s = await slot(t, w);
    return { payload: { _id: s.id, __v: s.version, finished: false } };
  },
  // The world's slot moves to the day after tomorrow (whole), as a levelling would move it.
  'PUT /api/v1/capacity/put/levelWeek': async (t, w) => {
    const s = await slot(t, w);
    return { payload: { moves: [{ _id: s.id, __v: s.version, date: day(2), minutes: s.minutes }] } };
  },
  'PUT /api/v1/capacity/put/saveTimeslots': async (t, w) => {
    const s = await slot(t, w);
    return { payload: { slots: [{ _id: s.id, __v: s.version, date: s.date, area: s.area, minutes: s.minutes }] } };
  },
};

/**
 * Writes without a body whose domain answers an allowed caller with other than 2xx, and why. A delete
 * removes the world's record for the first allowed caller; the later ones find nothing (404), and a
 * record still in use is kept (409).
 */
export const DOMAIN_WITHOUT_BODY: Record<string, readonly number[]> = {
  // The world's offer is not commissioned: 409 OFFER_TAKEOVER_NOT_ALLOWED.
  'POST /api/v1/offer/:id/takeover': [409],
  // An import run to undo is not in the world: 404.
  'POST /api/v1/customerlocation/import/runs/:id/undo': [404],
  // The world's book is in service, not retired: nothing to restore, 404 (decision 059).
  'POST /api/v1/books/:id/restore': [404],
};
export const DELETE_DOMAIN: readonly number[] = [404, 409];
