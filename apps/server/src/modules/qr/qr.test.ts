import { Role } from '@pruefbuch/domain/roles';
import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { keep, memberOf, pdfTenant } from '../../../test/fixtures/pdf';
import { createTestApp, PUBLIC_URL } from '../../../test/helper';
import { decodeQr, pdfImagePlacements, pdfImages, pdfText } from '../../../test/pdf-reader';
import { books, qrCodes } from '../../db/schema/index';

const t = await createTestApp();
const db = t.database.db;

async function world() {
  const { tenant, book } = await pdfTenant(t);
  const { token, user } = await memberOf(t, tenant.id);
  return { tenant, book, token, user };
}

const codesOf = (bookId: string) =>
  db.select().from(qrCodes).where(eq(qrCodes.bookId, bookId)).orderBy(asc(qrCodes.createdAt));

describe('POST qr/generate/{tenantId}/{bookId}', () => {
  it('makes a random 10-character code whose URL opens the public page', async () => {
    const { tenant, book, token } = await world();
    const res = await t.api({
      method: 'POST',
      url: `/qr/generate/${tenant.id}/${book.id}`,
      token,
      tenant: tenant.id,
      payload: {},
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.code).toMatch(/^[A-Za-z0-9_-]{10}$/);
    expect(body).toMatchObject({ book: book.id, tenant: tenant.id, url: `${PUBLIC_URL}/app/q/${body.code}` });
    const second = await t.api({
      method: 'POST',
      url: `/qr/generate/${tenant.id}/${book.id}`,
      token,
      tenant: tenant.id,
    });
    expect(second.statusCode).toBe(201);
    expect(second.json().code).not.toBe(body.code);
    expect(await codesOf(book.id)).toHaveLength(2);
  });

  it('takes a pre-printed code once (409 QR_EXISTS after), refuses bad codes and foreign tenants or books', async () => {
    const { tenant, book, token } = await world();
    const other = await world();
    const code = `VORDRUCK-${Math.random().toString(36).slice(2, 8)}`;
    const url = `/qr/generate/${tenant.id}/${book.id}`;
    const first = await t.api({ method: 'POST', url, token, tenant: tenant.id, payload: { qr: code } });
    expect(first.statusCode).toBe(201);
    expect(first.json().code).toBe(code);
    const taken = await t.api({
      method: 'POST',
      url: `/qr/generate/${other.tenant.id}/${other.book.id}`,
      token: other.token,
      tenant: other.tenant.id,
      payload: { qr: code },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('QR_EXISTS');
    for (const qr of ['ab', 'mit leerzeichen', '../../etc', 'x'.repeat(65)]) {
      const bad = await t.api({ method: 'POST', url, token, tenant: tenant.id, payload: { qr } });
      expect(bad.statusCode, qr).toBe(400);
    }
    const foreignBook = await t.api({
      method: 'POST',
      url: `/qr/generate/${tenant.id}/${other.book.id}`,
      token,
      tenant: tenant.id,
    });
    expect(foreignBook.statusCode).toBe(404);
    const foreignTenant = await t.api({
      method: 'POST',
      url: `/qr/generate/${other.tenant.id}/${other.book.id}`,
      token,
      tenant: tenant.id,
    });
    expect(foreignTenant.statusCode).toBe(404);
    const branch = await memberOf(t, tenant.id, Role.ROLE_FILIALE);
    expect((await t.api({ method: 'POST', url, token: branch.token, tenant: tenant.id })).statusCode).toBe(403);
  });
});

describe('reading and deleting codes', () => {
  it('GET books/{id}/qrcode creates the first code once and lists them newest first', async () => {
    const { tenant, book, token } = await world();
    const first = await t.api({ method: 'GET', url: `/books/${book.id}/qrcode`, token, tenant: tenant.id });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(1);
    const again = await t.api({ method: 'GET', url: `/books/${book.id}/qrcode`, token, tenant: tenant.id });
    expect(again.json()).toEqual(first.json());
    await t.api({
      method: 'POST',
      url: `/qr/generate/${tenant.id}/${book.id}`,
      token,
      tenant: tenant.id,
      payload: { qr: `NEU-${book.id.slice(0, 8)}` },
    });
    const list = (await t.api({ method: 'GET', url: `/books/${book.id}/qrcode`, token, tenant: tenant.id })).json();
    expect(list.map((c: { code: string }) => c.code)).toEqual([`NEU-${book.id.slice(0, 8)}`, first.json()[0].code]);
    const other = await world();
    const foreign = await t.api({
      method: 'GET',
      url: `/books/${book.id}/qrcode`,
      token: other.token,
      tenant: other.tenant.id,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('GET qr/mapping and qr/{id} resolve codes of the user’s tenants only; DELETE qr/{id} ends a code', async () => {
    const { tenant, book, token } = await world();
    const made = (
      await t.api({ method: 'POST', url: `/qr/generate/${tenant.id}/${book.id}`, token, tenant: tenant.id })
    ).json();
    const mapping = await t.api({
      method: 'GET',
      url: `/qr/mapping/${tenant.id}/${book.id}/${made._id}`,
      token,
      tenant: tenant.id,
    });
    expect(mapping.statusCode).toBe(200);
    expect(mapping.json()).toEqual(made);
    const expected = { book: book.id, tenant: tenant.id, tenantUrl: tenant.url, code: made.code, url: made.url };
    for (const key of [made.code, made._id]) {
      const res = await t.api({ method: 'GET', url: `/qr/${key}`, token, tenant: tenant.id });
      expect(res.statusCode, key).toBe(200);
      expect(res.json()).toEqual(expected);
    }
    // A scan may name a code of another of the user's tenants: no x-tenant needed.
    expect((await t.api({ method: 'GET', url: `/qr/${made.code}`, token })).json()).toEqual(expected);

    const other = await world();
    for (const url of [`/qr/${made.code}`, `/qr/${made._id}`, `/qr/mapping/${tenant.id}/${book.id}/${made._id}`]) {
      const res = await t.api({ method: 'GET', url, token: other.token, tenant: other.tenant.id });
      expect(res.statusCode, url).toBe(404);
    }
    const foreignDelete = await t.api({
      method: 'DELETE',
      url: `/qr/${made._id}`,
      token: other.token,
      tenant: other.tenant.id,
    });
    expect(foreignDelete.statusCode).toBe(404);

    const del = await t.api({ method: 'DELETE', url: `/qr/${made._id}`, token, tenant: tenant.id });
    expect(del.statusCode).toBe(204);
    expect((await t.api({ method: 'GET', url: `/qr/${made.code}`, token, tenant: tenant.id })).statusCode).toBe(404);
    expect((await t.api({ method: 'GET', url: `/public/qr/${made.code}` })).statusCode).toBe(404);
  });
});

describe('POST books/getEtikettPdf', () => {
  it('prints 24 labels per sheet whose QR codes decode to the books’ URLs, giving codes to books without one', async () => {
    const { tenant, token } = await world();
    const rows = await db
      .insert(books)
      .values(
        Array.from({ length: 26 }, (_, i) => ({
          tenantId: tenant.id,
          title: `Drehtür ${i + 1}`,
          object: `Filiale Nr. ${i + 1}`,
          site: `Eingang ${i + 1}`,
          manufacturerNo: `HN-${1000 + i}`,
          glasbocknr: `SN-${2000 + i}`,
        })),
      )
      .returning();
    const existing = await t.api({
      method: 'POST',
      url: `/qr/generate/${tenant.id}/${rows[0]?.id}`,
      token,
      tenant: tenant.id,
      payload: { qr: `ALT-${rows[0]?.id.slice(0, 8)}` },
    });
    const ids = rows.map((r) => r.id);
    const res = await t.api({
      method: 'POST',
      url: '/books/getEtikettPdf',
      token,
      tenant: tenant.id,
      payload: { books: ids },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="etiketten.pdf"');
    keep('labels.pdf', res.rawPayload);

    const codes = await db.select().from(qrCodes).where(inArray(qrCodes.bookId, ids));
    expect(codes).toHaveLength(26);
    const urlOf = new Map(codes.map((c) => [c.bookId, `${PUBLIC_URL}/app/q/${c.code}`]));
    expect(urlOf.get(ids[0] ?? '')).toBe(existing.json().url);

    const { pages, flat } = await pdfText(res.rawPayload);
    expect(pages).toHaveLength(2);
    for (const text of ['Filiale Nr. 1', 'Eingang 26', 'Hersteller-Nr. HN-1000', 'S/N SN-2025', tenant.name]) {
      expect(flat, text).toContain(text);
    }
    const images = await pdfImages(res.rawPayload);
    expect(images.map((p) => p.length)).toEqual([24, 2]);
    const decoded = images.flat().map(decodeQr);
    expect(decoded).toEqual(ids.map((id) => urlOf.get(id)));
  });

  it('prints the code under each QR and starts at a chosen position of a used sheet', async () => {
    const { tenant, token } = await world();
    const rows = await db
      .insert(books)
      .values([1, 2, 3].map((i) => ({ tenantId: tenant.id, title: `Schiebetür ${i}`, object: `Objekt ${i}` })))
      .returning();
    const ids = rows.map((r) => r.id);
    const post = (payload: object) =>
      t.api({ method: 'POST', url: '/books/getEtikettPdf', token, tenant: tenant.id, payload });
    const res = await post({ books: ids, start: 23 });
    expect(res.statusCode).toBe(200);
    keep('labels-start-23.pdf', res.rawPayload);
    const codes = new Map(
      (await db.select().from(qrCodes).where(inArray(qrCodes.bookId, ids))).map((c) => [c.bookId, c.code]),
    );
    const { pages } = await pdfText(res.rawPayload);
    // Positions 23 and 24 of the first sheet, then the first of a second one.
    expect(pages).toHaveLength(2);
    const [first = '', second = ''] = pages;
    for (const id of ids.slice(0, 2)) expect(first).toContain(codes.get(id));
    expect(second).toContain(codes.get(ids[2] ?? ''));
    expect((await pdfImages(res.rawPayload)).map((p) => p.length)).toEqual([2, 1]);
    // 3 columns of 70 mm, 8 rows of 37 mm: position 23 is the middle column of the last row.
    const mm = 72 / 25.4;
    const cells = (await pdfImagePlacements(res.rawPayload)).map((page) =>
      page.map((p) => [Math.floor(p.left / (70 * mm)), Math.floor(p.top / (37 * mm))]),
    );
    expect(cells).toEqual([
      [
        [1, 7],
        [2, 7],
      ],
      [[0, 0]],
    ]);

    for (const start of [0, 25, 1.5, '3']) {
      const bad = await post({ books: ids, start });
      expect(bad.statusCode, String(start)).toBe(400);
      expect(bad.json().details[0]).toMatchObject({ field: 'start', key: 'validation.labelStart' });
    }
  });

  it('refuses an empty list, more than 1000 ids, and any id that is not a book of the tenant', async () => {
    const { tenant, book, token } = await world();
    const other = await world();
    const post = (payload: unknown) =>
      t.api({ method: 'POST', url: '/books/getEtikettPdf', token, tenant: tenant.id, payload: payload as object });
    expect((await post({ books: [] })).statusCode).toBe(400);
    expect((await post({ books: Array.from({ length: 1001 }, () => book.id) })).statusCode).toBe(400);
    expect((await post({ books: [book.id, 'kein-uuid'] })).statusCode).toBe(400);
    const foreign = await post({ books: [book.id, other.book.id] });
    expect(foreign.statusCode).toBe(404);
    // Nothing was generated for the refused run.
    expect(await codesOf(book.id)).toHaveLength(0);
  });
});
