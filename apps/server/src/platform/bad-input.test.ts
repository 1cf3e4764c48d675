import { randomUUID } from 'node:crypto';
import { MAX_JSON_DEPTH } from '@pruefbuch/domain/constants';
import { count, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tenantWorld } from '../../test/fixtures/books';
import { multipart, samples, twoTenants } from '../../test/fixtures/documents';
import { qrCodeOf } from '../../test/fixtures/qr';
import { createTestApp } from '../../test/helper';
import { authFailures, blobs, books, defectReports, folders, inspections } from '../db/schema/index';

const t = await createTestApp();
const db = t.database.db;
const NUL = '\u0000';

const rows = async (table: typeof books | typeof folders | typeof defectReports | typeof blobs, tenantId: string) =>
  (await db.select({ n: count() }).from(table).where(eq(table.tenantId, tenantId)))[0]?.n;

/** A 400 in the app's error shape naming the field. */
function expectRefused(res: { statusCode: number; json: () => unknown }, code: string, field: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ statusCode: 400, code, details: [expect.objectContaining({ field })] });
}

describe('a NUL character anywhere is a 400 naming the field, and nothing is written', () => {
  it('in the login e-mail (no failed attempt is recorded either)', async () => {
    const marker = `nul-${randomUUID()}`;
    const email = `${marker}${NUL}@test.example`;
    const res = await t.api({ method: 'POST', url: '/users/login', payload: { email, password: 'x' } });
    expectRefused(res, 'INVALID_CHARACTERS', 'email');
    expect(res.json().message).toBe('Die Eingabe enthält unzulässige Zeichen.');
    const [failures] = await db
      .select({ n: count() })
      .from(authFailures)
      .where(like(authFailures.account, `${marker}%`));
    expect(failures?.n).toBe(0);
  });

  it('in the public defect report', async () => {
    const w = await tenantWorld(t);
    const code = await qrCodeOf(t, w);
    const res = await t.api({
      method: 'POST',
      url: `/public/qr/${code}/defects`,
      payload: { name: 'Anna', text: `Tür klemmt${NUL}` },
    });
    expectRefused(res, 'INVALID_CHARACTERS', 'text');
    expect(await rows(defectReports, w.tenantId)).toBe(0);
  });

  it('in a book title, a nested field and an object key', async () => {
    const w = await tenantWorld(t);
    const before = await rows(books, w.tenantId);
    const post = (payload: object) =>
      t.api({ method: 'POST', url: '/books', token: w.user.token, tenant: w.tenantId, payload });
    expectRefused(await post({ title: `Tür${NUL}`, folder: w.folder }), 'INVALID_CHARACTERS', 'title');
    expectRefused(
      await post({ title: 'Tür', folder: w.folder, objectaddress: { street: `Zeil${NUL}` } }),
      'INVALID_CHARACTERS',
      'objectaddress.street',
    );
    expectRefused(await post({ title: 'Tür', folder: w.folder, [`x${NUL}`]: 1 }), 'INVALID_CHARACTERS', 'body');
    expect(await rows(books, w.tenantId)).toBe(before);
  });

  it('in a folder name', async () => {
    const w = await tenantWorld(t);
    const before = await rows(folders, w.tenantId);
    const res = await t.api({
      method: 'POST',
      url: `/folder/tenant/${w.tenantId}`,
      token: w.user.token,
      payload: { folderName: `Ordner${NUL}` },
    });
    expectRefused(res, 'INVALID_CHARACTERS', 'folderName');
    expect(await rows(folders, w.tenantId)).toBe(before);
  });

  it('in a search term and in a path parameter', async () => {
    const w = await tenantWorld(t);
    const search = await t.api({ method: 'GET', url: '/books?search=T%00r', token: w.user.token, tenant: w.tenantId });
    expectRefused(search, 'INVALID_CHARACTERS', 'querystring.search');
    const folderList = await t.api({
      method: 'GET',
      url: `/tenants/url/${w.url}/all/1/title/20?search=%00`,
      token: w.user.token,
      tenant: w.tenantId,
    });
    expectRefused(folderList, 'INVALID_CHARACTERS', 'querystring.search');
    const param = await t.api({
      method: 'GET',
      url: '/tenants/url/ab%00cd/all/1/title/20',
      token: w.user.token,
      tenant: w.tenantId,
    });
    expectRefused(param, 'INVALID_CHARACTERS', 'params.url');
    const publicParam = await t.api({ method: 'GET', url: '/public/qr/abcd%00' });
    expectRefused(publicParam, 'INVALID_CHARACTERS', 'params.code');
  });

  it('in a field of a multipart form (the staged file is not kept)', async () => {
    const { a, bookA, tokenA } = await twoTenants(t);
    const body = multipart(
      { book: bookA.id, when: '2024-03-01', who: `Prüfer${NUL}`, where: 'Frankfurt', text: 'Gutachten' },
      { name: 'gutachten.pdf', content: samples.pdf() },
    );
    const res = await t.api({ method: 'POST', url: '/inspections/existingDoc', token: tokenA, tenant: a.id, ...body });
    expectRefused(res, 'INVALID_CHARACTERS', 'who');
    expect(await rows(blobs, a.id)).toBe(0);
    const [records] = await db.select({ n: count() }).from(inspections).where(eq(inspections.bookId, bookA.id));
    expect(records?.n).toBe(0);
  });
});

describe('JSON nested beyond MAX_JSON_DEPTH', () => {
  const nested = (depth: number) => `${'{"a":'.repeat(depth - 1)}{"title":"x"}${'}'.repeat(depth - 1)}`;

  it('is a 400 before it is parsed; the documented depth itself still parses', async () => {
    const w = await tenantWorld(t);
    const post = (payload: string) =>
      t.api({
        method: 'POST',
        url: '/books',
        token: w.user.token,
        tenant: w.tenantId,
        payload,
        headers: { 'content-type': 'application/json' },
      });
    const deep = await post(nested(MAX_JSON_DEPTH + 1));
    expectRefused(deep, 'JSON_TOO_DEEP', 'body');
    expect(deep.json().message).toBe(`Die Daten sind zu tief verschachtelt (höchstens ${MAX_JSON_DEPTH} Ebenen).`);
    // Brackets inside strings do not count; a body at the limit reaches the route's validation.
    const atLimit = await post(nested(MAX_JSON_DEPTH).replace('"x"', '"[[[[{{{{"'));
    expect(atLimit.json().code).toBe('VALIDATION');
    // A hostile body far beyond any recursion limit costs one pass.
    const hostile = await post('['.repeat(500_000));
    expect(hostile.json().code).toBe('JSON_TOO_DEEP');
  });

  it('keeps the protection against prototype poisoning', async () => {
    const res = await t.api({
      method: 'POST',
      url: '/users/login',
      payload: '{"email":"a@b.example","password":"x","__proto__":{"admin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_JSON');
  });
});

describe('dates outside 1900..2200', () => {
  it('year 0000 and 2201 are a 400 naming the field; nothing reaches the database', async () => {
    const w = await tenantWorld(t);
    const before = await rows(books, w.tenantId);
    for (const completedOn of ['0000-01-01', '1899-12-31', '2201-01-01']) {
      const res = await t.api({
        method: 'POST',
        url: '/books',
        token: w.user.token,
        tenant: w.tenantId,
        payload: { title: 'Tür', folder: w.folder, completedOn },
      });
      expectRefused(res, 'VALIDATION', 'completedOn');
      expect(res.json().details[0].key).toBe('validation.dateRange');
    }
    expect(await rows(books, w.tenantId)).toBe(before);
  });
});

describe('a truncated multipart body', () => {
  it('is a 400 and leaves no document behind', async () => {
    const { a, bookA, tokenA } = await twoTenants(t);
    const body = multipart(
      { tenant: a.id, type: 'document', book: bookA.id },
      { name: 'a.pdf', content: samples.pdf() },
    );
    const cut = body.payload.subarray(0, Math.floor(body.payload.length / 2));
    const res = await t.api({
      method: 'POST',
      url: '/blobs',
      token: tokenA,
      tenant: a.id,
      payload: cut,
      headers: body.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'UPLOAD_INCOMPLETE',
      message: 'Die Übertragung war unvollständig. Bitte erneut hochladen.',
    });
    expect(await rows(blobs, a.id)).toBe(0);
  });
});
