import { Role } from '@pruefbuch/domain/roles';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dbWrites, fieldsOf, keysOf, unknownId } from '../../../test/fixtures/tenants';
import { createTestApp } from '../../../test/helper';
import { folders } from '../../db/schema/index';

const t = await createTestApp();
const w = dbWrites(t);
const db = t.database.db;

/** A tenant and a signed-in standard user of it. */
async function member(role: (typeof Role)[keyof typeof Role] = Role.STANDARD_ROLE) {
  const tenant = await t.createTenant();
  const user = await t.createUser({ role, tenantIds: [tenant.id] });
  const { token } = await t.login(user.email);
  return { tenant, user, token };
}

describe('POST folder/tenant/{tenantId}[/{parentId}]', () => {
  it('creates top-level folders and subfolders, taking the tenant from the path', async () => {
    const { tenant, user, token } = await member();
    const other = await t.createTenant();
    const top = await t.api({
      method: 'POST',
      url: `/folder/tenant/${tenant.id}`,
      token,
      payload: { folderName: '  Frankfurt  ', tenantId: other.id },
    });
    expect(top.statusCode, top.body).toBe(201);
    expect(top.json()).toMatchObject({ folderName: 'Frankfurt', tenant: tenant.id, parentFolderId: null, __v: 0 });

    const sub = await t.api({
      method: 'POST',
      url: `/folder/tenant/${tenant.id}/${top.json()._id}`,
      token,
      payload: { folderName: 'Zeil 106', tenantId: other.id, parentFolderId: unknownId() },
    });
    expect(sub.statusCode).toBe(201);
    expect(sub.json()).toMatchObject({ tenant: tenant.id, parentFolderId: top.json()._id });

    // Without a parent in the path the body's parentFolderId names it.
    const viaBody = await t.api({
      method: 'POST',
      url: `/folder/tenant/${tenant.id}`,
      token,
      payload: { folderName: 'Hinterhaus', parentFolderId: sub.json()._id },
    });
    expect(viaBody.json().parentFolderId).toBe(sub.json()._id);

    const trail = await w.auditOf('folder', top.json()._id);
    expect(trail).toEqual([
      expect.objectContaining({
        action: 'create',
        field: 'folderName',
        newValue: 'Frankfurt',
        tenantId: tenant.id,
        editorAbbreviation: user.abbreviation,
      }),
    ]);
  });

  it('refuses bad names with 400 and unknown parents with 404 (path) or 400 (body)', async () => {
    const { tenant, token } = await member();
    for (const payload of [{}, { folderName: '   ' }, { folderName: 7 }, { folderName: 'x'.repeat(201) }]) {
      const res = await t.api({ method: 'POST', url: `/folder/tenant/${tenant.id}`, token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(fieldsOf(res)).toEqual(['folderName']);
    }
    const blank = await t.api({
      method: 'POST',
      url: `/folder/tenant/${tenant.id}`,
      token,
      payload: { folderName: '' },
    });
    expect(keysOf(blank)).toEqual(['validation.folderName.required']);
    expect(blank.json().details[0].message).toBe('Der Ordnername wird benötigt.');

    const path = await t.api({
      method: 'POST',
      url: `/folder/tenant/${tenant.id}/${unknownId()}`,
      token,
      payload: { folderName: 'A' },
    });
    expect(path.statusCode).toBe(404);
    const body = await t.api({
      method: 'POST',
      url: `/folder/tenant/${tenant.id}`,
      token,
      payload: { folderName: 'A', parentFolderId: unknownId() },
    });
    expect(body.statusCode).toBe(400);
    expect(keysOf(body)).toEqual(['validation.folderParent']);
    const malformed = await t.api({
      method: 'POST',
      url: `/folder/tenant/${tenant.id}`,
      token,
      payload: { folderName: 'A', parentFolderId: 'x' },
    });
    expect(malformed.statusCode).toBe(400);
    for (const url of ['/folder/tenant/abc', `/folder/tenant/${tenant.id}/abc`]) {
      const res = await t.api({ method: 'POST', url, token, payload: { folderName: 'A' } });
      expect(res.statusCode, url).toBe(400);
    }
    expect(
      (await t.api({ method: 'POST', url: `/folder/tenant/${unknownId()}`, token, payload: { folderName: 'A' } }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses a parent of another tenant, as unknown', async () => {
    const { tenant, token } = await member();
    const { tenant: other } = await member();
    const foreignFolder = await w.folder(other.id);
    const res = await t.api({
      method: 'POST',
      url: `/folder/tenant/${tenant.id}/${foreignFolder.id}`,
      token,
      payload: { folderName: 'A' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('is refused to roles without folder rights', async () => {
    const tenant = await t.createTenant();
    for (const role of [Role.ROLE_LAGER, Role.ROLE_FILIALE, Role.ROLE_FERTIGUNG]) {
      const user = await t.createUser({ role, tenantIds: [tenant.id], customerRole: role === 8 ? 1 : null });
      const { token } = await t.login(user.email);
      const res = await t.api({
        method: 'POST',
        url: `/folder/tenant/${tenant.id}`,
        token,
        payload: { folderName: 'A' },
      });
      expect(res.statusCode, `role ${role}`).toBe(403);
      // Every staff role reads the folders of its tenants (decision 017); branch users do not.
      const read = await t.api({ method: 'GET', url: `/folder/tenant/${tenant.id}`, token });
      expect(read.statusCode, `role ${role}`).toBe(role === Role.ROLE_FILIALE ? 403 : 200);
    }
  });
});

describe('GET folder/id, folder/tenant, folder/tenant/{parent}', () => {
  it('reads one folder, the top level and the children, sorted by name', async () => {
    const { tenant, token } = await member(Role.ROLE_SERVICE_TECHNIKER);
    const b = await w.folder(tenant.id, 'Wiesbaden');
    const a = await w.folder(tenant.id, 'darmstadt');
    const c = await w.folder(tenant.id, 'Ärztehaus');
    const s10 = await w.folder(tenant.id, 'Haus 10', a.id);
    const s2 = await w.folder(tenant.id, 'Haus 2', a.id);
    const one = await t.api({ method: 'GET', url: `/folder/id/${s2.id}`, token });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({
      _id: s2.id,
      folderName: 'Haus 2',
      tenant: tenant.id,
      parentFolderId: a.id,
      __v: 0,
      createdAt: s2.createdAt.toISOString(),
      updatedAt: s2.updatedAt.toISOString(),
    });
    const top = await t.api({ method: 'GET', url: `/folder/tenant/${tenant.id}`, token });
    expect(top.json().map((f: { _id: string }) => f._id)).toEqual([c.id, a.id, b.id]);
    const kids = await t.api({ method: 'GET', url: `/folder/tenant/${tenant.id}/${a.id}`, token });
    expect(kids.json().map((f: { _id: string }) => f._id)).toEqual([s2.id, s10.id]);
    const none = await t.api({ method: 'GET', url: `/folder/tenant/${tenant.id}/${s2.id}`, token });
    expect(none.json()).toEqual([]);
  });

  it('answers unknown ids with 404 and malformed ones with 400', async () => {
    const { tenant, token } = await member();
    for (const url of [
      `/folder/id/${unknownId()}`,
      `/folder/tenant/${unknownId()}`,
      `/folder/tenant/${tenant.id}/${unknownId()}`,
    ]) {
      expect((await t.api({ method: 'GET', url, token })).statusCode, url).toBe(404);
    }
    for (const url of ['/folder/id/1', '/folder/tenant/x', `/folder/tenant/${tenant.id}/x`, '/folder/tree/x']) {
      const res = await t.api({ method: 'GET', url, token });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });
});

describe('GET folder/tree/{tenantId}', () => {
  it('returns the nested tree with own and subtree book counts', async () => {
    const { tenant, token } = await member();
    const ffm = await w.folder(tenant.id, 'Frankfurt');
    const zeil = await w.folder(tenant.id, 'Zeil 106', ffm.id);
    const keller = await w.folder(tenant.id, 'Keller', zeil.id);
    const wi = await w.folder(tenant.id, 'Wiesbaden');
    await w.book(tenant.id);
    await w.book(tenant.id, ffm.id);
    await w.book(tenant.id, zeil.id);
    await w.book(tenant.id, keller.id);
    await w.book(tenant.id, keller.id);
    const other = await t.createTenant();
    await w.book(other.id);
    const res = await t.api({ method: 'GET', url: `/folder/tree/${tenant.id}`, token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      tenant: { _id: tenant.id, name: tenant.name, url: tenant.url },
      rootBooks: 1,
      totalBooks: 5,
      folders: [
        {
          _id: ffm.id,
          folderName: 'Frankfurt',
          parentFolderId: null,
          books: 1,
          totalBooks: 4,
          children: [
            {
              _id: zeil.id,
              folderName: 'Zeil 106',
              parentFolderId: ffm.id,
              books: 1,
              totalBooks: 3,
              children: [
                {
                  _id: keller.id,
                  folderName: 'Keller',
                  parentFolderId: zeil.id,
                  books: 2,
                  totalBooks: 2,
                  children: [],
                },
              ],
            },
          ],
        },
        { _id: wi.id, folderName: 'Wiesbaden', parentFolderId: null, books: 0, totalBooks: 0, children: [] },
      ],
    });
  });

  it('gives an empty tenant an empty tree and an unknown one 404', async () => {
    const { tenant, token } = await member();
    const res = await t.api({ method: 'GET', url: `/folder/tree/${tenant.id}`, token });
    expect(res.json()).toMatchObject({ rootBooks: 0, totalBooks: 0, folders: [] });
    expect((await t.api({ method: 'GET', url: `/folder/tree/${unknownId()}`, token })).statusCode).toBe(404);
  });
});

describe('PUT folder/{id}', () => {
  it('renames and moves within the tenant, counting the version up and recording the change', async () => {
    const { tenant, token } = await member();
    const a = await w.folder(tenant.id, 'A');
    const b = await w.folder(tenant.id, 'B');
    const renamed = await t.api({
      method: 'PUT',
      url: `/folder/${a.id}`,
      token,
      payload: { folderName: 'A neu', __v: 0 },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ folderName: 'A neu', parentFolderId: null, __v: 1 });
    const moved = await t.api({ method: 'PUT', url: `/folder/${a.id}`, token, payload: { parentFolderId: b.id } });
    expect(moved.json()).toMatchObject({ folderName: 'A neu', parentFolderId: b.id, __v: 2 });
    const back = await t.api({ method: 'PUT', url: `/folder/${a.id}`, token, payload: { parentFolderId: null } });
    expect(back.json()).toMatchObject({ parentFolderId: null, __v: 3 });
    const same = await t.api({ method: 'PUT', url: `/folder/${a.id}`, token, payload: { folderName: 'A neu' } });
    expect(same.json().__v).toBe(3);
    const trail = (await w.auditOf('folder', a.id)).filter((r) => r.action === 'update');
    expect(trail.map((r) => [r.field, r.oldValue, r.newValue])).toEqual(
      expect.arrayContaining([
        ['folderName', 'A', 'A neu'],
        ['parentId', null, b.id],
        ['parentId', b.id, null],
      ]),
    );
    expect(trail).toHaveLength(3);
  });

  it('refuses a stale __v with 409 and keeps the folder', async () => {
    const { tenant, token } = await member();
    const a = await w.folder(tenant.id, 'A');
    await t.api({ method: 'PUT', url: `/folder/${a.id}`, token, payload: { folderName: 'B', __v: 0 } });
    const stale = await t.api({ method: 'PUT', url: `/folder/${a.id}`, token, payload: { folderName: 'C', __v: 0 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
    const [row] = await db.select().from(folders).where(eq(folders.id, a.id));
    expect(row?.folderName).toBe('B');
  });

  it('refuses moving a folder into itself or below itself', async () => {
    const { tenant, token } = await member();
    const a = await w.folder(tenant.id, 'A');
    const b = await w.folder(tenant.id, 'B', a.id);
    const c = await w.folder(tenant.id, 'C', b.id);
    for (const target of [a.id, b.id, c.id]) {
      const res = await t.api({ method: 'PUT', url: `/folder/${a.id}`, token, payload: { parentFolderId: target } });
      expect(res.statusCode, target).toBe(400);
      expect(res.json().details).toEqual([
        expect.objectContaining({ field: 'parentFolderId', key: 'validation.folderCycle' }),
      ]);
    }
    const [row] = await db.select().from(folders).where(eq(folders.id, a.id));
    expect(row?.parentId).toBeNull();
    // Moving a subtree up is fine.
    const up = await t.api({ method: 'PUT', url: `/folder/${c.id}`, token, payload: { parentFolderId: a.id } });
    expect(up.statusCode).toBe(200);
  });

  it('refuses a parent of another tenant or an unknown one with 400, bad input with 400, unknown ids with 404', async () => {
    const { tenant, token } = await member();
    const a = await w.folder(tenant.id, 'A');
    const foreign = await w.folder((await t.createTenant()).id, 'Fremd');
    for (const parentFolderId of [foreign.id, unknownId()]) {
      const res = await t.api({ method: 'PUT', url: `/folder/${a.id}`, token, payload: { parentFolderId } });
      expect(res.statusCode).toBe(400);
      expect(keysOf(res)).toEqual(['validation.folderParent']);
    }
    for (const payload of [{ folderName: '' }, { folderName: 5 }, { parentFolderId: 'x' }, { __v: 'alt' }]) {
      const res = await t.api({ method: 'PUT', url: `/folder/${a.id}`, token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await t.api({ method: 'PUT', url: `/folder/${unknownId()}`, token, payload: { folderName: 'X' } })).statusCode,
    ).toBe(404);
    expect((await t.api({ method: 'PUT', url: '/folder/x', token, payload: { folderName: 'X' } })).statusCode).toBe(
      400,
    );
  });
});

describe('DELETE folder/{id}', () => {
  it('deletes an empty folder and records it', async () => {
    const { tenant, token } = await member();
    const a = await w.folder(tenant.id, 'Leer');
    const res = await t.api({ method: 'DELETE', url: `/folder/${a.id}`, token });
    expect(res.statusCode).toBe(204);
    expect(await db.select().from(folders).where(eq(folders.id, a.id))).toEqual([]);
    expect(await w.auditOf('folder', a.id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'delete', field: 'folderName', oldValue: 'Leer' })]),
    );
    expect((await t.api({ method: 'DELETE', url: `/folder/${a.id}`, token })).statusCode).toBe(404);
    expect((await t.api({ method: 'DELETE', url: '/folder/x', token })).statusCode).toBe(400);
  });

  it('refuses a folder with a subfolder or a book with 409 FOLDER_NOT_EMPTY', async () => {
    const { tenant, token } = await member();
    const withChild = await w.folder(tenant.id, 'Eltern');
    await w.folder(tenant.id, 'Kind', withChild.id);
    const withBook = await w.folder(tenant.id, 'Mit Buch');
    await w.book(tenant.id, withBook.id);
    for (const f of [withChild, withBook]) {
      const res = await t.api({ method: 'DELETE', url: `/folder/${f.id}`, token });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('FOLDER_NOT_EMPTY');
      expect(await db.select().from(folders).where(eq(folders.id, f.id))).toHaveLength(1);
    }
  });
});

describe('OpenAPI', () => {
  it('documents the tenant, folder and country calls, the recursive folder tree included', async () => {
    const doc = (await t.api({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/tenants',
        '/tenants/{id}',
        '/tenants/url',
        '/tenants/user',
        '/tenants/book',
        '/tenants/techacceptor',
        '/tenants/template',
        '/folder/id/{id}',
        '/folder/tenant/{tenantId}',
        '/folder/tenant/{tenantId}/{parentId}',
        '/folder/tree/{tenantId}',
        '/folder/{id}',
        '/country',
      ]),
    );
    const tree = JSON.stringify(doc.paths['/folder/tree/{tenantId}'].get.responses['200']);
    expect(tree).toContain('totalBooks');
    expect(tree).toContain('"$ref":"#/components/schemas/FolderNode"');
    // The node refers to itself for its children: the reference resolves.
    const node = doc.components.schemas.FolderNode;
    expect(node.properties.children.items).toEqual({ $ref: '#/components/schemas/FolderNode' });
    expect(node.required).toEqual(expect.arrayContaining(['_id', 'folderName', 'books', 'totalBooks', 'children']));
  });
});
