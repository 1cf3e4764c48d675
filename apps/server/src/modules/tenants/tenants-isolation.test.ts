import { Role, type RoleNumber } from '@pruefbuch/domain/roles';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dbWrites, tag, tenantBody } from '../../../test/fixtures/tenants';
import { createTestApp } from '../../../test/helper';
import { folders, tenants } from '../../db/schema/index';

/**
 * Tenant isolation: a user of tenant A gets 404, and none of B's data, for every tenant and
 * folder call that names tenant B or one of its folders.
 */
const t = await createTestApp();
const w = dbWrites(t);
const db = t.database.db;

async function twoTenants() {
  const admin = await t.signedIn(Role.ADMIN_ROLE);
  const mk = async (name: string) => {
    const res = await t.api({ method: 'POST', url: '/tenants', token: admin.token, payload: tenantBody({ name }) });
    expect(res.statusCode).toBe(201);
    return res.json();
  };
  const a = await mk(`Mandant A ${tag()}`);
  const b = await mk(`Geheim B ${tag()}`);
  const aFolder = await w.folder(a._id, 'Ordner A');
  const bFolder = await w.folder(b._id, `Geheimordner ${tag()}`);
  const bChild = await w.folder(b._id, 'Unterordner B', bFolder.id);
  await w.book(b._id, bFolder.id);
  await t.createUser({ role: Role.ACCEPTOR_ROLE, lastName: `Geheimabnehmer${tag()}`, tenantIds: [b._id] });
  return { a, b, aFolder, bFolder, bChild };
}

const ROLES: RoleNumber[] = [
  Role.LIST_ADMIN_ROLE,
  Role.STANDARD_ROLE,
  Role.ACCEPTOR_ROLE,
  Role.PROJECT_ROLE,
  Role.ROLE_SERVICE_TECHNIKER,
];

describe.each(ROLES)('a user with role %i of tenant A', (role) => {
  let world: Awaited<ReturnType<typeof twoTenants>>;
  let token = '';
  beforeAll(async () => {
    world = await twoTenants();
    const user = await t.createUser({ role, tenantIds: [world.a._id] });
    token = (await t.login(user.email)).token;
  });

  it("gets 404 and none of B's data for every tenant and folder call naming B", async () => {
    const { a, b, bFolder, bChild } = world;
    const calls: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object; tenant?: string }[] = [
      { method: 'GET', url: `/tenants/${b._id}` },
      { method: 'GET', url: `/tenants/url?url=${b.url}` },
      { method: 'GET', url: `/tenants/techacceptor?tenant=${b._id}` },
      { method: 'GET', url: `/tenants/techacceptor?tenant=${b._id}`, tenant: a._id },
      { method: 'GET', url: `/folder/id/${bFolder.id}` },
      { method: 'GET', url: `/folder/id/${bChild.id}` },
      { method: 'GET', url: `/folder/tenant/${b._id}` },
      { method: 'GET', url: `/folder/tenant/${b._id}/${bFolder.id}` },
      { method: 'GET', url: `/folder/tenant/${a._id}/${bFolder.id}` },
      { method: 'GET', url: `/folder/tree/${b._id}` },
      { method: 'POST', url: `/folder/tenant/${b._id}`, payload: { folderName: 'Eindringling' } },
      { method: 'POST', url: `/folder/tenant/${b._id}/${bFolder.id}`, payload: { folderName: 'Eindringling' } },
      { method: 'POST', url: `/folder/tenant/${a._id}/${bFolder.id}`, payload: { folderName: 'Eindringling' } },
      { method: 'PUT', url: `/folder/${bFolder.id}`, payload: { folderName: 'Übernommen' } },
      { method: 'PUT', url: `/folder/${bChild.id}`, payload: { parentFolderId: null } },
      { method: 'DELETE', url: `/folder/${bChild.id}` },
    ];
    if (role === Role.LIST_ADMIN_ROLE) {
      calls.push({ method: 'PUT', url: `/tenants/${b._id}`, payload: { ...b, name: 'Übernommen' } });
    }
    for (const call of calls) {
      const res = await t.api({ ...call, token });
      const label = `${call.method} ${call.url}`;
      expect(res.statusCode, label).toBe(404);
      expect(res.json().code, label).toBe('NOT_FOUND');
      expect(res.body, label).not.toContain(b.name);
      expect(res.body, label).not.toContain(bFolder.folderName);
      expect(res.body, label).not.toContain('Geheimabnehmer');
    }
  });

  it('cannot move an own folder under a folder of B: refused as an unknown parent', async () => {
    const move = await t.api({
      method: 'PUT',
      url: `/folder/${world.aFolder.id}`,
      token,
      payload: { parentFolderId: world.bFolder.id },
    });
    expect(move.statusCode).toBe(400);
    expect(move.body).not.toContain(world.bFolder.folderName);
  });

  it('creates a folder under the path’s tenant A, whatever tenant the body names', async () => {
    const viaBody = await t.api({
      method: 'POST',
      url: `/folder/tenant/${world.a._id}`,
      token,
      payload: { folderName: 'Nur A', tenantId: world.b._id },
    });
    expect(viaBody.statusCode).toBe(201);
    expect(viaBody.json().tenant).toBe(world.a._id);
  });

  it('sees only A in the lists', async () => {
    for (const url of ['/tenants?size=100', '/tenants/user', '/tenants/book']) {
      const res = await t.api({ method: 'GET', url, token });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(world.b._id);
      expect(res.body, url).toContain(world.a._id);
    }
  });

  it('leaves B as it was after all of that', async () => {
    const { b, bFolder, bChild } = world;
    const bFolders = await db.select().from(folders).where(eq(folders.tenantId, b._id));
    expect(bFolders.map((f) => [f.id, f.folderName, f.parentId, f.version]).sort()).toEqual(
      [
        [bFolder.id, bFolder.folderName, null, 0],
        [bChild.id, 'Unterordner B', bFolder.id, 0],
      ].sort(),
    );
    const [bRow] = await db.select().from(tenants).where(eq(tenants.id, b._id));
    expect(bRow).toMatchObject({ name: b.name, version: 0 });
  });
});

describe('admins', () => {
  it('use every tenant and its folders', async () => {
    const { b, bFolder } = await twoTenants();
    const { token } = await t.signedIn(Role.ADMIN_ROLE);
    for (const url of [
      `/tenants/${b._id}`,
      `/folder/id/${bFolder.id}`,
      `/folder/tenant/${b._id}`,
      `/folder/tree/${b._id}`,
    ]) {
      expect((await t.api({ method: 'GET', url, token })).statusCode, url).toBe(200);
    }
  });
});
