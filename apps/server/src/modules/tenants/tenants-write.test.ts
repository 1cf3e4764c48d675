import { existsSync } from 'node:fs';
import { Role } from '@pruefbuch/domain/roles';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { removeFilesAfterGrace } from '../../../test/file-removals';
import { blobRow, fileOnDisk, samples, sha256Of, uploader } from '../../../test/fixtures/documents';
import { dbWrites, fieldsOf, keysOf, tag, tenantBody, unknownId } from '../../../test/fixtures/tenants';
import { createTestApp } from '../../../test/helper';
import { folders, tenants, userTenants } from '../../db/schema/index';

const t = await createTestApp();
const w = dbWrites(t);
const db = t.database.db;

async function create(token: string, body: Record<string, unknown> = tenantBody()) {
  return t.api({ method: 'POST', url: '/tenants', token, payload: body });
}

describe('POST tenants', () => {
  it('creates a tenant with an address, drops the stripped fields and records the audit trail', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const body = tenantBody({ url: `  Neu-${tag()}  ` });
    const sentId = unknownId();
    const res = await create(admin.token, {
      ...body,
      _id: sentId,
      __v: 7,
      book: [unknownId()],
      user: [admin.user.id],
      createdAt: '2001-01-01T00:00:00.000Z',
      address: { ...(body.address as object), _id: 'vom-client', country: 'at' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    expect(made).toMatchObject({
      name: body.name,
      url: (body.url as string).trim().toLowerCase(),
      notificationEmail: 'info@tuerservice.example',
      hotHint: ['Schlüssel beim Pförtner'],
      techAcceptor: true,
      defaultTechAcceptor: null,
      __v: 0,
      address: { street: 'Hanauer Landstraße', housenumber: '126', country: 'AT' },
    });
    expect(made._id).not.toBe(sentId);
    expect(made.address._id).not.toBe('vom-client');
    expect(made.address._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(made.createdAt).getFullYear()).toBeGreaterThan(2001);
    // No user was assigned by the stripped user list.
    expect(await db.select().from(userTenants).where(eq(userTenants.tenantId, made._id))).toEqual([]);

    const trail = await w.auditOf('tenant', made._id);
    expect(trail.every((r) => r.action === 'create' && r.editorAbbreviation === admin.user.abbreviation)).toBe(true);
    expect(trail.find((r) => r.field === 'name')).toMatchObject({ oldValue: null, newValue: body.name });
  });

  it('takes a minimal tenant with defaults', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const res = await create(admin.token, { name: 'Klein', url: `klein-${tag()}` });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      fusszeileText: '',
      addressName: '',
      notificationEmail: '',
      hotHint: [],
      techAcceptor: false,
      importDataClarificationSheet: false,
      address: null,
    });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['no name', { name: undefined }, 'name', 'validation.required'],
    ['blank name', { name: '   ' }, 'name', 'validation.required'],
    ['name not a string', { name: 42 }, 'name', 'validation.required'],
    ['too long name', { name: 'x'.repeat(201) }, 'name', 'validation.max'],
    ['no url', { url: undefined }, 'url', 'validation.required'],
    ['url with blanks', { url: 'rhein main' }, 'url', 'validation.slug'],
    ['url with umlaut', { url: 'köln' }, 'url', 'validation.slug'],
    ['url with a slash', { url: 'a/b' }, 'url', 'validation.slug'],
    ['url with double hyphen', { url: 'a--b' }, 'url', 'validation.slug'],
    ['too long url', { url: 'a'.repeat(61) }, 'url', 'validation.max'],
    ['bad notification email', { notificationEmail: 'kein-at' }, 'notificationEmail', 'validation.notificationEmail'],
    ['hotHint not a list', { hotHint: 'Hinweis' }, 'hotHint', 'validation.invalid'],
    ['hotHint entry not a string', { hotHint: [1] }, 'hotHint.0', 'validation.invalid'],
    ['techAcceptor not a boolean', { techAcceptor: 'ja' }, 'techAcceptor', 'validation.invalid'],
    ['malformed defaultTechAcceptor', { defaultTechAcceptor: 'abc' }, 'defaultTechAcceptor', 'validation.id'],
    ['malformed country', { address: { country: 'Deutschland' } }, 'address.country', 'validation.country'],
    ['address field too long', { address: { street: 'x'.repeat(201) } }, 'address.street', 'validation.max'],
  ])('refuses %s with 400 and the field', async (_, change, field, key) => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const res = await create(admin.token, { ...tenantBody(), ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
    expect(fieldsOf(res)).toContain(field);
    expect(keysOf(res)).toContain(key);
  });

  it('refuses an unknown country and a user who is no acceptor with 400', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const country = await create(admin.token, tenantBody({ address: { ...tenantBody().address, country: 'QQ' } }));
    expect(country.statusCode).toBe(400);
    expect(country.json().details).toEqual([
      { field: 'address.country', key: 'validation.country', message: 'Unbekanntes Land.' },
    ]);
    const standard = await t.createUser({ role: Role.STANDARD_ROLE });
    for (const id of [standard.id, unknownId()]) {
      const res = await create(admin.token, tenantBody({ defaultTechAcceptor: id }));
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual(['defaultTechAcceptor']);
    }
    const acceptor = await t.createUser({ role: Role.ACCEPTOR_ROLE });
    const ok = await create(admin.token, tenantBody({ defaultTechAcceptor: acceptor.id }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().defaultTechAcceptor).toBe(acceptor.id);
  });

  it('refuses a url another tenant has with 409 URL_EXISTS', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const url = `doppelt-${tag()}`;
    expect((await create(admin.token, tenantBody({ url }))).statusCode).toBe(201);
    const again = await create(admin.token, tenantBody({ url: url.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'URL_EXISTS', details: [{ field: 'url', key: 'errors.URL_EXISTS' }] });
  });

  it('is for admins only', async () => {
    for (const role of [Role.LIST_ADMIN_ROLE, Role.STANDARD_ROLE, Role.ROLE_SERVICE_TECHNIKER]) {
      const { token } = await t.signedIn(role);
      const res = await create(token);
      expect(res.statusCode, `role ${role}`).toBe(403);
    }
    expect((await t.api({ method: 'POST', url: '/tenants', payload: tenantBody() })).statusCode).toBe(401);
  });
});

describe('PUT tenants/{id}', () => {
  async function made() {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const res = await create(admin.token);
    return { admin, tenant: res.json() };
  }

  it('updates, counts the version up, keeps the address id and records old and new values', async () => {
    const { admin, tenant } = await made();
    const res = await t.api({
      method: 'PUT',
      url: `/tenants/${tenant._id}`,
      token: admin.token,
      payload: {
        ...tenant,
        name: `${tenant.name} neu`,
        hotHint: ['Eins', '  ', 'Zwei'],
        address: { ...tenant.address, street: 'Zeil', _id: 'anders' },
        book: [unknownId()],
        user: [unknownId()],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      _id: tenant._id,
      name: `${tenant.name} neu`,
      hotHint: ['Eins', 'Zwei'],
      __v: 1,
      address: { _id: tenant.address._id, street: 'Zeil' },
    });
    expect(res.json().updatedAt >= tenant.updatedAt).toBe(true);
    const trail = (await w.auditOf('tenant', tenant._id)).filter((r) => r.action === 'update');
    expect(trail.map((r) => r.field).sort()).toEqual(['address', 'hotHint', 'name']);
    expect(trail.find((r) => r.field === 'name')).toMatchObject({
      oldValue: tenant.name,
      newValue: `${tenant.name} neu`,
      editorId: admin.user.id,
    });
  });

  it('refuses a stale or missing __v and keeps the stored tenant', async () => {
    const { admin, tenant } = await made();
    const first = await t.api({
      method: 'PUT',
      url: `/tenants/${tenant._id}`,
      token: admin.token,
      payload: { ...tenant, name: 'Erste Änderung' },
    });
    expect(first.statusCode).toBe(200);
    const stale = await t.api({
      method: 'PUT',
      url: `/tenants/${tenant._id}`,
      token: admin.token,
      payload: { ...tenant, name: 'Zweite Änderung' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
    const [row] = await db.select().from(tenants).where(eq(tenants.id, tenant._id));
    expect(row).toMatchObject({ name: 'Erste Änderung', version: 1 });

    const { __v: _, ...noVersion } = tenant;
    const missing = await t.api({
      method: 'PUT',
      url: `/tenants/${tenant._id}`,
      token: admin.token,
      payload: noVersion,
    });
    expect(missing.statusCode).toBe(400);
    expect(keysOf(missing)).toEqual(['validation.version']);
    const wrongType = await t.api({
      method: 'PUT',
      url: `/tenants/${tenant._id}`,
      token: admin.token,
      payload: { ...tenant, __v: 'eins' },
    });
    expect(wrongType.statusCode).toBe(400);
  });

  it('refuses the url of another tenant with 409, keeps its own url, and validates like create', async () => {
    const { admin, tenant } = await made();
    const other = (await create(admin.token)).json();
    const url = `/tenants/${tenant._id}`;
    const taken = await t.api({ method: 'PUT', url, token: admin.token, payload: { ...tenant, url: other.url } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('URL_EXISTS');
    const same = await t.api({ method: 'PUT', url, token: admin.token, payload: { ...tenant } });
    expect(same.statusCode).toBe(200);
    const bad = await t.api({ method: 'PUT', url, token: admin.token, payload: { ...tenant, __v: 1, url: 'Ü b' } });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['url']);
  });

  it('takes as default acceptor only an acceptor of this tenant, and keeps a former one unchanged', async () => {
    const { admin, tenant } = await made();
    const outsider = await t.createUser({ role: Role.ACCEPTOR_ROLE });
    const insider = await t.createUser({ role: Role.ACCEPTOR_LITE_ROLE, tenantIds: [tenant._id] });
    const url = `/tenants/${tenant._id}`;
    const refused = await t.api({
      method: 'PUT',
      url,
      token: admin.token,
      payload: { ...tenant, defaultTechAcceptor: outsider.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0]).toMatchObject({ field: 'defaultTechAcceptor', key: 'validation.techAcceptor' });
    const ok = await t.api({
      method: 'PUT',
      url,
      token: admin.token,
      payload: { ...tenant, defaultTechAcceptor: insider.id },
    });
    expect(ok.statusCode).toBe(200);
    // The acceptor leaves the tenant: saving other fields still works.
    await db.delete(userTenants).where(eq(userTenants.userId, insider.id));
    const later = await t.api({
      method: 'PUT',
      url,
      token: admin.token,
      payload: { ...ok.json<Record<string, unknown>>(), name: 'Später' },
    });
    expect(later.statusCode).toBe(200);
    expect(later.json().defaultTechAcceptor).toBe(insider.id);
  });

  it('lets a tenant admin edit their own tenant only; other roles get 403', async () => {
    const { tenant } = await made();
    const { tenant: foreign } = await made();
    const listAdmin = await t.createUser({ role: Role.LIST_ADMIN_ROLE, tenantIds: [tenant._id] });
    const { token } = await t.login(listAdmin.email);
    const own = await t.api({
      method: 'PUT',
      url: `/tenants/${tenant._id}`,
      token,
      payload: { ...tenant, name: 'Eigen' },
    });
    expect(own.statusCode).toBe(200);
    const other = await t.api({
      method: 'PUT',
      url: `/tenants/${foreign._id}`,
      token,
      payload: { ...foreign, name: 'Übernommen' },
    });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(foreign.name);
    const [row] = await db.select().from(tenants).where(eq(tenants.id, foreign._id));
    expect(row?.name).toBe(foreign.name);

    const standard = await t.createUser({ role: Role.STANDARD_ROLE, tenantIds: [tenant._id] });
    const std = await t.login(standard.email);
    const res = await t.api({ method: 'PUT', url: `/tenants/${tenant._id}`, token: std.token, payload: tenant });
    expect(res.statusCode).toBe(403);
  });

  it('answers unknown ids with 404 and malformed ids with 400', async () => {
    const { admin, tenant } = await made();
    const unknown = await t.api({ method: 'PUT', url: `/tenants/${unknownId()}`, token: admin.token, payload: tenant });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.api({ method: 'PUT', url: '/tenants/123', token: admin.token, payload: tenant });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['params.id']);
    const noBody = await t.api({ method: 'PUT', url: `/tenants/${tenant._id}`, token: admin.token });
    expect(noBody.statusCode).toBe(400);
  });
});

describe('DELETE tenants/{id}', () => {
  it('deletes a tenant without books with its folders and memberships; the audit trail stays', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const tenant = (await create(admin.token)).json();
    const folder = await w.folder(tenant._id);
    const member = await t.createUser({ tenantIds: [tenant._id] });
    const res = await t.api({ method: 'DELETE', url: `/tenants/${tenant._id}`, token: admin.token });
    expect(res.statusCode).toBe(204);
    expect(await db.select().from(tenants).where(eq(tenants.id, tenant._id))).toEqual([]);
    expect(await db.select().from(folders).where(eq(folders.id, folder.id))).toEqual([]);
    expect(await db.select().from(userTenants).where(eq(userTenants.userId, member.id))).toEqual([]);
    const trail = await w.auditOf('tenant', tenant._id);
    expect(trail.filter((r) => r.action === 'delete').find((r) => r.field === 'name')).toMatchObject({
      oldValue: tenant.name,
      newValue: null,
    });
    expect((await w.auditOf('folder', folder.id)).map((r) => r.action)).toContain('delete');
    expect((await t.api({ method: 'GET', url: `/tenants/${tenant._id}`, token: admin.token })).statusCode).toBe(404);
    expect((await t.api({ method: 'DELETE', url: `/tenants/${tenant._id}`, token: admin.token })).statusCode).toBe(404);
  });

  it("removes the tenant's unattached uploads and their files, but not a file another tenant shares", async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const [gone, stays] = [(await create(admin.token)).json(), (await create(admin.token)).json()];
    const upload = uploader(t);
    const own = samples.png();
    const shared = samples.png();
    const up = async (tenant: string, content: Buffer) => {
      const res = await upload({
        url: '/blobs',
        token: admin.token,
        tenant,
        fields: { tenant },
        file: { name: 'bild.png', content },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json()._id as string;
    };
    const ownBlob = await up(gone._id, own);
    await up(gone._id, shared);
    const keptBlob = await up(stays._id, shared);
    expect(existsSync(fileOnDisk(t, sha256Of(own)))).toBe(true);

    const res = await t.api({ method: 'DELETE', url: `/tenants/${gone._id}`, token: admin.token });
    expect(res.statusCode).toBe(204);
    expect(await blobRow(t, ownBlob)).toBeNull();
    await removeFilesAfterGrace(t);
    expect(existsSync(fileOnDisk(t, sha256Of(own)))).toBe(false);
    expect(await blobRow(t, keptBlob)).not.toBeNull();
    expect(existsSync(fileOnDisk(t, sha256Of(shared)))).toBe(true);
  });

  it('refuses a tenant that still has books with 409 TENANT_NOT_EMPTY', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const tenant = (await create(admin.token)).json();
    await w.book(tenant._id);
    const res = await t.api({ method: 'DELETE', url: `/tenants/${tenant._id}`, token: admin.token });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('TENANT_NOT_EMPTY');
    expect(res.json().message).toMatch(/Prüfbücher/);
    expect(await db.select().from(tenants).where(eq(tenants.id, tenant._id))).toHaveLength(1);
  });

  it('is for admins only; malformed ids get 400', async () => {
    const tenant = await t.createTenant();
    const listAdmin = await t.createUser({ role: Role.LIST_ADMIN_ROLE, tenantIds: [tenant.id] });
    const { token } = await t.login(listAdmin.email);
    expect((await t.api({ method: 'DELETE', url: `/tenants/${tenant.id}`, token })).statusCode).toBe(403);
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    expect((await t.api({ method: 'DELETE', url: '/tenants/nope', token: admin.token })).statusCode).toBe(400);
  });
});
