import { Role } from '@pruefbuch/domain/roles';
import { describe, expect, it } from 'vitest';
import { address, branchMember, folderIn, insertBooks, member, tag } from '../../../test/fixtures/books';
import { createTestApp } from '../../../test/helper';

/** GET books and GET tenants/url/{url}/{folderOrRoot}/{page}/{sort}/{size}. */
const t = await createTestApp();

const titles = (res: { json: () => { docs: { title: string }[] } }) => res.json().docs.map((d) => d.title);

/** A tenant with six books: four in Frankfurt (one in a subfolder), one in Wiesbaden, one without folder. */
async function register() {
  const m = tag();
  const tenant = await t.createTenant(`Liste ${m}`);
  const ffm = await folderIn(t, tenant.id, 'Frankfurt');
  const sub = await folderIn(t, tenant.id, 'Zeil', ffm);
  const wi = await folderIn(t, tenant.id, 'Wiesbaden');
  const user = await member(t, Role.STANDARD_ROLE, [tenant.id]);
  await insertBooks(t, tenant.id, [
    {
      title: `A ${m} Haupteingang`,
      folderId: ffm,
      customer: 'Kaufhof Zeil',
      site: 'EG Nord',
      orderNo: `AU-${m}-1`,
      status: 4,
      objectaddress: { ...address(), _id: crypto.randomUUID() },
    },
    { title: `B ${m} Seiteneingang`, folderId: ffm, glasbocknr: `GB-${m}-7`, status: 1, active: false },
    { title: `C ${m} Tiefgarage`, folderId: ffm, manufacturerNo: `HN-${m}-3`, inspectionAmpel: 'red' },
    { title: `D ${m} Lieferzone`, folderId: sub, customer: 'Kaufhof Zeil' },
    {
      title: `E ${m} Schalterhalle`,
      folderId: wi,
      customer: 'Sparkasse Wiesbaden',
      objectaddress: { ...address({ zip: '65185', location: 'Wiesbaden' }), _id: crypto.randomUUID() },
      inspectionAmpel: 'green',
      inspectionSelfAmpel: 'orange',
      status: 7,
    },
    { title: `F ${m} Lager 100%_sicher`, folderId: null, site: 'Außenlager' },
  ]);
  return { m, tenant, ffm, sub, wi, user };
}

describe('GET books', () => {
  it('pages and sorts the books of the tenant', async () => {
    const r = await register();
    const get = (q: string) => t.api({ method: 'GET', url: `/books?${q}`, token: r.user.token, tenant: r.tenant.id });
    const p1 = await get('size=4&sort=title');
    expect(p1.statusCode).toBe(200);
    expect(p1.json()).toMatchObject({ total: 6, page: 1, size: 4, pages: 2 });
    expect(titles(p1).map((x) => x[0])).toEqual(['A', 'B', 'C', 'D']);
    const p2 = await get('size=4&page=2&sort=title');
    expect(titles(p2).map((x) => x[0])).toEqual(['E', 'F']);
    const past = await get('size=4&page=5');
    expect(past.json()).toMatchObject({ docs: [], total: 6, page: 5, pages: 2 });
    expect(titles(await get('sort=-title')).map((x) => x[0])).toEqual(['F', 'E', 'D', 'C', 'B', 'A']);
    expect(titles(await get('sort=-status&size=2')).map((x) => x[0])).toEqual(['E', 'A']);
    expect((await get('status=1&active=false')).json().total).toBe(1);
    expect((await get('folder=root')).json().docs.map((d: { title: string }) => d.title[0])).toEqual(['F']);
    expect((await get(`folder=${r.ffm}`)).json().total).toBe(3);
  });

  it.each([
    ['title', 'haupteingang', ['A']],
    ['customer', 'KAUFHOF', ['A', 'D']],
    ['site', 'außenlager', ['F']],
    ['serial (glasbocknr)', 'GB-{m}-7', ['B']],
    ['manufacturer number', 'hn-{m}-3', ['C']],
    ['order number', 'AU-{m}-1', ['A']],
    ['ZIP of the object address', '65185', ['E']],
    ['city of the object address', 'wiesbaden', ['E']],
    ['literal % and _', '100%_s', ['F']],
    ['a % that is no wildcard', '%', ['F']],
  ])('finds books by %s', async (_what, term, expected) => {
    const r = await register();
    const q = encodeURIComponent(term.replace('{m}', r.m));
    const res = await t.api({ method: 'GET', url: `/books?search=${q}`, token: r.user.token, tenant: r.tenant.id });
    expect(res.statusCode).toBe(200);
    expect(titles(res).map((x) => x[0])).toEqual(expected);
  });

  it('returns list rows, not whole books', async () => {
    const r = await register();
    const res = await t.api({
      method: 'GET',
      url: '/books?search=haupteingang',
      token: r.user.token,
      tenant: r.tenant.id,
    });
    const [doc] = res.json().docs;
    expect(doc).toMatchObject({ customer: 'Kaufhof Zeil', objectaddress: { zip: '60313' }, folder: r.ffm, __v: 0 });
    expect(doc).not.toHaveProperty('controlleraddress');
    expect(doc).not.toHaveProperty('misc');
  });

  it.each([
    ['sort=colour', 'sort'],
    ['sort=-', 'sort'],
    ['size=101', 'size'],
    ['size=0', 'size'],
    ['page=0', 'page'],
    ['page=eins', 'page'],
    ['status=9', 'status'],
    ['active=ja', 'active'],
    ['folder=abc', 'folder'],
    [`search=${'x'.repeat(101)}`, 'search'],
  ])('refuses %s with 400', async (q, field) => {
    const r = await register();
    const res = await t.api({ method: 'GET', url: `/books?${q}`, token: r.user.token, tenant: r.tenant.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe(`querystring.${field}`);
  });

  it('needs a tenant header; every role of the tenant reads', async () => {
    const r = await register();
    expect((await t.api({ method: 'GET', url: '/books', token: r.user.token })).statusCode).toBe(400);
    const lager = await member(t, Role.ROLE_LAGER, [r.tenant.id]);
    // Warehouse users read the installations (decision 017).
    expect((await t.api({ method: 'GET', url: '/books', token: lager.token, tenant: r.tenant.id })).statusCode).toBe(
      200,
    );
    // A branch user sees the books of their locations only (decision 019).
    const none = await member(t, Role.ROLE_FILIALE, [r.tenant.id]);
    const asNone = await t.api({ method: 'GET', url: '/books', token: none.token, tenant: r.tenant.id });
    expect(asNone.json().total).toBe(0);
    const all = (
      await t.api({ method: 'GET', url: '/books?size=100', token: r.user.token, tenant: r.tenant.id })
    ).json();
    const branch = await branchMember(t, r.tenant.id, [all.docs[0]._id, all.docs[1]._id]);
    const asBranch = await t.api({ method: 'GET', url: '/books', token: branch.token, tenant: r.tenant.id });
    expect(asBranch.json().total).toBe(2);
  });
});

describe('GET tenants/url/{url}/{folderOrRoot}/{page}/{sort}/{size}', () => {
  const url = (r: Awaited<ReturnType<typeof register>>, rest: string) => `/tenants/url/${r.tenant.url}/${rest}`;

  it('lists the books directly in a folder, those without folder (root) and all of them', async () => {
    const r = await register();
    const get = (rest: string) => t.api({ method: 'GET', url: url(r, rest), token: r.user.token, tenant: r.tenant.id });
    const folder = await get(`${r.ffm}/1/title/2`);
    expect(folder.statusCode).toBe(200);
    expect(folder.json()).toMatchObject({ total: 3, page: 1, size: 2, pages: 2 });
    expect(titles(folder).map((x) => x[0])).toEqual(['A', 'B']);
    expect(titles(await get(`${r.ffm}/2/title/2`)).map((x) => x[0])).toEqual(['C']);
    expect(titles(await get(`${r.ffm}/1/-title/20`)).map((x) => x[0])).toEqual(['C', 'B', 'A']);
    expect(titles(await get(`${r.sub}/1/title/20`)).map((x) => x[0])).toEqual(['D']);
    expect(titles(await get('root/1/title/20')).map((x) => x[0])).toEqual(['F']);
    expect((await get('all/1/title/20')).json().total).toBe(6);
    expect(titles(await get('all/1/title/20?search=kaufhof')).map((x) => x[0])).toEqual(['A', 'D']);
    expect(titles(await get(`${r.ffm}/1/customer/20?search=kaufhof`)).map((x) => x[0])).toEqual(['A']);
  });

  it("answers another tenant's url or folder, and unknown ones, with 404", async () => {
    const a = await register();
    const b = await register();
    const get = (path: string) => t.api({ method: 'GET', url: path, token: a.user.token, tenant: a.tenant.id });
    expect((await get(`/tenants/url/${b.tenant.url}/all/1/title/20`)).statusCode).toBe(404);
    expect((await get(`/tenants/url/kein-mandant-${a.m}/all/1/title/20`)).statusCode).toBe(404);
    expect((await get(url(a, `${b.ffm}/1/title/20`))).statusCode).toBe(404);
    expect((await get(url(a, '11111111-1111-4111-8111-111111111111/1/title/20'))).statusCode).toBe(404);
    // B's tenant header is refused for a user of A before anything is read.
    const header = await t.api({
      method: 'GET',
      url: `/tenants/url/${b.tenant.url}/all/1/title/20`,
      token: a.user.token,
      tenant: b.tenant.id,
    });
    expect(header.statusCode).toBe(403);
  });

  it.each([['ordner/1/title/20'], ['root/0/title/20'], ['root/1/farbe/20'], ['root/1/title/500'], ['root/x/title/20']])(
    'refuses %s with 400',
    async (rest) => {
      const r = await register();
      const res = await t.api({ method: 'GET', url: url(r, rest), token: r.user.token, tenant: r.tenant.id });
      expect(res.statusCode).toBe(400);
    },
  );
});
