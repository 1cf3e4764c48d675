import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import contentDisposition from 'content-disposition';
import { describe, expect, it } from 'vitest';
import {
  blobRow,
  fileOnDisk,
  multipart,
  samples,
  sha256Of,
  twoTenants,
  uploader,
} from '../../../test/fixtures/documents';
import { createTestApp } from '../../../test/helper';
import { dispositionOf } from '../../platform/replies';

const t = await createTestApp();
const upload = uploader(t);

describe('POST blobs', () => {
  it('stores a PDF under its hash and describes it, the type taken from the bytes', async () => {
    const { a, bookA, tokenA } = await twoTenants(t);
    const content = samples.pdf();
    const res = await upload({
      url: '/blobs',
      token: tokenA,
      tenant: a.id,
      fields: { tenant: a.id, type: 'document', book: bookA.id },
      file: { name: 'Prüfbericht 2024.pdf', content, contentType: 'application/octet-stream' },
    });
    expect(res.statusCode).toBe(201);
    const blob = res.json();
    expect(blob).toMatchObject({
      contentType: 'application/pdf',
      fileName: 'Prüfbericht 2024.pdf',
      size: content.length,
      type: 'document',
      book: bookA.id,
      path: `blobs/${blob._id}/document/download`,
    });
    const row = await blobRow(t, blob._id);
    expect(row).toMatchObject({ tenantId: a.id, sha256: sha256Of(content) });
    expect(readFileSync(fileOnDisk(t, sha256Of(content)))).toEqual(content);

    const meta = await t.api({ method: 'GET', url: `/blobs/${blob._id}`, token: tokenA, tenant: a.id });
    expect(meta.statusCode).toBe(200);
    expect(meta.json()).toEqual(blob);
  });

  it('accepts a blob without a book and without the tenant field; the type defaults to document', async () => {
    const { a, tokenA } = await twoTenants(t);
    const res = await upload({
      url: '/blobs',
      token: tokenA,
      tenant: a.id,
      file: { name: 'foto.png', content: samples.png(), contentType: 'image/png' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ contentType: 'image/png', fileName: 'foto.png', type: 'document', book: null });
  });

  it.each([
    ['jpeg', samples.jpeg, 'bild.jpg', 'image/jpeg', 'bild.jpg'],
    // WebP and GIF are stored as JPEG, or PNG when they have transparency (GIFs always do in libvips).
    ['webp', samples.webp, 'bild.webp', 'image/jpeg', 'bild.jpg'],
    ['gif', samples.gif, 'bild.gif', 'image/png', 'bild.png'],
    ['heic', samples.heic, 'bild.heic', 'image/heic', 'bild.heic'],
  ])('accepts %s images', async (_, make, name, contentType, storedName) => {
    const { a, tokenA } = await twoTenants(t);
    const res = await upload({ url: '/blobs', token: tokenA, tenant: a.id, file: { name, content: make() } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ contentType, fileName: storedName });
  });

  it.each([
    ['HTML named x.pdf and claimed as PDF', samples.html, 'x.pdf', 'application/pdf'],
    ['SVG with script', samples.svg, 'bild.svg', 'image/svg+xml'],
    ['SVG with script named as PNG', samples.svg, 'bild.png', 'image/png'],
    ['a Windows executable', samples.exe, 'setup.exe', 'application/x-msdownload'],
    ['a Windows executable named as PDF', samples.exe, 'rechnung.pdf', 'application/pdf'],
    ['a ZIP archive', samples.zip, 'archiv.zip', 'application/zip'],
    ['plain text', () => Buffer.from('nur Text'), 'notiz.txt', 'text/plain'],
  ])('refuses %s with 400 UNSUPPORTED_FILE_TYPE and stores nothing', async (_, make, name, claimed) => {
    const { a, bookA, tokenA } = await twoTenants(t);
    const content = make();
    const res = await upload({
      url: `/books/${bookA.id}/document`,
      token: tokenA,
      tenant: a.id,
      fields: { tenant: a.id },
      file: { name, content, contentType: claimed },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'UNSUPPORTED_FILE_TYPE',
      details: [{ field: 'file', key: 'errors.UNSUPPORTED_FILE_TYPE' }],
    });
    expect(res.json().message).toMatch(/Dateityp/);
    expect(existsSync(fileOnDisk(t, sha256Of(content)))).toBe(false);
    const list = await t.api({ method: 'GET', url: `/books/${bookA.id}/documents`, token: tokenA, tenant: a.id });
    expect(list.json().documents).toEqual([]);
  });

  it('answers in English when asked', async () => {
    const { a, tokenA } = await twoTenants(t);
    const body = multipart({}, { name: 'x.pdf', content: samples.html(), contentType: 'application/pdf' });
    const res = await t.api({
      method: 'POST',
      url: '/blobs',
      token: tokenA,
      tenant: a.id,
      headers: { ...body.headers, 'accept-language': 'en' },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].message).toBe(
      'This file type is not accepted. Allowed are PDF, PNG, JPEG, WebP, GIF and HEIC.',
    );
  });

  it('refuses an empty file, a form without a file, a body that is not multipart and a second file', async () => {
    const { a, tokenA } = await twoTenants(t);
    const empty = await upload({
      url: '/blobs',
      token: tokenA,
      tenant: a.id,
      file: { name: 'leer.pdf', content: Buffer.alloc(0) },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([expect.objectContaining({ field: 'file', key: 'validation.required' })]);

    const noFile = await upload({ url: '/blobs', token: tokenA, tenant: a.id, fields: { type: 'document' } });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().details).toEqual([expect.objectContaining({ field: 'file', key: 'validation.required' })]);

    const json = await t.api({ method: 'POST', url: '/blobs', token: tokenA, tenant: a.id, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);

    const wrongField = await upload({
      url: '/blobs',
      token: tokenA,
      tenant: a.id,
      file: { name: 'a.pdf', content: samples.pdf(), field: 'upload' },
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().details).toEqual([expect.objectContaining({ field: 'upload' })]);

    const boundary = 'zweiDateien';
    const part = (name: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n%PDF-1.4 ${name}\r\n`;
    const two = await t.api({
      method: 'POST',
      url: '/blobs',
      token: tokenA,
      tenant: a.id,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${part('a.pdf')}${part('b.pdf')}--${boundary}--\r\n`,
    });
    expect(two.statusCode).toBeGreaterThanOrEqual(400);
    expect(two.statusCode).toBeLessThan(500);
  });

  it('checks the form fields: type format and book id', async () => {
    const { a, tokenA } = await twoTenants(t);
    const file = { name: 'a.pdf', content: samples.pdf() };
    const badType = await upload({ url: '/blobs', token: tokenA, tenant: a.id, fields: { type: '../x' }, file });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().details).toEqual([expect.objectContaining({ field: 'type', key: 'validation.invalid' })]);
    const badBook = await upload({ url: '/blobs', token: tokenA, tenant: a.id, fields: { book: 'nope' }, file });
    expect(badBook.statusCode).toBe(400);
    expect(badBook.json().details).toEqual([expect.objectContaining({ field: 'book', key: 'validation.id' })]);
    const unknownBook = await upload({
      url: '/blobs',
      token: tokenA,
      tenant: a.id,
      fields: { book: '00000000-0000-4000-8000-000000000000' },
      file,
    });
    expect(unknownBook.statusCode).toBe(404);
    expect(existsSync(fileOnDisk(t, sha256Of(file.content)))).toBe(false);
  });

  it('takes files far above the JSON body limit (1 MB) up to the upload limit', async () => {
    const { a, tokenA } = await twoTenants(t);
    const content = Buffer.concat([samples.pdf(), randomBytes(3 * 1024 * 1024)]);
    const res = await upload({ url: '/blobs', token: tokenA, tenant: a.id, file: { name: 'scan.pdf', content } });
    expect(res.statusCode).toBe(201);
    expect(res.json().size).toBe(content.length);
    // Buffer.equals: a deep toEqual over megabytes takes seconds.
    expect(readFileSync(fileOnDisk(t, sha256Of(content))).equals(content)).toBe(true);
  });

  it('needs the tenant header', async () => {
    const { tokenA } = await twoTenants(t);
    const res = await t.api({ method: 'POST', url: '/blobs', token: tokenA, ...multipartOf('a.pdf') });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('TENANT_REQUIRED');
  });
});

function multipartOf(name: string) {
  const boundary = 'b0undary';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n%PDF-1.4\r\n--${boundary}--\r\n`,
  };
}

describe('book documents', () => {
  it('adds documents to a book and lists them newest first; deleting one replies the rest', async () => {
    const { a, bookA, tokenA } = await twoTenants(t);
    const first = await upload({
      url: `/books/${bookA.id}/document`,
      token: tokenA,
      tenant: a.id,
      fields: { tenant: a.id, type: 'document' },
      file: { name: 'alt.pdf', content: samples.pdf() },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().blob).toMatchObject({ fileName: 'alt.pdf', book: bookA.id, type: 'document' });
    expect(first.json().documents.map((d: { fileName: string }) => d.fileName)).toEqual(['alt.pdf']);
    await new Promise((r) => setTimeout(r, 5));
    const second = await upload({
      url: `/books/${bookA.id}/document`,
      token: tokenA,
      tenant: a.id,
      file: { name: 'neu.png', content: samples.png() },
    });
    expect(second.statusCode).toBe(201);
    expect(second.json().documents.map((d: { fileName: string }) => d.fileName)).toEqual(['neu.png', 'alt.pdf']);

    const list = await t.api({ method: 'GET', url: `/books/${bookA.id}/documents`, token: tokenA, tenant: a.id });
    expect(list.statusCode).toBe(200);
    expect(list.json().documents.map((d: { _id: string }) => d._id)).toEqual([
      second.json().blob._id,
      first.json().blob._id,
    ]);

    const del = await t.api({
      method: 'DELETE',
      url: `/books/${bookA.id}/document/${first.json().blob._id}`,
      token: tokenA,
      tenant: a.id,
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().documents.map((d: { fileName: string }) => d.fileName)).toEqual(['neu.png']);
    const again = await t.api({
      method: 'DELETE',
      url: `/books/${bookA.id}/document/${first.json().blob._id}`,
      token: tokenA,
      tenant: a.id,
    });
    expect(again.statusCode).toBe(404);
  });

  it('records adding and deleting a document in the book protocol', async () => {
    const { a, bookA, tokenA } = await twoTenants(t);
    const added = await upload({
      url: `/books/${bookA.id}/document`,
      token: tokenA,
      tenant: a.id,
      file: { name: 'protokolliert.pdf', content: samples.pdf() },
    });
    await t.api({
      method: 'DELETE',
      url: `/books/${bookA.id}/document/${added.json().blob._id}`,
      token: tokenA,
      tenant: a.id,
    });
    const rows = await t.database.db.query.auditLogs.findMany({
      where: (l, { eq }) => eq(l.entityId, bookA.id),
      orderBy: (l, { asc }) => asc(l.createdAt),
    });
    expect(rows.map((r) => [r.field, r.oldValue, r.newValue])).toEqual([
      ['documents', null, 'protokolliert.pdf'],
      ['documents', 'protokolliert.pdf', null],
    ]);
  });

  it('does not delete a document through another book of the same tenant', async () => {
    const { a, bookA, tokenA } = await twoTenants(t);
    const other = await upload({
      url: '/blobs',
      token: tokenA,
      tenant: a.id,
      file: { name: 'lose.pdf', content: samples.pdf() },
    });
    const res = await t.api({
      method: 'DELETE',
      url: `/books/${bookA.id}/document/${other.json()._id}`,
      token: tokenA,
      tenant: a.id,
    });
    expect(res.statusCode).toBe(404);
    expect(await blobRow(t, other.json()._id)).not.toBeNull();
  });
});

describe('downloads', () => {
  async function stored(name: string, content = samples.pdf()) {
    const { a, tokenA } = await twoTenants(t);
    const res = await upload({ url: '/blobs', token: tokenA, tenant: a.id, file: { name, content } });
    expect(res.statusCode).toBe(201);
    return { id: res.json()._id as string, a, tokenA, content, blob: res.json() };
  }

  it('serves the bytes inline with the sniffed type and as an attachment on /download', async () => {
    const { id, a, tokenA, content } = await stored('bericht.pdf');
    const inline = await t.api({ method: 'GET', url: `/blobs/${id}/document`, token: tokenA, tenant: a.id });
    expect(inline.statusCode).toBe(200);
    expect(inline.rawPayload).toEqual(content);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-length']).toBe(String(content.length));
    expect(inline.headers['content-disposition']).toBe('inline; filename="bericht.pdf"');
    expect(inline.headers['x-content-type-options']).toBe('nosniff');
    expect(inline.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(inline.headers['cache-control']).toBe('no-store');

    const download = await t.api({
      method: 'GET',
      url: `/blobs/${id}/document/download`,
      token: tokenA,
      tenant: a.id,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(content);
    expect(download.headers['content-disposition']).toBe('attachment; filename="bericht.pdf"');
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it.each([
    ['"><svg onload=alert(1)>.pdf', '"><svg onload=alert(1)>.pdf'],
    ['../../etc/passwd', 'passwd.pdf'],
    ['..\\..\\windows\\system32\\evil.pdf', 'evil.pdf'],
    ['Prüfbuch Tür 1 – Übergabe.pdf', 'Prüfbuch Tür 1 – Übergabe.pdf'],
    ['bericht\u0007\u001b[31m\tfertig.pdf', 'bericht[31mfertig.pdf'],
    ['rechnung\u202efdp.exe', 'rechnungfdp.exe.pdf'],
    ['.pdf', 'pdf.pdf'],
    ['', 'dokument.pdf'],
  ])('keeps the name %j harmless: stored as %j, quoted per RFC 6266', async (raw, expected) => {
    const { id, a, tokenA, blob } = await stored(raw);
    expect(blob.fileName).toBe(expected);
    const res = await t.api({ method: 'GET', url: `/blobs/${id}/document/download`, token: tokenA, tenant: a.id });
    expect(res.statusCode).toBe(200);
    const header = String(res.headers['content-disposition']);
    expect(header).toBe(dispositionOf(expected));
    expect(header.includes('ü')).toBe(false);
    // One header line, the name only inside the quoted (or percent-encoded) parameter.
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toMatch(/^attachment; filename="(?:[^"\\]|\\.)*"(?:; filename\*=UTF-8''[A-Za-z0-9%!'()*._~-]+)?$/);
    expect(contentDisposition.parse(header).parameters.filename).toBe(expected);
    expect(res.headers['content-type']).toBe('application/pdf');
  });

  it('gives an image the extension of its real type whatever the name says', async () => {
    const { blob } = await stored('seite.html', samples.png());
    expect(blob).toMatchObject({ contentType: 'image/png', fileName: 'seite.html.png' });
  });
});
