import { Readable } from 'node:stream';
import { Role } from '@pruefbuch/domain/roles';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { removeFilesAfterGrace } from '../../../test/file-removals';
import {
  address,
  auditRowsOf,
  createBook,
  fieldsOf,
  insertBlob,
  member,
  tenantWorld,
} from '../../../test/fixtures/books';
import { createTestApp } from '../../../test/helper';
import { blobs } from '../../db/schema/index';

/** updateSpezial, move2folder, fromTemplate, asTemplate and delete. */
const t = await createTestApp();
const FOREIGN = '11111111-1111-4111-8111-111111111111';

describe('PUT books/updateSpezial/{id}', () => {
  it('changes placement, status, active and the windows, nothing else', async () => {
    const w = await tenantWorld(t);
    const res = await t.api({
      method: 'PUT',
      url: `/books/updateSpezial/${w.book._id}`,
      token: w.user.token,
      tenant: w.tenantId,
      payload: {
        lagerort: 'Regal 4',
        status: 2,
        active: false,
        visibleFrom: '2025-01-01',
        visibleTo: '2025-12-31',
        enableFrom: '2025-02-01',
        enableTo: null,
        title: 'Nicht erlaubt',
        customer: 'Nicht erlaubt',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: w.book.title,
      customer: '',
      lagerort: 'Regal 4',
      status: 2,
      active: false,
      visibleFrom: '2025-01-01',
      visibleTo: '2025-12-31',
      enableFrom: '2025-02-01',
      enableTo: null,
      __v: 1,
    });
    const rows = (await auditRowsOf(t, w.book._id)).filter((r) => r.action === 'update');
    expect(rows.map((r) => r.field).sort()).toEqual([
      'active',
      'enableFrom',
      'lagerort',
      'status',
      'visibleFrom',
      'visibleTo',
    ]);
  });

  it('checks __v when sent (409 when stale) and refuses bad values', async () => {
    const w = await tenantWorld(t);
    const put = (payload: Record<string, unknown>) =>
      t.api({
        method: 'PUT',
        url: `/books/updateSpezial/${w.book._id}`,
        token: w.user.token,
        tenant: w.tenantId,
        payload,
      });
    expect((await put({ active: false })).statusCode).toBe(200);
    const stale = await put({ __v: 0, active: true });
    expect(stale.statusCode).toBe(409);
    expect((await put({ __v: 1, active: true })).json()).toMatchObject({ active: true, __v: 2 });
    const bad = await put({ status: 99, active: 'nein', lagerort: '' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['active', 'lagerort', 'status']);
    const window = await put({ enableFrom: '2025-03-01', enableTo: '2025-02-01' });
    expect(window.statusCode).toBe(400);
  });

  it('is for writing roles of the tenant only; foreign ids are 404', async () => {
    const a = await tenantWorld(t, 'A');
    const b = await tenantWorld(t, 'B');
    const branch = await member(t, Role.ROLE_FILIALE, [a.tenantId]);
    const url = (id: string) => `/books/updateSpezial/${id}`;
    const asBranch = await t.api({
      method: 'PUT',
      url: url(a.book._id),
      token: branch.token,
      tenant: a.tenantId,
      payload: { active: false },
    });
    expect(asBranch.statusCode).toBe(403);
    for (const id of [b.book._id, FOREIGN]) {
      const res = await t.api({ method: 'PUT', url: url(id), token: a.user.token, tenant: a.tenantId, payload: {} });
      expect(res.statusCode).toBe(404);
    }
    expect(
      (await t.api({ method: 'PUT', url: url('x'), token: a.user.token, tenant: a.tenantId, payload: {} })).statusCode,
    ).toBe(400);
  });
});

describe('PUT books/{id}/move2folder/{folderId}', () => {
  it('moves a book to another folder of the tenant and out of every folder with root', async () => {
    const w = await tenantWorld(t);
    const move = (folderId: string) =>
      t.api({
        method: 'PUT',
        url: `/books/${w.book._id}/move2folder/${folderId}`,
        token: w.user.token,
        tenant: w.tenantId,
      });
    const moved = await move(w.other);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ folder: w.other, __v: 1 });
    expect((await move('root')).json()).toMatchObject({ folder: null, __v: 2 });
    const rows = (await auditRowsOf(t, w.book._id)).filter((r) => r.field === 'folder' && r.action === 'update');
    expect(rows.map((r) => [r.oldValue, r.newValue])).toEqual(
      expect.arrayContaining([
        [w.folder, w.other],
        [w.other, null],
      ]),
    );
  });

  it("answers another tenant's folder or book, and unknown ids, with 404; malformed with 400", async () => {
    const a = await tenantWorld(t, 'A');
    const b = await tenantWorld(t, 'B');
    const move = (id: string, folderId: string) =>
      t.api({ method: 'PUT', url: `/books/${id}/move2folder/${folderId}`, token: a.user.token, tenant: a.tenantId });
    expect((await move(a.book._id, b.folder)).statusCode).toBe(404);
    expect((await move(a.book._id, FOREIGN)).statusCode).toBe(404);
    expect((await move(b.book._id, a.other)).statusCode).toBe(404);
    expect((await move(a.book._id, 'ordner')).statusCode).toBe(400);
    expect((await move('x', a.other)).statusCode).toBe(400);
    const still = await t.api({ method: 'GET', url: `/books/${a.book._id}`, token: a.user.token, tenant: a.tenantId });
    expect(still.json()).toMatchObject({ folder: a.folder, __v: 0 });
  });
});

describe('POST books/fromTemplate/{id}', () => {
  it('copies a template into a folder with a new title, status initial and without per-installation data', async () => {
    const w = await tenantWorld(t);
    const template = await createBook(t, w.user.token, w.tenantId, {
      title: 'Vorlage GEZE Slimdrive',
      status: 7,
      typ: 'Slimdrive SL NT',
      manufacturer: 'GEZE GmbH',
      manufactureraddress: address({ street: 'Reinhold-Vöster-Straße', zip: '71229', location: 'Leonberg' }),
      glasbocknr: 'GB-1',
      orderNo: 'A-1',
      serviceinterval: 12,
      selfserviceinterval: 1,
      nextInspectionDate: '2026-01-01',
      misc: { norm: 'DIN 18650' },
    });
    await insertBlob(t, w.tenantId, template._id);
    const res = await t.api({
      method: 'POST',
      url: `/books/fromTemplate/${template._id}`,
      token: w.user.token,
      tenant: w.tenantId,
      payload: { title: 'Kaufhof Zeil – Haupteingang', folder: w.other, customer: 'Kaufhof Zeil' },
    });
    expect(res.statusCode).toBe(201);
    const copy = res.json();
    expect(copy).toMatchObject({
      title: 'Kaufhof Zeil – Haupteingang',
      customer: 'Kaufhof Zeil',
      folder: w.other,
      status: 1,
      typ: 'Slimdrive SL NT',
      manufacturer: 'GEZE GmbH',
      glasbocknr: '',
      orderNo: '',
      nextInspectionDate: null,
      serviceinterval: 12,
      selfserviceinterval: 1,
      misc: { norm: 'DIN 18650' },
      documents: [],
      __v: 0,
    });
    expect(copy._id).not.toBe(template._id);
    expect(copy.manufactureraddress).toMatchObject({ street: 'Reinhold-Vöster-Straße', zip: '71229' });
    expect(copy.manufactureraddress._id).not.toBe(template.manufactureraddress?._id);
    expect((await auditRowsOf(t, copy._id)).every((r) => r.action === 'create')).toBe(true);
  });

  it('refuses a book that is no template, a foreign template or folder, and a missing title', async () => {
    const a = await tenantWorld(t, 'A');
    const b = await tenantWorld(t, 'B');
    const bTemplate = await createBook(t, b.user.token, b.tenantId, { title: 'B-Vorlage', status: 7 });
    const aTemplate = await createBook(t, a.user.token, a.tenantId, { title: 'A-Vorlage', status: 7 });
    const copy = (id: string, payload: Record<string, unknown>) =>
      t.api({ method: 'POST', url: `/books/fromTemplate/${id}`, token: a.user.token, tenant: a.tenantId, payload });
    const notTemplate = await copy(a.book._id, { title: 'x' });
    expect(notTemplate.statusCode).toBe(400);
    expect(notTemplate.json().details[0]).toMatchObject({ field: 'id', key: 'books.errors.notTemplate' });
    expect((await copy(bTemplate._id, { title: 'x' })).statusCode).toBe(404);
    expect((await copy(FOREIGN, { title: 'x' })).statusCode).toBe(404);
    expect((await copy(aTemplate._id, { title: 'x', folder: b.folder })).statusCode).toBe(404);
    expect(fieldsOf(await copy(aTemplate._id, {}))).toEqual(['title']);
    expect((await copy('vorlage', { title: 'x' })).statusCode).toBe(400);
  });
});

describe('POST books/asTemplate/{id}', () => {
  it('makes a template of a book in its folder, without its documents, records, identifiers and dates', async () => {
    const w = await tenantWorld(t);
    const book = await createBook(t, w.user.token, w.tenantId, {
      title: 'Kaufhof Zeil – Haupteingang',
      folder: w.folder,
      status: 4,
      active: false,
      typ: 'Slimdrive SL NT',
      manufacturer: 'GEZE GmbH',
      manufactureraddress: address({ street: 'Reinhold-Vöster-Straße', zip: '71229', location: 'Leonberg' }),
      glasbocknr: 'GB-1',
      manufacturerNo: 'HN-1',
      orderNo: 'A-1',
      completedOn: '2025-03-01',
      visibleFrom: '2025-01-01',
      serviceinterval: 12,
      selfserviceinterval: 1,
      misc: { norm: 'DIN 18650', antriebsspannung: '230 V' },
    });
    await insertBlob(t, w.tenantId, book._id);
    const save = (id: string, payload: Record<string, unknown>) =>
      t.api({ method: 'POST', url: `/books/asTemplate/${id}`, token: w.user.token, tenant: w.tenantId, payload });
    const res = await save(book._id, { title: 'Vorlage Slimdrive Haupteingang' });
    expect(res.statusCode).toBe(201);
    const template = res.json();
    expect(template).toMatchObject({
      title: 'Vorlage Slimdrive Haupteingang',
      folder: w.folder,
      status: 7,
      active: true,
      typ: 'Slimdrive SL NT',
      manufacturer: 'GEZE GmbH',
      glasbocknr: '',
      manufacturerNo: '',
      orderNo: '',
      completedOn: null,
      visibleFrom: null,
      nextInspectionDate: null,
      serviceinterval: 12,
      misc: { norm: 'DIN 18650', antriebsspannung: '230 V' },
      documents: [],
      inspection: [],
    });
    expect(template.manufactureraddress).toMatchObject({ street: 'Reinhold-Vöster-Straße' });
    // The book itself is unchanged, and the template makes books as fromTemplate does.
    const read = await t.api({ method: 'GET', url: `/books/${book._id}`, token: w.user.token, tenant: w.tenantId });
    expect(read.json()).toMatchObject({ status: 4, glasbocknr: 'GB-1', __v: 0 });
    const copy = await t.api({
      method: 'POST',
      url: `/books/fromTemplate/${template._id}`,
      token: w.user.token,
      tenant: w.tenantId,
      payload: { title: 'Kaufhof Zeil – Nebeneingang', folder: w.other },
    });
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ status: 1, typ: 'Slimdrive SL NT', folder: w.other });
    // Another folder, or none.
    expect((await save(book._id, { title: 'Vorlage 2', folder: w.other })).json().folder).toBe(w.other);
    expect((await save(book._id, { title: 'Vorlage 3', folder: null })).json().folder).toBeNull();
    const templates = await t.api({ method: 'GET', url: '/books?status=7', token: w.user.token, tenant: w.tenantId });
    expect(templates.json().total).toBe(3);
  });

  it('refuses a missing title, another tenant’s book or folder, and roles that do not write books', async () => {
    const a = await tenantWorld(t, 'A');
    const b = await tenantWorld(t, 'B');
    const save = (id: string, payload: Record<string, unknown>, token = a.user.token) =>
      t.api({ method: 'POST', url: `/books/asTemplate/${id}`, token, tenant: a.tenantId, payload });
    expect(fieldsOf(await save(a.book._id, {}))).toEqual(['title']);
    expect(fieldsOf(await save(a.book._id, { title: ' ' }))).toEqual(['title']);
    expect((await save(b.book._id, { title: 'x' })).statusCode).toBe(404);
    expect((await save(a.book._id, { title: 'x', folder: b.folder })).statusCode).toBe(404);
    expect((await save('vorlage', { title: 'x' })).statusCode).toBe(400);
    const lager = await member(t, Role.ROLE_LAGER, [a.tenantId]);
    expect((await save(a.book._id, { title: 'x' }, lager.token)).statusCode).toBe(403);
  });
});

describe('DELETE books/{id}', () => {
  it('deletes the book and its documents, keeps the audit trail and removes unshared files', async () => {
    const w = await tenantWorld(t);
    const files = t.app.deps.files;
    const own = await files.put(Readable.from([Buffer.from(`nur dieses Buch ${w.book._id}`)]));
    const shared = await files.put(Readable.from([Buffer.from(`geteilt ${w.book._id}`)]));
    const blob = await insertBlob(t, w.tenantId, w.book._id, own.sha256);
    await insertBlob(t, w.tenantId, w.book._id, shared.sha256);
    const keeper = await createBook(t, w.user.token, w.tenantId, { title: 'Bleibt' });
    await insertBlob(t, w.tenantId, keeper._id, shared.sha256);

    const del = await t.api({ method: 'DELETE', url: `/books/${w.book._id}`, token: w.user.token, tenant: w.tenantId });
    expect(del.statusCode).toBe(204);
    const gone = await t.api({ method: 'GET', url: `/books/${w.book._id}`, token: w.user.token, tenant: w.tenantId });
    expect(gone.statusCode).toBe(404);
    expect(await t.database.db.select().from(blobs).where(eq(blobs.id, blob.id))).toEqual([]);
    await removeFilesAfterGrace(t);
    expect(await files.exists(own.sha256)).toBe(false);
    expect(await files.exists(shared.sha256)).toBe(true);

    const rows = await auditRowsOf(t, w.book._id);
    const deleted = rows.filter((r) => r.action === 'delete');
    expect(deleted.find((r) => r.field === 'title')).toMatchObject({ oldValue: w.book.title, newValue: null });
    expect(deleted.every((r) => r.editorAbbreviation === w.user.abbreviation)).toBe(true);
    expect(rows.some((r) => r.action === 'create')).toBe(true);
    const again = await t.api({
      method: 'DELETE',
      url: `/books/${w.book._id}`,
      token: w.user.token,
      tenant: w.tenantId,
    });
    expect(again.statusCode).toBe(404);
  });

  it('is for admins, list admins and standard users; foreign and unknown ids are 404', async () => {
    const a = await tenantWorld(t, 'A');
    const b = await tenantWorld(t, 'B');
    for (const role of [Role.ACCEPTOR_ROLE, Role.PROJECT_ROLE, Role.ROLE_SERVICE_TECHNIKER, Role.ROLE_FILIALE]) {
      const m = await member(t, role, [a.tenantId]);
      const res = await t.api({ method: 'DELETE', url: `/books/${a.book._id}`, token: m.token, tenant: a.tenantId });
      expect(res.statusCode, `role ${role}`).toBe(403);
    }
    for (const id of [b.book._id, FOREIGN]) {
      const res = await t.api({ method: 'DELETE', url: `/books/${id}`, token: a.user.token, tenant: a.tenantId });
      expect(res.statusCode).toBe(404);
    }
    expect(
      (await t.api({ method: 'DELETE', url: '/books/1', token: a.user.token, tenant: a.tenantId })).statusCode,
    ).toBe(400);
    const bStill = await t.api({ method: 'GET', url: `/books/${b.book._id}`, token: b.user.token, tenant: b.tenantId });
    expect(bStill.statusCode).toBe(200);
    const listAdmin = await member(t, Role.LIST_ADMIN_ROLE, [a.tenantId]);
    const ok = await t.api({
      method: 'DELETE',
      url: `/books/${a.book._id}`,
      token: listAdmin.token,
      tenant: a.tenantId,
    });
    expect(ok.statusCode).toBe(204);
  });
});
