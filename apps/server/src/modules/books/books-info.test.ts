import { Role } from '@pruefbuch/domain/roles';
import { describe, expect, it } from 'vitest';
import {
  address,
  createBook,
  insertBlob,
  insertBooks,
  member,
  SLIDING_DOOR_TYPE,
  tenantWorld,
} from '../../../test/fixtures/books';
import { createTestApp } from '../../../test/helper';

/** books/status/all, books/statistics, books/get/typenschilddata and books/dto/{id}. */
const t = await createTestApp();
const FOREIGN = '11111111-1111-4111-8111-111111111111';

describe('GET books/status/all', () => {
  it('lists the seven statuses with German labels, English ones by Accept-Language', async () => {
    const w = await tenantWorld(t);
    const de = await t.api({ method: 'GET', url: '/books/status/all', token: w.user.token });
    expect(de.statusCode).toBe(200);
    expect(de.json()).toEqual([
      { id: 1, name: 'STATUS_INITIAL', label: 'Initial' },
      { id: 2, name: 'STATUS_APPROVING', label: 'In Abnahme' },
      { id: 3, name: 'STATUS_APPROVED', label: 'Abgenommen' },
      { id: 4, name: 'STATUS_INSPECTED', label: 'Gewartet' },
      { id: 5, name: 'STATUS_EXPIRED', label: 'Abgelaufen' },
      { id: 6, name: 'STATUS_FAILURE', label: 'Mangel' },
      { id: 7, name: 'STATUS_TEMPLATE', label: 'Vorlage' },
    ]);
    const en = await t.api({
      method: 'GET',
      url: '/books/status/all',
      token: w.user.token,
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(en.json().map((s: { label: string }) => s.label)).toEqual([
      'Initial',
      'Approving',
      'Approved',
      'Inspected',
      'Expired',
      'Defect',
      'Template',
    ]);
    expect((await t.api({ method: 'GET', url: '/books/status/all' })).statusCode).toBe(401);
  });
});

describe('GET books/statistics', () => {
  it("counts the tenant's books by status, active switch and ampel, and no other tenant's", async () => {
    const a = await t.createTenant();
    const b = await t.createTenant();
    const user = await member(t, Role.STANDARD_ROLE, [a.id]);
    await insertBooks(t, a.id, [
      { title: '1', status: 1, inspectionAmpel: 'green' },
      { title: '2', status: 1, inspectionAmpel: 'red', inspectionSelfAmpel: 'orange' },
      { title: '3', status: 6, active: false, inspectionAmpel: 'black' },
      { title: '4', status: 7 },
    ]);
    await insertBooks(t, b.id, [{ title: 'fremd', status: 6, inspectionAmpel: 'red' }]);
    const res = await t.api({ method: 'GET', url: '/books/statistics', token: user.token, tenant: a.id });
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({
      total: 4,
      active: 3,
      inactive: 1,
      inspectionAmpel: { green: 1, orange: 0, red: 1, black: 1, none: 1 },
      selfInspectionAmpel: { green: 0, orange: 1, red: 0, black: 0, none: 3 },
    });
    expect(Object.fromEntries(s.byStatus.map((x: { status: number; count: number }) => [x.status, x.count]))).toEqual({
      1: 2,
      2: 0,
      3: 0,
      4: 0,
      5: 0,
      6: 1,
      7: 1,
    });
    expect((await t.api({ method: 'GET', url: '/books/statistics', token: user.token })).statusCode).toBe(400);
  });
});

describe('GET books/get/typenschilddata', () => {
  it('returns the nameplate data of a book', async () => {
    const w = await tenantWorld(t);
    const book = await createBook(t, w.user.token, w.tenantId, {
      title: 'Kaufhof Zeil – Haupteingang',
      manufacturer: 'GEZE GmbH',
      manufactureraddress: address({ street: 'Reinhold-Vöster-Straße', housenumber: '21-29', zip: '71229' }),
      manufacturerNo: 'SL-2024-0815',
      glasbocknr: 'GB-4711',
      orderNo: 'AU-2024-123',
      bookType: SLIDING_DOOR_TYPE,
      object: 'Kaufhof Zeil',
      site: 'EG Nord',
      misc: { baujahr: '05/2024', antriebsspannung: '230 V', steuerspannung: 24, unbekannt: { x: 1 } },
    });
    const res = await t.api({
      method: 'GET',
      url: `/books/get/typenschilddata?bookId=${book._id}`,
      token: w.user.token,
      tenant: w.tenantId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      bookId: book._id,
      title: 'Kaufhof Zeil – Haupteingang',
      manufacturer: 'GEZE GmbH',
      manufacturerAddress: book.manufactureraddress,
      manufacturerNo: 'SL-2024-0815',
      serialNo: 'GB-4711',
      type: 'Automatische Schiebetür',
      bookType: 'Automatische Schiebetür',
      component: 'DIN 18650 / EN 16005',
      year: '05/2024',
      orderNo: 'AU-2024-123',
      object: 'Kaufhof Zeil',
      site: 'EG Nord',
      technical: { antriebsspannung: '230 V', steuerspannung: '24' },
    });
  });

  it('takes the year from the completion date without misc.baujahr; bad ids are 400/404', async () => {
    const a = await tenantWorld(t, 'A');
    const b = await tenantWorld(t, 'B');
    const book = await createBook(t, a.user.token, a.tenantId, {
      title: 'x',
      typ: 'TSA 160',
      completedOn: '2023-09-14',
    });
    const get = (q: string) =>
      t.api({ method: 'GET', url: `/books/get/typenschilddata${q}`, token: a.user.token, tenant: a.tenantId });
    expect((await get(`?bookId=${book._id}`)).json()).toMatchObject({
      year: '09/2023',
      type: 'TSA 160',
      bookType: null,
    });
    expect((await get(`?bookId=${a.book._id}`)).json()).toMatchObject({ year: null, type: '' });
    expect((await get(`?bookId=${b.book._id}`)).statusCode).toBe(404);
    expect((await get(`?bookId=${FOREIGN}`)).statusCode).toBe(404);
    expect((await get('?bookId=abc')).statusCode).toBe(400);
    expect((await get('')).statusCode).toBe(400);
  });
});

describe('GET books/dto/{id}', () => {
  it('returns the book with its type, folder, documents and the first document as download link', async () => {
    const w = await tenantWorld(t);
    const book = await createBook(t, w.user.token, w.tenantId, {
      title: 'Mit Dokumenten',
      folder: w.folder,
      bookType: SLIDING_DOOR_TYPE,
    });
    const first = await insertBlob(t, w.tenantId, book._id, 'b'.repeat(64));
    await new Promise((r) => setTimeout(r, 5));
    const second = await insertBlob(t, w.tenantId, book._id, 'c'.repeat(64));
    const res = await t.api({ method: 'GET', url: `/books/dto/${book._id}`, token: w.user.token, tenant: w.tenantId });
    expect(res.statusCode).toBe(200);
    const dto = res.json();
    expect(dto.book).toMatchObject({ _id: book._id, documents: [first.id, second.id] });
    expect(dto.bookType).toMatchObject({
      _id: SLIDING_DOOR_TYPE,
      type: 'Automatische Schiebetür',
      serviceinterval: 12,
    });
    expect(dto.folder).toEqual({ _id: w.folder, folderName: 'Frankfurt', parentFolderId: null });
    expect(dto.documents).toEqual([first.id, second.id]);
    expect(dto.downloadLink).toBe(`/api/v1/blobs/${first.id}/document/download`);
    const plain = await t.api({ method: 'GET', url: `/books/${book._id}`, token: w.user.token, tenant: w.tenantId });
    expect(plain.json().documents).toEqual([first.id, second.id]);
  });

  it('has no type, folder or link for a bare book; foreign ids are 404', async () => {
    const a = await tenantWorld(t, 'A');
    const b = await tenantWorld(t, 'B');
    const bare = await createBook(t, a.user.token, a.tenantId, { title: 'leer' });
    const get = (id: string) =>
      t.api({ method: 'GET', url: `/books/dto/${id}`, token: a.user.token, tenant: a.tenantId });
    expect((await get(bare._id)).json()).toMatchObject({
      bookType: null,
      folder: null,
      documents: [],
      downloadLink: null,
    });
    expect((await get(b.book._id)).statusCode).toBe(404);
    expect((await get(FOREIGN)).statusCode).toBe(404);
    expect((await get('x')).statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents every book, book type and audit log call', async () => {
    const doc = await t.api({ method: 'GET', url: '/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toEqual(
      expect.arrayContaining([
        '/books',
        '/books/{id}',
        '/books/dto/{id}',
        '/books/status/all',
        '/books/statistics',
        '/books/get/typenschilddata',
        '/books/fromTemplate/{id}',
        '/books/updateSpezial/{id}',
        '/books/{id}/move2folder/{folderId}',
        '/tenants/url/{url}/{folderOrRoot}/{page}/{sort}/{size}',
        '/booktype',
        '/booktype/{id}',
        '/booktype/active',
        '/booktype/serviceinterval/all',
        '/auditlogs/book',
      ]),
    );
  });
});
