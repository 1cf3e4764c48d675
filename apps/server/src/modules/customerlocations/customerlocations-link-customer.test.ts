/**
 * Decision 038: staff link only books of the branch's customer to a branch; a book of no customer (or the
 * first named book of the customer) once confirmed; a book of another customer never, so its branch users
 * cannot open it.
 */
import { Role } from '@pruefbuch/domain/roles';
import { describe, expect, it } from 'vitest';
import { assignLocations, insertBook, insertLocation, linkBooks } from '../../../test/factories';
import { branchMember, member, tag } from '../../../test/fixtures/books';
import { createTestApp } from '../../../test/helper';

const t = await createTestApp();
const db = t.database.db;
const RETAIL = 'FrischeMarkt GmbH & Co. KG';

async function world() {
  const tenant = await t.createTenant(`Filialkunde ${tag()}`);
  const office = await member(t, Role.PROJECT_ROLE, [tenant.id]);
  const link = (locationId: string, bookId: string, extra: object = {}, headers: Record<string, string> = {}) =>
    t.api({
      method: 'POST',
      url: `/customerlocation/${locationId}/books`,
      token: office.token,
      tenant: tenant.id,
      payload: { bookId, ...extra },
      headers,
    });
  return { tenantId: tenant.id, office, link };
}

/** A tenant whose retail branches already hold a book of the retail customer, and an empty branch. */
async function retailWorld() {
  const w = await world();
  const known = await insertLocation(db, w.tenantId, { customer: 1 });
  await linkBooks(db, known.id, [(await insertBook(db, w.tenantId, { title: 'Eingangstür', customer: RETAIL })).id]);
  const branch = await insertLocation(db, w.tenantId, { customer: 1, znl: 'Rhein-Main', nr: '4101' });
  const user = await branchMember(t, w.tenantId, []);
  // The default branch user of the empty branch (branchMember gives them an empty one of their own, too).
  await assignLocations(db, user.id, [branch.id]);
  const open = (bookId: string) =>
    t.api({ method: 'GET', url: `/books/${bookId}`, token: user.token, tenant: w.tenantId });
  return { ...w, branch, open };
}

describe('POST customerlocation/{id}/books: the branch customer’s books only', () => {
  it('refuses a book of another customer, confirmed or not, naming it in German and English; its branch user never opens it', async () => {
    const w = await retailWorld();
    const museum = await insertBook(db, w.tenantId, {
      title: 'Drehtür Foyer',
      site: 'Haupteingang',
      customer: 'Städel Museum',
    });
    for (const extra of [{}, { confirm: true }]) {
      const res = await w.link(w.branch.id, museum.id, extra);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'BOOK_OF_OTHER_CUSTOMER',
        details: [{ field: 'bookId', params: { book: 'Drehtür Foyer (Haupteingang)', customer: 'Städel Museum' } }],
      });
      expect(res.json().message).toContain('„Drehtür Foyer (Haupteingang)“');
    }
    const en = await w.link(w.branch.id, museum.id, {}, { 'accept-language': 'en' });
    expect(en.json().message).toContain('“Drehtür Foyer (Haupteingang)” belongs to the customer “Städel Museum”');
    expect((await w.open(museum.id)).statusCode).toBe(404);
    const detail = await t.api({
      method: 'GET',
      url: `/customerlocation/${w.branch.id}`,
      token: w.office.token,
      tenant: w.tenantId,
    });
    expect(detail.json().books).toEqual([]);
  });

  it('links a book of the customer at once, its name compared without case and extra spaces', async () => {
    const w = await retailWorld();
    const door = await insertBook(db, w.tenantId, { title: 'Schiebetür', customer: '  frischemarkt gmbh &  co. kg ' });
    const res = await w.link(w.branch.id, door.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().books).toEqual([door.id]);
    expect((await w.open(door.id)).statusCode).toBe(200);
  });

  it('asks to confirm a book of no customer and links it once confirmed', async () => {
    const w = await retailWorld();
    const loose = await insertBook(db, w.tenantId, { title: 'Rolltor Lager', customer: '' });
    const asked = await w.link(w.branch.id, loose.id);
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({
      code: 'BOOK_WITHOUT_CUSTOMER',
      details: [{ params: { book: 'Rolltor Lager' } }],
    });
    expect((await w.open(loose.id)).statusCode).toBe(404);
    const confirmed = await w.link(w.branch.id, loose.id, { confirm: true });
    expect(confirmed.statusCode).toBe(200);
    expect((await w.open(loose.id)).statusCode).toBe(200);
  });

  it('asks to confirm the first named book of a customer; that book then names the customer', async () => {
    const w = await world();
    const first = await insertLocation(db, w.tenantId, { customer: 1 });
    const book = await insertBook(db, w.tenantId, { title: 'Tür 1', customer: RETAIL });
    expect((await w.link(first.id, book.id)).json().code).toBe('BOOK_FIRST_OF_CUSTOMER');
    expect((await w.link(first.id, book.id, { confirm: true })).statusCode).toBe(200);
    const second = await insertLocation(db, w.tenantId, { customer: 1 });
    const other = await insertBook(db, w.tenantId, { title: 'Tür 2', customer: 'Kaufhof Zeil' });
    expect((await w.link(second.id, other.id, { confirm: true })).json().code).toBe('BOOK_OF_OTHER_CUSTOMER');
    const same = await insertBook(db, w.tenantId, { title: 'Tür 3', customer: RETAIL });
    expect((await w.link(second.id, same.id)).statusCode).toBe(200);
  });

  it('refuses a confirm that is not a boolean', async () => {
    const w = await retailWorld();
    const loose = await insertBook(db, w.tenantId, { customer: '' });
    const res = await w.link(w.branch.id, loose.id, { confirm: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('confirm');
  });
});
