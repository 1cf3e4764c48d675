import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import type { OrderStatus } from '@pruefbuch/domain/rules/order-status';
import {
  CAPACITY_SETTINGS_DEFAULTS,
  COST_LIST_DEFAULTS,
  type CostListFields,
} from '@pruefbuch/domain/schemas/capacity';
import { OFFER_DEFAULTS, type OfferFields } from '@pruefbuch/domain/schemas/offer';
import { ORDER_DEFAULTS, type OrderFields } from '@pruefbuch/domain/schemas/order';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../src/db/client';
import {
  bookings,
  books,
  bookTypes,
  capacitySettings,
  capacityTimeslots,
  costLists,
  customerLocationBooks,
  customerLocations,
  defectReports,
  folders,
  importRunItems,
  importRuns,
  inspections,
  type offers,
  orders,
  qrCodes,
  tenants,
  userCustomerLocations,
  users,
  userTenants,
} from '../src/db/schema/index';
import {
  type OfferRow,
  columnsOf as offerColumnsOf,
  derivedOf as offerDerivedOf,
  fieldsOf as offerFieldsOf,
} from '../src/modules/offers/offers.repo';
import { insertOfferRows } from '../src/modules/offers/offers.store';
import {
  columnsOf as orderColumnsOf,
  derivedOf as orderDerivedOf,
  fieldsOf as orderFieldsOf,
} from '../src/modules/orders/orders.repo';
import { insertOrderRows, type NewOrderRow, newOrderRow } from '../src/modules/orders/orders.store';
import { refreshLocationAmpels } from '../src/platform/location-ampels';

/**
 * Fixtures written straight into the database (no API round trip, no audit rows): every factory
 * fills what the schema requires with unique values and takes overrides for the rest.
 */

export const TEST_PASSWORD = 'geheim123';

/**
 * Test users get the cheapest argon2 parameters: login verifies with the parameters stored in the
 * hash, so every login in the suite stays fast. Passwords the app hashes keep its own defaults.
 */
const CHEAP_ARGON2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
let passwordHash: Promise<string> | null = null;
/** The hash of TEST_PASSWORD, made once per worker. */
export const testPasswordHash = () => (passwordHash ??= hash(TEST_PASSWORD, CHEAP_ARGON2));

const unique = () => randomUUID().replace(/-/g, '').slice(0, 16);

function one<T>(rows: T[], what: string): T {
  const [row] = rows;
  if (!row) throw new Error(`no ${what}`);
  return row;
}

type Insert<T extends { $inferInsert: unknown }> = Partial<T['$inferInsert']>;

export async function insertTenant(db: Executor, overrides: Insert<typeof tenants> = {}) {
  const rows = await db
    .insert(tenants)
    .values({ name: 'Testmandant', url: `t-${randomUUID()}`, ...overrides })
    .returning();
  return one(rows, 'tenant');
}

/** A verified user (role 3, standard, unless overridden) with TEST_PASSWORD, member of tenantIds. */
export async function insertUser(
  db: Executor,
  { tenantIds = [], ...overrides }: Insert<typeof users> & { tenantIds?: string[] } = {},
) {
  const rows = await db
    .insert(users)
    .values({
      firstName: 'Test',
      lastName: 'Nutzer',
      email: `u${unique()}@test.example`,
      role: 3,
      isVerified: true,
      passwordHash: await testPasswordHash(),
      abbreviation: randomUUID().slice(0, 6).toUpperCase(),
      ...overrides,
    })
    .returning();
  const row = one(rows, 'user');
  if (tenantIds.length)
    await db.insert(userTenants).values(tenantIds.map((tenantId) => ({ userId: row.id, tenantId })));
  return row;
}

export async function insertFolder(db: Executor, tenantId: string, overrides: Insert<typeof folders> = {}) {
  const rows = await db
    .insert(folders)
    .values({ tenantId, folderName: 'Ordner', ...overrides })
    .returning();
  return one(rows, 'folder');
}

export async function insertBookType(db: Executor, overrides: Insert<typeof bookTypes> = {}) {
  const rows = await db
    .insert(bookTypes)
    .values({ type: `Typ ${unique()}`, ...overrides })
    .returning();
  return one(rows, 'book type');
}

/** A book row (no schedule computed: set nextInspectionDate and the ampels yourself if a test needs them). */
export async function insertBook(db: Executor, tenantId: string, overrides: Insert<typeof books> = {}) {
  const rows = await db
    .insert(books)
    .values({ tenantId, title: `Buch ${unique()}`, ...overrides })
    .returning();
  return one(rows, 'book');
}

/** An inspection record of a book: a draft of kind 'inspection' dated today unless overridden. */
export async function insertInspection(
  db: Executor,
  book: { id: string; tenantId: string },
  overrides: Insert<typeof inspections> = {},
) {
  const rows = await db
    .insert(inspections)
    .values({
      tenantId: book.tenantId,
      bookId: book.id,
      kind: 'inspection',
      when: new Date().toISOString().slice(0, 10),
      ...overrides,
    })
    .returning();
  return one(rows, 'inspection');
}

/** A customer location (branch) of the tenant: ZNL/Nr unique unless overridden, an address in Frankfurt. */
export async function insertLocation(db: Executor, tenantId: string, overrides: Insert<typeof customerLocations> = {}) {
  const rows = await db
    .insert(customerLocations)
    .values({
      tenantId,
      znl: 'Frankfurt',
      nr: unique().slice(0, 6),
      address: {
        _id: randomUUID(),
        street: 'Zeil',
        housenumber: '10',
        zip: '60313',
        location: 'Frankfurt am Main',
        tel: '',
        email: '',
        homepage: '',
        country: 'DE',
      },
      ...overrides,
    })
    .returning();
  return one(rows, 'customer location');
}

/** Links books to a location and stores its ampel aggregate, as linking in the app does. */
export async function linkBooks(db: Executor, locationId: string, bookIds: string[]) {
  if (!bookIds.length) return;
  await db.insert(customerLocationBooks).values(bookIds.map((bookId) => ({ locationId, bookId })));
  const [location] = await db
    .select({ tenantId: customerLocations.tenantId })
    .from(customerLocations)
    .where(eq(customerLocations.id, locationId));
  if (location) await refreshLocationAmpels(db, location.tenantId, [locationId]);
}

/** Assigns locations to a (branch) user. */
export async function assignLocations(db: Executor, userId: string, locationIds: string[]) {
  if (locationIds.length)
    await db.insert(userCustomerLocations).values(locationIds.map((locationId) => ({ userId, locationId })));
}

// ---------------------------------------------------------------------------------------------
// Back office: orders, offers, production, imports

/** Order fields as the API takes them; the vkid and el blocks may be given in part. */
export type OrderFieldOverrides = Partial<Omit<OrderFields, 'vkid' | 'el'>> & {
  vkid?: Partial<OrderFields['vkid']>;
  el?: Partial<OrderFields['el']>;
};

/**
 * The insert values of an order: ORDER_DEFAULTS with `fields` on top (in the API's shape), mapped to
 * columns as the orders module maps them, `row` on top of that (status, offer, book, timestamps …), and
 * the ampels derived from the result as a write derives them (unless `row` sets them), and the list item
 * (newOrderRow). Insert them with insertOrderRows, which counts them into their lists. For bulk inserts.
 */
export function orderValues(
  tenantId: string,
  fields: OrderFieldOverrides = {},
  row: Insert<typeof orders> = {},
): NewOrderRow {
  const { vkid, el, ...main } = fields;
  const f: OrderFields = {
    ...ORDER_DEFAULTS,
    objekt: 'Zentrale Mitte',
    ...main,
    vkid: { ...ORDER_DEFAULTS.vkid, ...vkid },
    el: { ...ORDER_DEFAULTS.el, ...el },
  };
  const values = { tenantId, ...orderColumnsOf(f), ...row };
  const status = (values.status ?? 'CREATED') as OrderStatus;
  const derived = orderDerivedOf(orderFieldsOf(values), status, berlinToday());
  return newOrderRow({ ...values, ...derived, ...pick(row, ['vkidAmpel', 'elAmpel', 'gesamtAmpel', 'gesamtRank']) });
}

/** An order of the tenant, written directly (see orderValues); returns the row. */
export async function insertOrder(
  db: Executor,
  tenantId: string,
  fields: OrderFieldOverrides = {},
  row: Insert<typeof orders> = {},
) {
  const values = orderValues(tenantId, fields, row);
  await insertOrderRows(db, [values]);
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, values.id)));
  return one(rows, 'order');
}

/** Offer fields as the API takes them; the angebot, opm and ersatzteile blocks may be given in part. */
export type OfferFieldOverrides = Partial<Omit<OfferFields, 'angebot' | 'opm' | 'ersatzteile'>> & {
  angebot?: Partial<OfferFields['angebot']>;
  opm?: Partial<OfferFields['opm']>;
  ersatzteile?: Partial<OfferFields['ersatzteile']>;
};

/**
 * The insert values of an offer: OFFER_DEFAULTS with `fields` on top (in the API's shape), mapped to
 * columns as the offers module maps them, `row` on top of that, and ampel, rank, status and type derived
 * from the result as a write derives them (unless `row` sets them). For bulk inserts.
 */
export function offerValues(
  tenantId: string,
  fields: OfferFieldOverrides = {},
  row: Insert<typeof offers> = {},
): typeof offers.$inferInsert {
  const { angebot, opm, ersatzteile, ...main } = fields;
  const f: OfferFields = {
    ...OFFER_DEFAULTS,
    objekt: 'Zentrale Mitte',
    ...main,
    angebot: { ...OFFER_DEFAULTS.angebot, ...angebot },
    opm: { ...OFFER_DEFAULTS.opm, ...opm },
    ersatzteile: { ...OFFER_DEFAULTS.ersatzteile, ...ersatzteile },
  };
  const values = { tenantId, ...offerColumnsOf(f), ...row };
  const derived = offerDerivedOf(
    offerFieldsOf(values as OfferRow),
    {
      orderId: values.orderId ?? null,
      ktbInformedAt: values.ktbInformedAt ?? null,
      takeOverRequestedAt: values.takeOverRequestedAt ?? null,
    },
    berlinToday(),
  );
  return { ...values, ...derived, ...pick(row, ['ampel', 'ampelRank', 'status', 'type']) };
}

/** An offer of the tenant, written directly (see offerValues); returns the row. */
export async function insertOffer(
  db: Executor,
  tenantId: string,
  fields: OfferFieldOverrides = {},
  row: Insert<typeof offers> = {},
) {
  return one(await insertOfferRows(db, [offerValues(tenantId, fields, row)]), 'offer');
}

/** The tenant's cost list (one per tenant): COST_LIST_DEFAULTS unless overridden; templates get an id. */
export async function insertCostList(
  db: Executor,
  tenantId: string,
  overrides: Partial<CostListFields> & Pick<Insert<typeof costLists>, 'version'> = {},
) {
  const { vorlagen = COST_LIST_DEFAULTS.vorlagen, ...rest } = overrides;
  const rows = await db
    .insert(costLists)
    .values({
      tenantId,
      maw: COST_LIST_DEFAULTS.maw,
      capacities: COST_LIST_DEFAULTS.capacities,
      ...rest,
      vorlagen: vorlagen.map((v) => ({ _id: randomUUID(), ...v })),
    })
    .returning();
  return one(rows, 'cost list');
}

/** The tenant's capacity settings (one per tenant): CAPACITY_SETTINGS_DEFAULTS with `settings` on top. */
export async function insertCapacitySettings(
  db: Executor,
  tenantId: string,
  settings: Partial<typeof CAPACITY_SETTINGS_DEFAULTS> = {},
  overrides: Insert<typeof capacitySettings> = {},
) {
  const rows = await db
    .insert(capacitySettings)
    .values({ tenantId, settings: { ...CAPACITY_SETTINGS_DEFAULTS, ...settings }, ...overrides })
    .returning();
  return one(rows, 'capacity settings');
}

/** A planned slot of an order: 60 minutes of 'antrieb' today (Berlin), unfinished, unless overridden. */
export async function insertTimeslot(
  db: Executor,
  order: { id: string; tenantId: string },
  overrides: Insert<typeof capacityTimeslots> = {},
) {
  const rows = await db
    .insert(capacityTimeslots)
    .values({
      tenantId: order.tenantId,
      orderId: order.id,
      date: berlinToday(),
      area: 'antrieb',
      minutes: 60,
      ...overrides,
    })
    .returning();
  return one(rows, 'timeslot');
}

/**
 * An import run of a branch list for customer 1 with its items (each a created branch unless the item
 * says otherwise); the counts follow the items unless overridden.
 */
export async function insertImportRun(
  db: Executor,
  tenantId: string,
  overrides: Insert<typeof importRuns> = {},
  items: (Partial<Omit<typeof importRunItems.$inferInsert, 'runId'>> & { locationId: string })[] = [],
) {
  const count = (action: 'create' | 'update') => items.filter((i) => (i.action ?? 'create') === action).length;
  const rows = await db
    .insert(importRuns)
    .values({
      tenantId,
      userName: 'Test Nutzer',
      fileName: 'filialen.xlsx',
      customer: 1,
      counts: { create: count('create'), update: count('update'), unchanged: 0, skipped: 0 },
      ...overrides,
    })
    .returning();
  const run = one(rows, 'import run');
  if (items.length)
    await db
      .insert(importRunItems)
      .values(items.map((i) => ({ runId: run.id, action: 'create' as const, after: {}, afterVersion: 0, ...i })));
  return run;
}

/** A booking of a book (an entry without a user unless overridden). */
export async function insertBooking(
  db: Executor,
  book: { id: string; tenantId: string },
  overrides: Insert<typeof bookings> = {},
) {
  const rows = await db
    .insert(bookings)
    .values({ tenantId: book.tenantId, bookId: book.id, firstName: 'Berta', lastName: 'Buchung', ...overrides })
    .returning();
  return one(rows, 'booking');
}

/** A QR code of a book with a unique code. */
export async function insertQrCode(
  db: Executor,
  book: { id: string; tenantId: string },
  overrides: Insert<typeof qrCodes> = {},
) {
  const rows = await db
    .insert(qrCodes)
    .values({ tenantId: book.tenantId, bookId: book.id, code: unique(), ...overrides })
    .returning();
  return one(rows, 'QR code');
}

/** An open defect report of a book, as the public QR page files it. */
export async function insertDefectReport(
  db: Executor,
  book: { id: string; tenantId: string },
  overrides: Insert<typeof defectReports> = {},
) {
  const rows = await db
    .insert(defectReports)
    .values({
      tenantId: book.tenantId,
      bookId: book.id,
      name: 'Anna Anruferin',
      text: 'Tür schließt nicht',
      ...overrides,
    })
    .returning();
  return one(rows, 'defect report');
}

/** The keys of `row` among `keys` that it sets (so a test can fix a derived column). */
function pick<T extends object, K extends keyof T>(row: T, keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of keys) if (row[k] !== undefined) out[k] = row[k];
  return out;
}
