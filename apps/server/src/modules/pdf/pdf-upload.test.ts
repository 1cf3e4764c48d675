/**
 * POST pdfassets/uploadfile (SPEC §7: multipart file, tenant): an existing PDF becomes a PDF asset of a book,
 * listed with the book's assets, served by its blob and signed off by the tenant's tech acceptor.
 */
import { existsSync } from 'node:fs';
import { Role } from '@pruefbuch/domain/roles';
import type { PdfAsset } from '@pruefbuch/domain/schemas/pdf-asset';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { branchMember, fieldsOf } from '../../../test/fixtures/books';
import { blobRow, fileOnDisk, samples, sha256Of, uploader } from '../../../test/fixtures/documents';
import { memberOf, pdfTenant } from '../../../test/fixtures/pdf';
import { createTestApp } from '../../../test/helper';
import { pdfAssets } from '../../db/schema/index';

const t = await createTestApp();
const upload = uploader(t);

async function world() {
  const w = await pdfTenant(t);
  const office = await memberOf(t, w.tenant.id);
  const send = (
    fields: Record<string, string>,
    file = { name: 'Abnahme TÜV.pdf', content: samples.pdf() },
    token = office.token,
  ) => upload({ url: '/pdfassets/uploadfile', token, tenant: w.tenant.id, fields, file });
  return { ...w, office, send };
}

describe('POST pdfassets/uploadfile', () => {
  it('keeps the PDF as an asset of the book (kind upload, no record), listed, served and signed off', async () => {
    const w = await world();
    const content = samples.pdf();
    const res = await w.send({ book: w.book.id, tenant: w.tenant.id }, { name: 'Abnahme TÜV.pdf', content });
    expect(res.statusCode).toBe(201);
    const asset = res.json() as PdfAsset;
    expect(asset).toMatchObject({
      book: w.book.id,
      inspection: null,
      kind: 'upload',
      fileName: 'Abnahme TÜV.pdf',
      techAcceptor: null,
      techAcceptorName: null,
      acceptedAt: null,
    });
    expect(asset.path).toBe(`inspections/inspectionPdf/${asset.blob}`);
    const blob = await blobRow(t, asset.blob);
    expect(blob).toMatchObject({
      type: 'pdf-asset',
      bookId: w.book.id,
      tenantId: w.tenant.id,
      contentType: 'application/pdf',
    });
    expect(blob?.sha256).toBe(sha256Of(content));

    const api = (method: 'GET' | 'PUT' | 'DELETE', url: string, token = w.office.token) =>
      t.api({ method, url, token, tenant: w.tenant.id });
    const list = await api('GET', `/pdfassets/book?book=${w.book.id}`);
    expect(list.json().map((a: PdfAsset) => a._id)).toEqual([asset._id]);
    const file = await api('GET', `/${asset.path}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(content)).toBe(true);
    // A PDF kept for the record is not deleted as a document.
    expect((await api('DELETE', `/blobs/${asset.blob}`)).statusCode).toBe(409);

    const acceptor = await memberOf(t, w.tenant.id, Role.ACCEPTOR_ROLE);
    const signed = await api(
      'PUT',
      `/books/${w.book.id}/techacceptor/${acceptor.user.id}/${w.tenant.id}/${asset._id}`,
      acceptor.token,
    );
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toMatchObject({
      techAcceptor: acceptor.user.id,
      techAcceptorName: `${acceptor.user.firstName} ${acceptor.user.lastName}`.trim(),
      acceptedBy: acceptor.user.abbreviation,
    });
  });

  it('takes the tenant from the header when the form names none', async () => {
    const w = await world();
    const res = await w.send({ book: w.book.id });
    expect(res.statusCode).toBe(201);
  });

  it('refuses anything but a PDF, a missing file or book, another tenant’s book or tenant; nothing stays behind', async () => {
    const w = await world();
    const html = samples.html();
    const notPdf = await w.send({ book: w.book.id }, { name: 'bericht.pdf', content: html });
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().code).toBe('UNSUPPORTED_FILE_TYPE');
    expect(existsSync(fileOnDisk(t, sha256Of(html)))).toBe(false);
    const png = await w.send({ book: w.book.id }, { name: 'foto.png', content: samples.png() });
    expect(png.json().code).toBe('UNSUPPORTED_FILE_TYPE');

    expect(fieldsOf(await w.send({}))).toEqual(['book']);
    expect(fieldsOf(await w.send({ book: 'nicht-eine-id' }))).toEqual(['book']);
    const noFile = await upload({
      url: '/pdfassets/uploadfile',
      token: w.office.token,
      tenant: w.tenant.id,
      fields: { book: w.book.id },
    });
    expect(fieldsOf(noFile)).toEqual(['file']);

    const other = await pdfTenant(t);
    const content = samples.pdf();
    const foreignBook = await w.send({ book: other.book.id }, { name: 'x.pdf', content });
    expect(foreignBook.statusCode).toBe(404);
    expect(existsSync(fileOnDisk(t, sha256Of(content)))).toBe(false);
    expect((await w.send({ book: w.book.id, tenant: other.tenant.id })).statusCode).toBe(404);
    const rows = await t.database.db.select().from(pdfAssets).where(eq(pdfAssets.bookId, w.book.id));
    expect(rows).toHaveLength(0);
  });

  it('is for the roles that upload a book’s documents, not for branch users or the warehouse', async () => {
    const w = await world();
    const tech = await memberOf(t, w.tenant.id, Role.ROLE_SERVICE_TECHNIKER);
    expect((await w.send({ book: w.book.id }, undefined, tech.token)).statusCode).toBe(201);
    const lager = await memberOf(t, w.tenant.id, Role.ROLE_LAGER);
    expect((await w.send({ book: w.book.id }, undefined, lager.token)).statusCode).toBe(403);
    const branch = await branchMember(t, w.tenant.id, [w.book.id]);
    expect((await w.send({ book: w.book.id }, undefined, branch.token)).statusCode).toBe(403);
  });
});
