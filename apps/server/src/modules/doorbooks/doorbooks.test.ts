import { Role } from '@pruefbuch/domain/roles';
import { NORM_TEXTS } from '@pruefbuch/domain/rules/door-book';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertBook } from '../../../test/factories';
import { auditRowsOf, fieldsOf, folderIn, member, SLIDING_DOOR_TYPE, tag } from '../../../test/fixtures/books';
import { insertDoorOrder } from '../../../test/fixtures/doorbooks';
import { createTestApp } from '../../../test/helper';
import { orders, tenants } from '../../db/schema/index';
import { seedComponents } from '../components/components.seed';

const logLines: string[] = [];
const t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => logLines.push(line) } });
await seedComponents(t.database.db);
const tenant = await t.createTenant(`Türservice ${tag()}`);
await t.database.db
  .update(tenants)
  .set({
    addressName: 'Türservice Rhein-Main GmbH',
    address: {
      _id: 'a1',
      street: 'Hanauer Landstraße',
      housenumber: '291',
      zip: '60314',
      location: 'Frankfurt am Main',
      tel: '069 4800-0',
      email: '',
      homepage: '',
      country: 'DE',
    },
  })
  .where(eq(tenants.id, tenant.id));
const folder = await folderIn(t, tenant.id, 'Aufträge');
const user = await member(t, Role.STANDARD_ROLE, [tenant.id]);
const other = await t.createTenant(`Andere ${tag()}`);
const otherUser = await member(t, Role.STANDARD_ROLE, [other.id]);

const createFor = (orderId: string, payload: unknown = { folder }, who = user.token, tid = tenant.id) =>
  t.api({ method: 'POST', url: `/orders/${orderId}/book`, token: who, tenant: tid, payload: payload as object });
const getBook = async (id: string) => {
  const res = await t.api({ method: 'GET', url: `/books/${id}`, token: user.token, tenant: tenant.id });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('POST orders/{id}/book', () => {
  it('creates the book of a sliding escape-route door with the defaults, links it and writes both protocols', async () => {
    const order = await insertDoorOrder(t.database.db, tenant.id);
    const res = await createFor(order.id);
    expect(res.statusCode).toBe(201);
    const { bookId, unknownCodes } = res.json();
    expect(unknownCodes).toEqual([]);
    const book = await getBook(bookId);
    const today = berlinToday();
    expect(book).toMatchObject({
      title: 'Kaufhaus Zeil 106 – AB-2026-0815',
      folder,
      bookType: SLIDING_DOOR_TYPE,
      lagerort: 'inFertigungsprozess',
      controller: 'Türservice Rhein-Main GmbH',
      manufacturer: 'Türservice Rhein-Main GmbH',
      orderNo: 'AB-2026-0815',
      contactName: 'Herr Becker',
      typ: 'Schiebetürantrieb 2-flügelig, Fluchtweg (redundant)',
      misc: {
        tuerart: 'schieber',
        norm: NORM_TEXTS.schieberFluchtweg,
        antriebsspannung: '230 V',
        steuerspannung: '24 V',
        schliesskraft: 'einstellbar',
        steuerung: 'mit Selbsthaltung',
        baujahr: `${today.slice(5, 7)}/${today.slice(0, 4)}`,
        fluchtweg: true,
        fluegel: '2',
        komponenten: ['Kombisensor Radar und Aktiv-Infrarot-Präsenzmelder nach DIN 18650'],
      },
    });
    expect(book.manufactureraddress).toMatchObject({ street: 'Hanauer Landstraße', zip: '60314' });
    // The books module's own write: the schedule and ampels are there.
    expect(book.serviceinterval).toBe(12);
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored?.bookId).toBe(bookId);
    expect((await auditRowsOf(t, bookId)).length).toBeGreaterThan(5);
    expect(await auditRowsOf(t, order.id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'bookId', newValue: bookId })]),
    );
    const back = await t.api({ method: 'GET', url: `/orders/byBook/${bookId}`, token: user.token, tenant: tenant.id });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ orderId: order.id, abnr: 'AB-2026-0815', objekt: 'Kaufhaus Zeil 106' });
  });

  it('a swing door gets the swing type and norm', async () => {
    const order = await insertDoorOrder(t.database.db, tenant.id, {
      tuer: { tuertyp: 'dreher', antrieb: 'DA-EM-1', fluegel: 'FL1', stromart: 'STD-230', komponenten: [] },
    });
    const res = await createFor(order.id, { folder: null });
    expect(res.statusCode).toBe(201);
    const book = await getBook(res.json().bookId);
    expect(book.folder).toBeNull();
    expect(book.bookType).toBe('0b7c1a10-0001-4000-8000-000000000002');
    expect(book.misc).toMatchObject({ tuerart: 'dreher', norm: NORM_TEXTS.dreher, fluchtweg: false, fluegel: '1' });
  });

  it('an unknown code: shown unchanged, answered and logged', async () => {
    const order = await insertDoorOrder(t.database.db, tenant.id, {
      tuer: { tuertyp: 'schieber', antrieb: 'XX-404', fluegel: 'SFL2', stromart: 'STD-230', komponenten: ['ZZ-9'] },
    });
    const res = await createFor(order.id);
    expect(res.statusCode).toBe(201);
    expect(res.json().unknownCodes).toEqual(['XX-404', 'ZZ-9']);
    const book = await getBook(res.json().bookId);
    expect(book.misc.antrieb).toBe('XX-404');
    expect(book.misc.komponenten).toEqual(['ZZ-9']);
    const logged = logLines.map((l) => JSON.parse(l)).find((l) => l.orderId === order.id);
    expect(logged).toMatchObject({ level: 40, codes: ['XX-404', 'ZZ-9'] });
  });

  it('409 when the order has a book already', async () => {
    const order = await insertDoorOrder(t.database.db, tenant.id);
    expect((await createFor(order.id)).statusCode).toBe(201);
    const again = await createFor(order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORDER_HAS_BOOK');
  });

  it('400 without a door type; the order keeps no book', async () => {
    const order = await insertDoorOrder(t.database.db, tenant.id, {
      tuer: { tuertyp: null, antrieb: '', fluegel: '', stromart: '', komponenten: [] },
    });
    const res = await createFor(order.id);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['tuer.tuertyp']);
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored?.bookId).toBeNull();
  });

  it("404 for another tenant's order or folder; the transaction leaves the order without a book", async () => {
    const order = await insertDoorOrder(t.database.db, tenant.id);
    expect((await createFor(order.id, { folder }, otherUser.token, other.id)).statusCode).toBe(404);
    const foreignFolder = await folderIn(t, other.id, 'Fremd');
    expect((await createFor(order.id, { folder: foreignFolder })).statusCode).toBe(404);
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored?.bookId).toBeNull();
  });

  // Decision 043: making a book needs the book writers' right, as POST books does.
  it.each([
    ['warehouse', Role.ROLE_LAGER, 403],
    ['production', Role.ROLE_FERTIGUNG, 403],
    ['production lead', Role.ROLE_LEITER_FERTIGUNG, 403],
    ['service technician (a book writer)', Role.ROLE_SERVICE_TECHNIKER, 201],
    ['project (a book writer)', Role.PROJECT_ROLE, 201],
  ])('%s: %i', async (_, role, status) => {
    const caller = await member(t, role, [tenant.id]);
    const order = await insertDoorOrder(t.database.db, tenant.id);
    const res = await createFor(order.id, { folder }, caller.token);
    expect(res.statusCode).toBe(status);
    // POST books answers the same role alike.
    const direct = await t.api({
      method: 'POST',
      url: '/books',
      token: caller.token,
      tenant: tenant.id,
      payload: { title: `Tür ${tag()}`, folder, bookType: SLIDING_DOOR_TYPE },
    });
    expect(direct.statusCode).toBe(status);
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored?.bookId ?? null).toBe(status === 201 ? res.json().bookId : null);
  });

  it('refuses a body without a folder', async () => {
    const order = await insertDoorOrder(t.database.db, tenant.id);
    const res = await createFor(order.id, {});
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['folder']);
  });
});

describe('the serial number search finds the door by its book’s serial number (issue 31 item 7)', () => {
  const serialSearch = async (term: string) => {
    const res = await t.api({
      method: 'GET',
      url: `/orders/getOrdersBySerialnummerSearch/${encodeURIComponent(term)}`,
      token: user.token,
      tenant: tenant.id,
    });
    expect(res.statusCode).toBe(200);
    return res.json().docs.map((o: { _id: string }) => o._id);
  };
  const setSerial = async (bookId: string, glasbocknr: string) => {
    const book = await getBook(bookId);
    const res = await t.api({
      method: 'PUT',
      url: `/books/${bookId}`,
      token: user.token,
      tenant: tenant.id,
      payload: { __v: book.__v, glasbocknr },
    });
    expect(res.statusCode).toBe(200);
  };

  it('as the book is made, changes its serial number and is deleted; another tenant’s search does not find it', async () => {
    const order = await insertDoorOrder(t.database.db, tenant.id);
    const { bookId } = (await createFor(order.id)).json();
    const serial = `GB-${tag()}-77`;
    expect(await serialSearch(serial)).toEqual([]);
    await setSerial(bookId, serial);
    // Part of it, in any case.
    expect(await serialSearch(serial.toLowerCase().slice(3))).toEqual([order.id]);
    await setSerial(bookId, `${serial}-NEU`);
    expect(await serialSearch(`${serial}-neu`)).toEqual([order.id]);
    const foreign = await t.api({
      method: 'GET',
      url: `/orders/getOrdersBySerialnummerSearch/${encodeURIComponent(serial)}`,
      token: otherUser.token,
      tenant: other.id,
    });
    expect(foreign.json().docs).toEqual([]);
    const gone = await t.api({ method: 'DELETE', url: `/books/${bookId}`, token: user.token, tenant: tenant.id });
    expect(gone.statusCode).toBeLessThan(300);
    expect(await serialSearch(serial)).toEqual([]);
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored).toMatchObject({ bookId: null, bookSerial: '' });
  });
});

describe('GET orders/byBook/{bookId}', () => {
  it('is null for a book of the tenant without an order, and 404 for another tenant’s book or none', async () => {
    const order = await insertDoorOrder(t.database.db, tenant.id);
    const { bookId } = (await createFor(order.id)).json();
    const foreign = await t.api({
      method: 'GET',
      url: `/orders/byBook/${bookId}`,
      token: otherUser.token,
      tenant: other.id,
    });
    expect(foreign.statusCode).toBe(404);
    const none = await t.api({
      method: 'GET',
      url: '/orders/byBook/11111111-1111-4111-8111-111111111111',
      token: user.token,
      tenant: tenant.id,
    });
    expect(none.statusCode).toBe(404);
    const plain = await insertBook(t.database.db, tenant.id);
    const without = await t.api({
      method: 'GET',
      url: `/orders/byBook/${plain.id}`,
      token: user.token,
      tenant: tenant.id,
    });
    expect(without.statusCode).toBe(200);
    expect(without.json()).toBeNull();
  });
});
