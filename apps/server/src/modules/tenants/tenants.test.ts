import { Role } from '@pruefbuch/domain/roles';
import { describe, expect, it } from 'vitest';
import { dbWrites, fieldsOf, tag, tenantBody, unknownId } from '../../../test/fixtures/tenants';
import { createTestApp } from '../../../test/helper';

const t = await createTestApp();
const w = dbWrites(t);

/** A tenant made through the API (so it has every field), and an admin token. */
async function apiTenant(overrides: Record<string, unknown> = {}) {
  const admin = await t.signedIn(Role.ADMIN_ROLE);
  const res = await t.api({ method: 'POST', url: '/tenants', token: admin.token, payload: tenantBody(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('GET tenants (list)', () => {
  it('pages, sorts and searches; admins see every tenant', async () => {
    const marker = tag();
    for (const n of ['Bremen', 'Aachen', 'Celle']) await apiTenant({ name: `${n} ${marker}` });
    const { token } = await t.signedIn(Role.ADMIN_ROLE);
    const page1 = await t.api({ method: 'GET', url: `/tenants?search=${marker}&size=2`, token });
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toMatchObject({ total: 3, page: 1, size: 2, pages: 2 });
    expect(page1.json().docs.map((d: { name: string }) => d.name)).toEqual([`Aachen ${marker}`, `Bremen ${marker}`]);
    const page2 = await t.api({ method: 'GET', url: `/tenants?search=${marker}&size=2&page=2`, token });
    expect(page2.json().docs.map((d: { name: string }) => d.name)).toEqual([`Celle ${marker}`]);
    const desc = await t.api({ method: 'GET', url: `/tenants?search=${marker}&sort=-name`, token });
    expect(desc.json().docs.map((d: { name: string }) => d.name)).toEqual([
      `Celle ${marker}`,
      `Bremen ${marker}`,
      `Aachen ${marker}`,
    ]);
  });

  it('finds tenants by url and city, and takes LIKE wildcards literally', async () => {
    const marker = tag();
    const made = await apiTenant({
      url: `stadt-${marker}`,
      address: { ...tenantBody().address, location: `Ort${marker}` },
    });
    const { token } = await t.signedIn(Role.ADMIN_ROLE);
    const byUrl = await t.api({ method: 'GET', url: `/tenants?search=stadt-${marker}`, token });
    expect(byUrl.json().docs.map((d: { _id: string }) => d._id)).toEqual([made._id]);
    const byCity = await t.api({ method: 'GET', url: `/tenants?search=ort${marker}`, token });
    expect(byCity.json().docs.map((d: { _id: string }) => d._id)).toEqual([made._id]);
    const wild = await t.api({ method: 'GET', url: `/tenants?search=${marker.slice(0, 4)}_${marker.slice(5)}`, token });
    expect(wild.json()).toMatchObject({ total: 0, docs: [], pages: 1 });
  });

  it('shows everybody else only their own tenants', async () => {
    const marker = tag();
    const mine = await t.createTenant(`Mein ${marker}`);
    await t.createTenant(`Fremd ${marker}`);
    const user = await t.createUser({ role: Role.STANDARD_ROLE, tenantIds: [mine.id] });
    const { token } = await t.login(user.email);
    const res = await t.api({ method: 'GET', url: `/tenants?search=${marker}`, token });
    expect(res.json()).toMatchObject({ total: 1 });
    expect(res.json().docs.map((d: { _id: string }) => d._id)).toEqual([mine.id]);
    const all = await t.api({ method: 'GET', url: '/tenants?size=100', token });
    expect(all.json().docs.map((d: { _id: string }) => d._id)).toEqual([mine.id]);
  });

  it('refuses bad paging with 400 and branch users with 403; every staff role lists (decision 017)', async () => {
    const { token } = await t.signedIn(Role.ADMIN_ROLE);
    for (const q of ['page=0', 'size=1000', 'page=abc']) {
      const res = await t.api({ method: 'GET', url: `/tenants?${q}`, token });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    for (const role of [Role.ROLE_LAGER, Role.ROLE_FILIALE, Role.ROLE_FERTIGUNG, Role.ROLE_LEITER_FERTIGUNG]) {
      const other = await t.signedIn(role);
      expect((await t.api({ method: 'GET', url: '/tenants', token: other.token })).statusCode, `role ${role}`).toBe(
        role === Role.ROLE_FILIALE ? 403 : 200,
      );
    }
    expect((await t.api({ method: 'GET', url: '/tenants' })).statusCode).toBe(401);
  });
});

describe('GET tenants/{id} and tenants/url', () => {
  it('returns every field of the tenant, by id and by url', async () => {
    const made = await apiTenant();
    const user = await t.createUser({ role: Role.STANDARD_ROLE, tenantIds: [made._id] });
    const { token } = await t.login(user.email);
    const byId = await t.api({ method: 'GET', url: `/tenants/${made._id}`, token });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual(made);
    expect(byId.json()).toMatchObject({
      hotHint: ['Schlüssel beim Pförtner'],
      techAcceptor: true,
      __v: 0,
      address: { _id: expect.any(String), street: 'Hanauer Landstraße', country: 'DE' },
    });
    const byUrl = await t.api({ method: 'GET', url: `/tenants/url?url=${made.url}`, token });
    expect(byUrl.statusCode).toBe(200);
    expect(byUrl.json()).toEqual(made);
    // The url is matched case-insensitively, as it is stored in lower case.
    const upper = await t.api({ method: 'GET', url: `/tenants/url?url=${made.url.toUpperCase()}`, token });
    expect(upper.json()._id).toBe(made._id);
  });

  it('answers unknown ids and urls with 404, malformed ones with 400', async () => {
    const { token } = await t.signedIn(Role.ADMIN_ROLE);
    expect((await t.api({ method: 'GET', url: `/tenants/${unknownId()}`, token })).statusCode).toBe(404);
    expect((await t.api({ method: 'GET', url: `/tenants/url?url=gibt-es-nicht-${tag()}`, token })).statusCode).toBe(
      404,
    );
    const bad = await t.api({ method: 'GET', url: '/tenants/keine-uuid', token });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['params.id']);
    for (const q of ['', '?url=', '?url=mit%20leerzeichen', '?url=../etc']) {
      const res = await t.api({ method: 'GET', url: `/tenants/url${q}`, token });
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('hides another tenant from a user with 404', async () => {
    const foreign = await apiTenant();
    const mine = await t.createTenant();
    const user = await t.createUser({ role: Role.LIST_ADMIN_ROLE, tenantIds: [mine.id] });
    const { token } = await t.login(user.email);
    for (const url of [`/tenants/${foreign._id}`, `/tenants/url?url=${foreign.url}`]) {
      const res = await t.api({ method: 'GET', url, token });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain(foreign.name);
    }
  });
});

describe('GET tenants/user', () => {
  it('gives admins every tenant and everybody else only their own', async () => {
    const [mine, foreign] = [await t.createTenant(`Mein ${tag()}`), await t.createTenant(`Fremd ${tag()}`)];
    const user = await t.createUser({ role: Role.STANDARD_ROLE, tenantIds: [mine.id] });
    const { token } = await t.login(user.email);
    const own = await t.api({ method: 'GET', url: '/tenants/user', token });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([{ _id: mine.id, name: mine.name }]);

    const lonely = await t.signedIn(Role.ROLE_SERVICE_TECHNIKER);
    expect((await t.api({ method: 'GET', url: '/tenants/user', token: lonely.token })).json()).toEqual([]);

    // Branch users reach it too: the login needs their tenants.
    const branch = await t.createUser({ role: Role.ROLE_FILIALE, customerRole: 1, tenantIds: [mine.id] });
    const branchToken = (await t.login(branch.email)).token;
    expect((await t.api({ method: 'GET', url: '/tenants/user', token: branchToken })).json()).toEqual([
      { _id: mine.id, name: mine.name },
    ]);

    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const all = await t.api({ method: 'GET', url: '/tenants/user', token: admin.token });
    expect(all.json()).toEqual(
      expect.arrayContaining([
        { _id: mine.id, name: mine.name },
        { _id: foreign.id, name: foreign.name },
      ]),
    );
    expect((await t.api({ method: 'GET', url: '/tenants/user' })).statusCode).toBe(401);
  });

  it('lists the own tenant of an admin first, so sign-in opens where the admin works', async () => {
    const own = await t.createTenant(`zzz Eigener ${tag()}`);
    await t.createTenant(`aaa Anderer ${tag()}`);
    const admin = await t.signedIn(Role.ADMIN_ROLE, { tenantIds: [own.id] });
    const list = (await t.api({ method: 'GET', url: '/tenants/user', token: admin.token })).json();
    expect(list[0]).toEqual({ _id: own.id, name: own.name });
    expect(admin.session.tenants[0]).toEqual({ _id: own.id, name: own.name });
  });
});

describe('GET tenants/book', () => {
  it('counts the books of each tenant the user may use', async () => {
    const marker = tag();
    const [a, b, empty] = [
      await t.createTenant(`A ${marker}`),
      await t.createTenant(`B ${marker}`),
      await t.createTenant(`C ${marker}`),
    ];
    const folder = await w.folder(a.id);
    await w.book(a.id);
    await w.book(a.id, folder.id);
    await w.book(b.id);
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const res = await t.api({ method: 'GET', url: '/tenants/book', token: admin.token });
    expect(res.statusCode).toBe(200);
    const ours = res.json().filter((r: { name: string }) => r.name.endsWith(marker));
    expect(ours).toEqual([
      { _id: a.id, name: a.name, books: 2 },
      { _id: b.id, name: b.name, books: 1 },
      { _id: empty.id, name: empty.name, books: 0 },
    ]);

    const user = await t.createUser({ role: Role.PROJECT_ROLE, tenantIds: [b.id] });
    const own = await t.api({ method: 'GET', url: '/tenants/book', token: (await t.login(user.email)).token });
    expect(own.json()).toEqual([{ _id: b.id, name: b.name, books: 1 }]);
    const branch = await t.signedIn(Role.ROLE_FILIALE, { customerRole: 1 });
    expect((await t.api({ method: 'GET', url: '/tenants/book', token: branch.token })).statusCode).toBe(403);
  });
});

describe('GET tenants/techacceptor', () => {
  it('lists the active acceptors and acceptors lite of the tenant of the header or the query', async () => {
    const tenant = await t.createTenant();
    const other = await t.createTenant();
    const acc = await t.createUser({ role: Role.ACCEPTOR_ROLE, lastName: 'Zander', tenantIds: [tenant.id] });
    const lite = await t.createUser({ role: Role.ACCEPTOR_LITE_ROLE, lastName: 'Adam', tenantIds: [tenant.id] });
    await t.createUser({ role: Role.ACCEPTOR_ROLE, isResigned: true, tenantIds: [tenant.id] });
    await t.createUser({ role: Role.STANDARD_ROLE, tenantIds: [tenant.id] });
    await t.createUser({ role: Role.ACCEPTOR_ROLE, tenantIds: [other.id] });
    const me = await t.createUser({ role: Role.STANDARD_ROLE, tenantIds: [tenant.id] });
    const { token } = await t.login(me.email);
    const expected = [lite, acc].map((u) => ({
      _id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      abbreviation: u.abbreviation,
    }));
    const byHeader = await t.api({ method: 'GET', url: '/tenants/techacceptor', token, tenant: tenant.id });
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.json()).toEqual(expected);
    const byQuery = await t.api({ method: 'GET', url: `/tenants/techacceptor?tenant=${tenant.id}`, token });
    expect(byQuery.json()).toEqual(expected);
  });

  it('needs a tenant, refuses a malformed one and hides a foreign one', async () => {
    const mine = await t.createTenant();
    const foreign = await t.createTenant();
    await t.createUser({ role: Role.ACCEPTOR_ROLE, tenantIds: [foreign.id] });
    const me = await t.createUser({ role: Role.STANDARD_ROLE, tenantIds: [mine.id] });
    const { token } = await t.login(me.email);
    const none = await t.api({ method: 'GET', url: '/tenants/techacceptor', token });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('TENANT_REQUIRED');
    expect((await t.api({ method: 'GET', url: '/tenants/techacceptor?tenant=xyz', token })).statusCode).toBe(400);
    const res = await t.api({ method: 'GET', url: `/tenants/techacceptor?tenant=${foreign.id}`, token });
    expect(res.statusCode).toBe(404);
    const unknown = await t.api({ method: 'GET', url: `/tenants/techacceptor?tenant=${unknownId()}`, token });
    expect(unknown.statusCode).toBe(404);
    // The header is checked by the platform: a foreign tenant header is refused before the call.
    const header = await t.api({ method: 'GET', url: '/tenants/techacceptor', token, tenant: foreign.id });
    expect(header.statusCode).toBe(403);
  });
});

describe('GET tenants/template', () => {
  it('returns the empty tenant of a new form', async () => {
    const { token } = await t.signedIn(Role.LIST_ADMIN_ROLE);
    const res = await t.api({ method: 'GET', url: '/tenants/template', token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: '',
      url: '',
      fusszeileText: '',
      addressName: '',
      notificationEmail: '',
      hotHint: [],
      defaultTechAcceptor: null,
      techAcceptor: false,
      importDataClarificationSheet: false,
      address: { street: '', housenumber: '', zip: '', location: '', tel: '', email: '', homepage: '', country: 'DE' },
      ampelOrangeDays: 30,
      ampelBlackDays: 90,
      retentionYears: 10,
    });
  });
});
