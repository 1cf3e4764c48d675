/**
 * GET customerlocation/{id}/linkable-books: the book picker of a branch offers only books the branch could take
 * (decision 038): of its customer's names or of no customer (linking asks first), never another customer's;
 * every book, each asking first, while the customer has no book in a branch yet.
 */
import { Customer, Role } from '@pruefbuch/domain/roles';
import type { LinkableBook } from '@pruefbuch/domain/schemas/customerlocation';
import { describe, expect, it } from 'vitest';
import { insertBook, insertLocation, linkBooks } from '../../../test/factories';
import { branchMember, member, tag } from '../../../test/fixtures/books';
import { createTestApp } from '../../../test/helper';

const t = await createTestApp();
const db = t.database.db;

async function world() {
  const tenant = await t.createTenant(`Auswahl ${tag()}`);
  const office = await member(t, Role.PROJECT_ROLE, [tenant.id]);
  const known = await insertLocation(db, tenant.id, { customer: Customer.RETAIL_CUSTOMER, znl: 'Nord', nr: '1' });
  const linked = await insertBook(db, tenant.id, { title: 'Tür Eingang', customer: 'FrischeMarkt GmbH' });
  await linkBooks(db, known.id, [linked.id]);
  const branch = await insertLocation(db, tenant.id, { customer: Customer.RETAIL_CUSTOMER, znl: 'Süd', nr: '2' });
  const same = await insertBook(db, tenant.id, { title: 'Tür Lager', customer: '  frischemarkt   GMBH ' });
  const none = await insertBook(db, tenant.id, { title: 'Tür Technik', customer: '' });
  const museum = await insertBook(db, tenant.id, { title: 'Tür Foyer', customer: 'Städel Museum' });
  const pick = (locationId: string, query = 'search=T%C3%BCr', token = office.token) =>
    t.api({ method: 'GET', url: `/customerlocation/${locationId}/linkable-books?${query}`, token, tenant: tenant.id });
  return { tenantId: tenant.id, office, known, branch, linked, same, none, museum, pick };
}

const byTitle = (docs: LinkableBook[]) => Object.fromEntries(docs.map((d) => [d.title, d]));

describe('GET customerlocation/{id}/linkable-books', () => {
  it('offers the customer’s books and those of no customer (asking first), not another customer’s', async () => {
    const w = await world();
    const res = await w.pick(w.branch.id);
    expect(res.statusCode, res.body).toBe(200);
    const docs = res.json().docs as LinkableBook[];
    expect(docs.map((d) => d.title)).toEqual(['Tür Eingang', 'Tür Lager', 'Tür Technik']);
    const found = byTitle(docs);
    expect(found['Tür Lager']).toMatchObject({ _id: w.same.id, link: 'link', location: null });
    expect(found['Tür Technik']).toMatchObject({ _id: w.none.id, link: 'confirm-no-customer', location: null });
    // The one at another branch is shown with that branch: the server names it when refused.
    expect(found['Tür Eingang']).toMatchObject({
      link: 'link',
      location: { _id: w.known.id, znl: 'Nord', nr: '1', sapNr: '' },
    });
    // What the picker offers, the link takes (the no-customer one once confirmed); what it leaves out, it refuses.
    const link = (bookId: string, confirm?: boolean) =>
      t.api({
        method: 'POST',
        url: `/customerlocation/${w.branch.id}/books`,
        token: w.office.token,
        tenant: w.tenantId,
        payload: { bookId, ...(confirm ? { confirm } : {}) },
      });
    expect((await link(w.same.id)).statusCode).toBe(200);
    expect((await link(w.none.id)).json().code).toBe('BOOK_WITHOUT_CUSTOMER');
    expect((await link(w.museum.id)).json().code).toBe('BOOK_OF_OTHER_CUSTOMER');
  });

  it('offers every book, each asking first, for a customer with no book in a branch yet; searches and pages', async () => {
    const w = await world();
    const other = await insertLocation(db, w.tenantId, { customer: Customer.NO_CUSTOMER, nr: '3' });
    const docs = (await w.pick(other.id)).json().docs as LinkableBook[];
    expect(docs.map((d) => [d.title, d.link])).toEqual([
      ['Tür Eingang', 'confirm-first-book'],
      ['Tür Foyer', 'confirm-first-book'],
      ['Tür Lager', 'confirm-first-book'],
      ['Tür Technik', 'confirm-no-customer'],
    ]);
    expect((await w.pick(other.id, 'search=foyer')).json().docs.map((d: LinkableBook) => d.title)).toEqual([
      'Tür Foyer',
    ]);
    expect((await w.pick(other.id, 'search=T%C3%BCr&size=2')).json().docs).toHaveLength(2);
    // The search takes % and _ literally.
    expect((await w.pick(other.id, 'search=%25')).json().docs).toEqual([]);
  });

  it('is for staff who link: branch users 403, another tenant’s branch 404, a bad size 400', async () => {
    const w = await world();
    const user = await branchMember(t, w.tenantId, [w.same.id]);
    expect((await w.pick(w.branch.id, 'search=T%C3%BCr', user.token)).statusCode).toBe(403);
    const foreign = await t.createTenant(`Fremd ${tag()}`);
    const theirs = await insertLocation(db, foreign.id, { customer: Customer.RETAIL_CUSTOMER });
    expect((await w.pick(theirs.id)).statusCode).toBe(404);
    expect((await w.pick(w.branch.id, 'size=500')).statusCode).toBe(400);
  });
});
