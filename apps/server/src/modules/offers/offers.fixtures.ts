import { Department, Role } from '@pruefbuch/domain/roles';
import type { Inspection } from '@pruefbuch/domain/schemas/inspection';
import type { Offer } from '@pruefbuch/domain/schemas/offer';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/helper';
import { deliverMails } from '../../../test/mail';
import { mailOutbox, offers } from '../../db/schema/index';
import { address, createBook, member, SLIDING_DOOR_TYPE, tag } from '../books/books.fixtures';

/** Small helpers of the offer API tests. */

export const FOREIGN = '11111111-1111-4111-8111-111111111111';

/** The ISO date `days` from today (UTC; the tests keep a day's margin to Berlin's date where it matters). */
export const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A tenant with an office user (standard, department OFM) who works the offers, an OFM, a KTB and an OPM
 * user to name in them, and a branch user who must see nothing of offers.
 */
export async function offerWorld(t: TestApp, name = 'Angebote') {
  const tenant = await t.createTenant(`${name} ${tag()}`);
  const tenantId = tenant.id;
  const office = await member(t, Role.STANDARD_ROLE, [tenantId], {
    firstName: 'Olga',
    lastName: 'Office',
    department: Department.OFM,
  });
  const ofm = await t.createUser({
    role: Role.STANDARD_ROLE,
    tenantIds: [tenantId],
    firstName: 'Frieda',
    lastName: 'Fassnach',
    department: Department.OFM,
  });
  const ktb = await t.createUser({
    role: Role.PROJECT_ROLE,
    tenantIds: [tenantId],
    firstName: 'Karl',
    lastName: 'Berater',
    department: Department.KTB,
  });
  const opm = await t.createUser({
    role: Role.PROJECT_ROLE,
    tenantIds: [tenantId],
    firstName: 'Otto',
    lastName: 'Auftrag',
    department: Department.OPM,
  });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = office.token) =>
    t.api({ method, url, token, tenant: tenantId, ...(payload === undefined ? {} : { payload: payload as object }) });
  /** POST offer; fails the test on anything but 201. */
  const create = async (payload: Record<string, unknown> = {}) => {
    // Something to recognise it by (decision 028) unless the test names it itself.
    const res = await call('POST', '/offer', { objekt: 'Zentrale Mitte', ...payload });
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
    return res.json() as Offer;
  };
  return { tenant, tenantId, office, ofm, ktb, opm, call, create };
}
export type OfferWorld = Awaited<ReturnType<typeof offerWorld>>;

/** The angebot block with what is given, the rest empty. */
export const angebot = (extra: Record<string, unknown> = {}) => ({
  offerNr: '',
  offerDate: null,
  offerSum: null,
  offerFollowUpDate: null,
  talkResult: null,
  notes: '',
  ...extra,
});

export const ersatzteile = (extra: Record<string, unknown> = {}) => ({
  orderNumber: '',
  orderDate: null,
  orderSum: null,
  civilAcceptance: null,
  implementationDate: null,
  freigabeZurVerrechnung: false,
  invoiceValue: null,
  notes: '',
  ...extra,
});

/** A book with an object, its address and a contact, and an inspection record with two defects. */
export async function bookWithDefects(t: TestApp, w: OfferWorld, bookFields: Record<string, unknown> = {}) {
  const book = await createBook(t, w.office.token, w.tenantId, {
    title: `Schiebetür Eingang ${tag()}`,
    bookType: SLIDING_DOOR_TYPE,
    serviceinterval: 12,
    object: 'Kaufhof Zeil',
    objectaddress: address(),
    customer: 'Galeria Kaufhof GmbH',
    site: 'Haupteingang',
    manufacturerNo: 'SN-4711',
    contactName: 'Herr Hausmeister',
    contactMail: 'hausmeister@kaufhof.example',
    contactTel: '069 99999',
    ...bookFields,
  });
  const res = await w.call('POST', '/inspections', {
    book: book._id,
    when: isoDay(-1),
    kind: 'inspection',
    who: 'Tobias Techniker',
    defects: [
      { text: 'Sensor links defekt', severity: 'repair' },
      { text: 'Antriebsriemen verschlissen', severity: 'safe' },
    ],
  });
  if (res.statusCode !== 201) throw new Error(`inspection failed: ${res.statusCode} ${res.body}`);
  const record = res.json() as Inspection;
  const [first, second] = record.defects;
  if (!first || !second) throw new Error('no defects');
  return { book, record, defect: first, other: second };
}

/** The mails of the outbox to one address, oldest first, once the queued ones are delivered. */
export async function mailsTo(t: TestApp, to: string) {
  await deliverMails(t);
  return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.createdAt);
}

/** The stored row of an offer (for what the reply does not show). */
export async function offerRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(offers).where(eq(offers.id, id));
  if (!row) throw new Error('no offer row');
  return row;
}
