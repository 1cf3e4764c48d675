import { Customer, CustomerRole, Role } from '@pruefbuch/domain/roles';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assignLocations, insertBook, insertLocation, linkBooks } from '../../../test/factories';
import { fieldsOf, member, tag } from '../../../test/fixtures/books';
import { createTestApp } from '../../../test/helper';
import { books as booksTable } from '../../db/schema/index';
import { refreshLocationsOfBooks } from '../../platform/location-ampels';

const t = await createTestApp();
const db = t.database.db;
const FOREIGN = '11111111-1111-4111-8111-111111111111';

async function world() {
  const tenant = await t.createTenant(`Filialen ${tag()}`);
  const office = await member(t, Role.PROJECT_ROLE, [tenant.id]);
  return { tenant, tenantId: tenant.id, office };
}

const call = (
  token: string,
  tenant: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.api({ method, url, token, tenant, ...(payload ? { payload } : {}) });

describe('POST/GET/PUT/DELETE customerlocation', () => {
  it('creates a location with every field, reads it, updates with __v and refuses a stale one with 409', async () => {
    const w = await world();
    const created = await call(w.office.token, w.tenantId, 'POST', '/customerlocation', {
      znl: 'Hamburg',
      nr: '0815',
      sapNr: 'SAP-4711',
      address: { street: 'Mönckebergstraße', housenumber: '7', zip: '20095', location: 'Hamburg', country: 'DE' },
      bemerkungen: 'Schlüssel beim Marktleiter',
      customer: Customer.RETAIL_CUSTOMER,
    });
    expect(created.statusCode).toBe(201);
    const loc = created.json();
    expect(loc).toMatchObject({
      znl: 'Hamburg',
      nr: '0815',
      sapNr: 'SAP-4711',
      bemerkungen: 'Schlüssel beim Marktleiter',
      active: true,
      ruhend: false,
      books: [],
      bookList: [],
      inspectionAmpel: null,
      selfInspectionAmpel: null,
      __v: 0,
    });
    expect(loc.address).toMatchObject({ street: 'Mönckebergstraße', zip: '20095', location: 'Hamburg' });

    const updated = await call(w.office.token, w.tenantId, 'PUT', `/customerlocation/${loc._id}`, {
      __v: 0,
      ruhend: true,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ ruhend: true, __v: 1, znl: 'Hamburg', inspectionAmpel: 'grey' });
    expect(updated.json().address._id).toBe(loc.address._id);

    const stale = await call(w.office.token, w.tenantId, 'PUT', `/customerlocation/${loc._id}`, { __v: 0, nr: 'x' });
    expect(stale.statusCode).toBe(409);
    const protocol = await call(
      w.office.token,
      w.tenantId,
      'GET',
      `/protocol/getProtocolByCustomerLocation/${loc._id}`,
    );
    expect(protocol.statusCode).toBe(200);
    expect(protocol.json().map((e: { field: string }) => e.field)).toContain('ruhend');
  });

  it('answers bad input with 400 and the field', async () => {
    const w = await world();
    const none = await call(w.office.token, w.tenantId, 'POST', '/customerlocation', {
      bemerkungen: 'ohne Nummer',
      customer: Customer.RETAIL_CUSTOMER,
    });
    expect(none.statusCode).toBe(400);
    expect(fieldsOf(none)).toContain('nr');
    const long = await call(w.office.token, w.tenantId, 'POST', '/customerlocation', {
      nr: 'x'.repeat(51),
      customer: Customer.RETAIL_CUSTOMER,
    });
    expect(fieldsOf(long)).toContain('nr');
    const customer = await call(w.office.token, w.tenantId, 'POST', '/customerlocation', { nr: '1', customer: 7 });
    expect(fieldsOf(customer)).toContain('customer');
    const loc = await insertLocation(db, w.tenantId);
    const emptied = await call(w.office.token, w.tenantId, 'PUT', `/customerlocation/${loc.id}`, {
      __v: 0,
      znl: '',
      nr: '',
      sapNr: '',
    });
    expect(emptied.statusCode).toBe(400);
    expect(fieldsOf(emptied)).toContain('nr');
    const missingVersion = await call(w.office.token, w.tenantId, 'PUT', `/customerlocation/${loc.id}`, { nr: '2' });
    expect(fieldsOf(missingVersion)).toContain('__v');
    expect((await call(w.office.token, w.tenantId, 'GET', '/customerlocation?sort=drop')).statusCode).toBe(400);
    expect((await call(w.office.token, w.tenantId, 'GET', '/customerlocation?ampel=pink')).statusCode).toBe(400);
  });

  it('deletes only a location without books (409 LOCATION_HAS_BOOKS), and another tenant’s is a 404', async () => {
    const w = await world();
    const other = await world();
    const loc = await insertLocation(db, w.tenantId);
    const book = await insertBook(db, w.tenantId);
    await linkBooks(db, loc.id, [book.id]);
    const blocked = await call(w.office.token, w.tenantId, 'DELETE', `/customerlocation/${loc.id}`);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().code).toBe('LOCATION_HAS_BOOKS');
    expect((await call(other.office.token, other.tenantId, 'GET', `/customerlocation/${loc.id}`)).statusCode).toBe(404);
    expect((await call(other.office.token, other.tenantId, 'DELETE', `/customerlocation/${loc.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(w.office.token, w.tenantId, 'DELETE', `/customerlocation/${loc.id}/books/${book.id}`)).statusCode,
    ).toBe(200);
    expect((await call(w.office.token, w.tenantId, 'DELETE', `/customerlocation/${loc.id}`)).statusCode).toBe(204);
    expect((await call(w.office.token, w.tenantId, 'GET', `/customerlocation/${loc.id}`)).statusCode).toBe(404);
  });
});

describe('books of a location', () => {
  it('links a book, refuses it twice (BOOK_ALREADY_LINKED) or in a second location, and removes it by DELETE and the SPEC GET', async () => {
    const w = await world();
    const a = await insertLocation(db, w.tenantId);
    const b = await insertLocation(db, w.tenantId, { znl: 'Kassel', nr: '42' });
    const book = await insertBook(db, w.tenantId, { title: 'Schiebetür Eingang' });
    // A book of no customer links once confirmed (decision 038).
    const linked = await call(w.office.token, w.tenantId, 'POST', `/customerlocation/${a.id}/books`, {
      bookId: book.id,
      confirm: true,
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().books).toEqual([book.id]);
    expect(linked.json().bookList[0]).toMatchObject({ _id: book.id, title: 'Schiebetür Eingang' });

    const again = await call(w.office.token, w.tenantId, 'POST', `/customerlocation/${a.id}/books`, {
      bookId: book.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('BOOK_ALREADY_LINKED');
    const elsewhere = await call(w.office.token, w.tenantId, 'POST', `/customerlocation/${b.id}/books`, {
      bookId: book.id,
    });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().code).toBe('BOOK_IN_OTHER_LOCATION');
    expect(elsewhere.json().details[0].params.location).toContain('Frankfurt');

    const foreignBook = await insertBook(db, (await world()).tenantId);
    expect(
      (await call(w.office.token, w.tenantId, 'POST', `/customerlocation/${a.id}/books`, { bookId: foreignBook.id }))
        .statusCode,
    ).toBe(404);

    const removed = await call(w.office.token, w.tenantId, 'GET', `/customerlocation/removebook/${a.id}/${book.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().books).toEqual([]);
    expect(
      (await call(w.office.token, w.tenantId, 'DELETE', `/customerlocation/${a.id}/books/${book.id}`)).statusCode,
    ).toBe(404);
    const protocol = await call(w.office.token, w.tenantId, 'GET', `/protocol/getProtocolByCustomerLocation/${a.id}`);
    expect(protocol.json().filter((e: { field: string }) => e.field === 'book')).toHaveLength(2);
  });
});

describe('linking one book to two branches at once', () => {
  it('links it once and answers the other with 409, never 500', async () => {
    const w = await world();
    const a = await insertLocation(db, w.tenantId);
    const b = await insertLocation(db, w.tenantId);
    const book = await insertBook(db, w.tenantId);
    const codes = await Promise.all(
      [a, b].map((l) =>
        call(w.office.token, w.tenantId, 'POST', `/customerlocation/${l.id}/books`, { bookId: book.id, confirm: true }),
      ),
    );
    expect(codes.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('the ampel of a location (worst of its active books, decision 019)', () => {
  it('aggregates mixed colours, ignores inactive books, is null without books and grey when dormant', async () => {
    const w = await world();
    const mixed = await insertLocation(db, w.tenantId, { nr: 'mixed' });
    const quiet = await insertLocation(db, w.tenantId, { nr: 'quiet' });
    const dormant = await insertLocation(db, w.tenantId, { nr: 'dormant', ruhend: true });
    await insertLocation(db, w.tenantId, { nr: 'empty' });
    const books = await Promise.all([
      insertBook(db, w.tenantId, { inspectionAmpel: 'green', inspectionSelfAmpel: 'orange' }),
      insertBook(db, w.tenantId, { inspectionAmpel: 'red', inspectionSelfAmpel: 'green' }),
      insertBook(db, w.tenantId, { inspectionAmpel: 'black', active: false }),
      insertBook(db, w.tenantId, { inspectionAmpel: 'green', inspectionSelfAmpel: 'green' }),
      insertBook(db, w.tenantId, { inspectionAmpel: 'black' }),
    ]);
    await linkBooks(db, mixed.id, [books[0].id, books[1].id, books[2].id]);
    await linkBooks(db, quiet.id, [books[3].id]);
    await linkBooks(db, dormant.id, [books[4].id]);

    const res = await call(w.office.token, w.tenantId, 'GET', '/customerlocation?size=10');
    expect(res.statusCode).toBe(200);
    const rows = res
      .json()
      .docs.map((d: Record<string, unknown>) => [
        d.nr,
        d.inspectionAmpel,
        d.selfInspectionAmpel,
        d.bookCount,
        d.overdueCount,
      ]);
    // worst first: red, green, none, dormant last
    expect(rows).toEqual([
      ['mixed', 'red', 'orange', 3, 1],
      ['quiet', 'green', 'green', 1, 0],
      ['empty', null, null, 0, 0],
      ['dormant', 'grey', 'grey', 1, 1],
    ]);
    expect(res.json().total).toBe(4);

    const red = await call(w.office.token, w.tenantId, 'GET', '/customerlocation?ampel=red');
    expect(red.json().docs.map((d: { nr: string }) => d.nr)).toEqual(['mixed']);
    const grey = await call(w.office.token, w.tenantId, 'GET', '/customerlocation?ampel=grey');
    expect(grey.json().docs.map((d: { nr: string }) => d.nr)).toEqual(['dormant']);

    const counts = await call(w.office.token, w.tenantId, 'GET', '/customerlocation/getampelcount/-/-');
    expect(counts.statusCode).toBe(200);
    expect(counts.json().inspection).toEqual({ black: 0, red: 1, orange: 0, green: 1, none: 1, grey: 1, total: 4 });
    expect(counts.json().selfInspection).toMatchObject({ orange: 1, green: 1, none: 1, grey: 1 });

    // A book's new ampel reaches the stored aggregate of its location (the writes that change one call this).
    await db.update(booksTable).set({ inspectionAmpel: 'black' }).where(eq(booksTable.id, books[0].id));
    await refreshLocationsOfBooks(db, w.tenantId, [books[0].id]);
    const check = await call(
      w.office.token,
      w.tenantId,
      'GET',
      `/customerlocation/checkinspectionampelbybookid/${books[0].id}`,
    );
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({
      bookId: books[0].id,
      inspectionAmpel: 'black',
      location: { _id: mixed.id, inspectionAmpel: 'black', selfInspectionAmpel: 'orange' },
    });
    // Deactivating and deleting a book over the API keep it right.
    const standard = await member(t, Role.STANDARD_ROLE, [w.tenantId]);
    const off = await call(standard.token, w.tenantId, 'PUT', `/books/updateSpezial/${books[0].id}`, { active: false });
    expect(off.statusCode).toBe(200);
    expect((await call(standard.token, w.tenantId, 'DELETE', `/books/${books[1].id}`)).statusCode).toBe(204);
    const after = (await call(w.office.token, w.tenantId, 'GET', `/customerlocation/${mixed.id}`)).json();
    expect([after.inspectionAmpel, after.selfInspectionAmpel, after.bookCount, after.overdueCount]).toEqual([
      null,
      null,
      2,
      0,
    ]);
    await call(standard.token, w.tenantId, 'PUT', `/books/updateSpezial/${books[0].id}`, { active: true });
    await call(standard.token, w.tenantId, 'PUT', `/books/updateSpezial/${books[2].id}`, { active: true });
    const again = (await call(w.office.token, w.tenantId, 'GET', `/customerlocation/${mixed.id}`)).json();
    expect([again.inspectionAmpel, again.bookCount, again.overdueCount]).toEqual(['black', 2, 2]);
    const unlinked = await insertBook(db, w.tenantId);
    const none = await call(
      w.office.token,
      w.tenantId,
      'GET',
      `/customerlocation/checkinspectionampelbybookid/${unlinked.id}`,
    );
    expect(none.json().location).toBeNull();
  });

  it('searches ZNL, Nr, SAP-Nr (also as the list shows them), ZIP, city and street, pages, and counts per search', async () => {
    const w = await world();
    await insertLocation(db, w.tenantId, { znl: 'Nord', nr: '1001', sapNr: 'S-1' });
    await insertLocation(db, w.tenantId, {
      znl: 'Süd',
      nr: '2002',
      sapNr: 'S-2',
      address: {
        _id: crypto.randomUUID(),
        street: '',
        housenumber: '',
        zip: '34117',
        location: 'Kassel',
        tel: '',
        email: '',
        homepage: '',
        country: 'DE',
      },
    });
    for (const [q, n] of [
      ['Nord', 1],
      ['2002', 1],
      ['S-', 2],
      ['34117', 1],
      ['kassel', 1],
      ['Frankfurt', 1],
      // As the list shows a branch, and by its street (issue 31 item 8).
      ['ZNL Süd', 1],
      ['znl nord', 1],
      ['Nr. 2002', 1],
      ['Zeil', 1],
      ['ZNL Kassel', 0],
      ['100%', 0],
    ] as const) {
      const res = await call(w.office.token, w.tenantId, 'GET', `/customerlocation?search=${encodeURIComponent(q)}`);
      expect(res.json().total, q).toBe(n);
      // The ampel bar counts the same branches: by place, plus by keys, less by both (web ampel-counts.ts).
      const count = async (place: string, keys: string) =>
        (
          await call(
            w.office.token,
            w.tenantId,
            'GET',
            `/customerlocation/getampelcount/${encodeURIComponent(place)}/${encodeURIComponent(keys)}`,
          )
        ).json().inspection.total as number;
      expect((await count(q, '-')) + (await count('-', q)) - (await count(q, q)), `${q}: counted`).toBe(n);
    }
    const page2 = await call(w.office.token, w.tenantId, 'GET', '/customerlocation?size=1&page=2&sort=nr');
    expect(page2.json()).toMatchObject({ total: 2, pages: 2, page: 2 });
    expect(page2.json().docs[0].nr).toBe('2002');
    const beyond = await call(w.office.token, w.tenantId, 'GET', '/customerlocation?size=1&page=9');
    expect(beyond.json()).toMatchObject({ total: 2, docs: [] });
    const counts = await call(w.office.token, w.tenantId, 'GET', '/customerlocation/getampelcount/kassel/-');
    expect(counts.json().inspection.total).toBe(1);
    const byKey = await call(w.office.token, w.tenantId, 'GET', '/customerlocation/getampelcount/-/1001');
    expect(byKey.json().inspection.total).toBe(1);
  });
});

describe('branch users see exactly their locations (decision 019)', () => {
  async function branchWorld() {
    const w = await world();
    const mine = await insertLocation(db, w.tenantId, { nr: 'mine', customer: 1 });
    const region = await insertLocation(db, w.tenantId, { nr: 'region', customer: 1 });
    const otherCustomer = await insertLocation(db, w.tenantId, { nr: 'other', customer: 0 });
    const closed = await insertLocation(db, w.tenantId, { nr: 'closed', customer: 1, active: false });
    const books = {
      mine: await insertBook(db, w.tenantId, { title: 'Meine Tür' }),
      region: await insertBook(db, w.tenantId, { title: 'Regionstür' }),
      other: await insertBook(db, w.tenantId, { title: 'Fremde Tür' }),
      hidden: await insertBook(db, w.tenantId, { title: 'Noch nicht sichtbar', visibleFrom: '2999-01-01' }),
      loose: await insertBook(db, w.tenantId, { title: 'Ohne Filiale' }),
    };
    await linkBooks(db, mine.id, [books.mine.id, books.hidden.id]);
    await linkBooks(db, region.id, [books.region.id]);
    await linkBooks(db, otherCustomer.id, [books.other.id]);
    const branch = async (customerRole: number | null, locations: string[]) => {
      const m = await member(t, Role.ROLE_FILIALE, [w.tenantId], { customerRole, customer: 1 });
      await assignLocations(db, m.id, locations);
      return m;
    };
    return {
      ...w,
      loc: { mine, region, otherCustomer, closed },
      books,
      defaultUser: await branch(CustomerRole.ROLE_DEFAULT, [mine.id]),
      regional: await branch(CustomerRole.ROLE_REGIONAL_MANAGER, [mine.id, region.id, closed.id]),
      control: await branch(CustomerRole.ROLE_CONTROL, []),
    };
  }

  const nrs = async (token: string, tenant: string) =>
    (await call(token, tenant, 'GET', '/customerlocation'))
      .json()
      .docs.map((d: { nr: string }) => d.nr)
      .sort();
  const bookTitles = async (token: string, tenant: string) =>
    (await call(token, tenant, 'GET', '/books?size=100'))
      .json()
      .docs.map((d: { title: string }) => d.title)
      .sort();

  it('default: the assigned location; regional: the assigned set; control: all of the customer; never an inactive one', async () => {
    const w = await branchWorld();
    expect(await nrs(w.defaultUser.token, w.tenantId)).toEqual(['mine']);
    expect(await nrs(w.regional.token, w.tenantId)).toEqual(['mine', 'region']);
    expect(await nrs(w.control.token, w.tenantId)).toEqual(['mine', 'region']);
    expect(await nrs(w.office.token, w.tenantId)).toEqual(['mine', 'other', 'region']);
    for (const u of [w.defaultUser, w.regional, w.control]) {
      expect((await call(u.token, w.tenantId, 'GET', `/customerlocation/${w.loc.otherCustomer.id}`)).statusCode).toBe(
        404,
      );
      expect((await call(u.token, w.tenantId, 'GET', `/customerlocation/${w.loc.closed.id}`)).statusCode).toBe(404);
    }
    expect(
      (await call(w.defaultUser.token, w.tenantId, 'GET', `/customerlocation/${w.loc.region.id}`)).statusCode,
    ).toBe(404);
    const mine = await call(w.defaultUser.token, w.tenantId, 'GET', `/customerlocation/${w.loc.mine.id}`);
    expect(mine.json().bookList.map((b: { title: string }) => b.title)).toEqual(['Meine Tür']);
  });

  it('limits the books, a book and its records to the user’s locations and the visibility window', async () => {
    const w = await branchWorld();
    expect(await bookTitles(w.defaultUser.token, w.tenantId)).toEqual(['Meine Tür']);
    expect(await bookTitles(w.regional.token, w.tenantId)).toEqual(['Meine Tür', 'Regionstür']);
    expect(await bookTitles(w.control.token, w.tenantId)).toEqual(['Meine Tür', 'Regionstür']);
    expect((await bookTitles(w.office.token, w.tenantId)).length).toBe(5);
    for (const id of [w.books.other.id, w.books.loose.id, w.books.hidden.id, w.books.region.id]) {
      for (const url of [`/books/${id}`, `/books/dto/${id}`, `/books/${id}/selfinspection`, `/books/${id}/exportPdf`]) {
        const res = await call(w.defaultUser.token, w.tenantId, 'GET', url);
        expect(res.statusCode, url).toBe(404);
      }
    }
    expect((await call(w.defaultUser.token, w.tenantId, 'GET', `/books/${w.books.mine.id}`)).statusCode).toBe(200);
  });

  it('refuses branch users every write and staff of another tenant every read', async () => {
    const w = await branchWorld();
    const foreign = await world();
    for (const u of [w.defaultUser, w.regional, w.control]) {
      expect((await call(u.token, w.tenantId, 'POST', '/customerlocation', { nr: 'x' })).statusCode).toBe(403);
      expect(
        (await call(u.token, w.tenantId, 'PUT', `/customerlocation/${w.loc.mine.id}`, { __v: 0 })).statusCode,
      ).toBe(403);
    }
    expect((await call(foreign.office.token, w.tenantId, 'GET', '/customerlocation')).statusCode).toBe(403);
    expect((await call(foreign.office.token, foreign.tenantId, 'GET', `/customerlocation/${FOREIGN}`)).statusCode).toBe(
      404,
    );
  });
});

describe('assigning locations to a branch user', () => {
  it('replaces the set in the request’s tenant and refuses unknown locations', async () => {
    const w = await world();
    const admin = await member(t, Role.ADMIN_ROLE, []);
    const a = await insertLocation(db, w.tenantId);
    const b = await insertLocation(db, w.tenantId);
    const user = await member(t, Role.ROLE_FILIALE, [w.tenantId]);
    const put = await call(admin.token, w.tenantId, 'PUT', `/customerlocation/user/${user.id}`, {
      locations: [a.id, b.id],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().locations.sort()).toEqual([a.id, b.id].sort());
    const narrowed = await call(admin.token, w.tenantId, 'PUT', `/customerlocation/user/${user.id}`, {
      locations: [b.id],
    });
    expect(narrowed.json().locations).toEqual([b.id]);
    const bad = await call(admin.token, w.tenantId, 'PUT', `/customerlocation/user/${user.id}`, {
      locations: [FOREIGN],
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toContain('locations');
    expect((await call(admin.token, w.tenantId, 'GET', `/customerlocation/user/${user.id}`)).json().locations).toEqual([
      b.id,
    ]);
    expect((await call(w.office.token, w.tenantId, 'GET', `/customerlocation/user/${user.id}`)).statusCode).toBe(403);
  });
});
