import { Role } from '@pruefbuch/domain/roles';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checklistOf, defect, insertRecord, keep, memberOf, pdfTenant, storeBlob } from '../../../test/fixtures/pdf';
import { createTestApp } from '../../../test/helper';
import { pdfText } from '../../../test/pdf-reader';
import { auditLogs, blobs, pdfAssets, tenants, type users } from '../../db/schema/index';
import type { TenantContext } from '../../platform/context';
import { archiveInspectionPdf, INSPECTION_PDF_TYPE } from './pdf.archive';

const t = await createTestApp();
const db = t.database.db;

const ctxOf = (user: typeof users.$inferSelect, tenantId: string): TenantContext => ({
  db,
  user: {
    id: user.id,
    email: user.email,
    role: user.role as TenantContext['user']['role'],
    customerRole: null,
    department: 1,
    customer: 0,
    abbreviation: user.abbreviation,
    auswertung: false,
    forecast: false,
    sessionId: crypto.randomUUID(),
  },
  tenantId,
  lang: 'de',
  ip: '127.0.0.1',
  deps: t.app.deps,
});

/** A book with one finalized inspection whose PDF is archived as finalize does it, in a transaction. */
async function archived() {
  const world = await pdfTenant(t);
  const member = await memberOf(t, world.tenant.id);
  const record = await insertRecord(t, world.tenant.id, world.book.id, {
    when: '2024-11-05',
    who: 'Paul Prüfer',
    checklist: checklistOf([['door.forces', 'Kräfte und Geschwindigkeiten gemessen', 'ok', '142 N']]),
    defects: [defect('Bodenführung lose', 'safe')],
  });
  const asset = await db.transaction((tx) => archiveInspectionPdf(ctxOf(member.user, world.tenant.id), tx, record.id));
  return { ...world, ...member, record, asset };
}

describe('the inspection PDF archived on finalize', () => {
  it('is stored as a blob of the book and a PDF asset of kind inspection, and streams by its blob id', async () => {
    const { tenant, book, token, record, asset } = await archived();
    expect(asset).toMatchObject({ kind: 'inspection', inspectionId: record.id, bookId: book.id });
    const [blob] = await db.select().from(blobs).where(eq(blobs.id, asset.blobId));
    expect(blob).toMatchObject({ type: INSPECTION_PDF_TYPE, bookId: book.id, contentType: 'application/pdf' });
    expect(blob?.fileName).toBe('pruefbericht_2024-11-05_HN-4711_Kaufhof-Zeil_EG-Süd.pdf');

    const res = await t.api({
      method: 'GET',
      url: `/inspections/inspectionPdf/${asset.blobId}`,
      token,
      tenant: tenant.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(Number(res.headers['content-length'])).toBe(blob?.size);
    expect(res.headers['content-disposition']).toContain(
      'pruefbericht_2024-11-05_HN-4711_Kaufhof-Zeil_EG-S%C3%BCd.pdf',
    );
    keep('inspection.pdf', res.rawPayload);
    const { flat } = await pdfText(res.rawPayload);
    for (const text of [
      'Prüfbericht',
      'Prüfung vom 05.11.2024',
      'Paul Prüfer',
      'Kräfte und Geschwindigkeiten gemessen',
      '142 N',
      'Bodenführung lose',
      'Betrieb möglich',
      'Abgeschlossen 05.11.2024',
      'Seite 1 von',
    ]) {
      expect(flat, text).toContain(text);
    }
    expect(flat).not.toContain('ENTWURF');

    // Not the book's documents list, and another tenant cannot read it.
    const docs = await t.api({ method: 'GET', url: `/books/${book.id}/documents`, token, tenant: tenant.id });
    expect(docs.json().documents).toEqual([]);
    const other = await pdfTenant(t);
    const stranger = await memberOf(t, other.tenant.id);
    const foreign = await t.api({
      method: 'GET',
      url: `/inspections/inspectionPdf/${asset.blobId}`,
      token: stranger.token,
      tenant: other.tenant.id,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('serves only blobs that are PDF assets', async () => {
    const { tenant, book, token } = await archived();
    const [plain] = await db
      .insert(blobs)
      .values({
        tenantId: tenant.id,
        bookId: book.id,
        sha256: 'a'.repeat(64),
        size: 1,
        contentType: 'image/png',
        fileName: 'x.png',
      })
      .returning();
    const res = await t.api({
      method: 'GET',
      url: `/inspections/inspectionPdf/${plain?.id}`,
      token,
      tenant: tenant.id,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('uploaded expert reports', () => {
  it('are PDF assets of kind upload (rows the inspections module inserts), listed and served by their blob', async () => {
    const { tenant, book, token } = await archived();
    const report = Buffer.from('%PDF-1.4\n% hochgeladenes Gutachten\n%%EOF\n', 'latin1');
    const blobId = await storeBlob(t, tenant.id, book.id, report, {
      contentType: 'application/pdf',
      fileName: 'Gutachten Sachverständiger.pdf',
      type: 'expert-report',
    });
    const record = await insertRecord(t, tenant.id, book.id, {
      when: '2024-12-01',
      kind: 'gutachten',
      reportBlobId: blobId,
    });
    await db.insert(pdfAssets).values({
      tenantId: tenant.id,
      bookId: book.id,
      inspectionId: record.id,
      blobId,
      kind: 'upload',
      fileName: 'Gutachten Sachverständiger.pdf',
    });
    const list = await t.api({ method: 'GET', url: `/pdfassets/book?book=${book.id}`, token, tenant: tenant.id });
    expect(
      list
        .json()
        .map((a: { kind: string }) => a.kind)
        .sort(),
    ).toEqual(['inspection', 'upload']);
    const res = await t.api({ method: 'GET', url: `/inspections/inspectionPdf/${blobId}`, token, tenant: tenant.id });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(report);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''Gutachten%20Sachverst%C3%A4ndiger.pdf");
    // The book export names the uploaded report in the record.
    const book_ = await t.api({ method: 'GET', url: `/books/${book.id}/exportPdf`, token, tenant: tenant.id });
    const { flat } = await pdfText(book_.rawPayload);
    expect(flat).toContain('Das Gutachten liegt als hochgeladenes Dokument „Gutachten Sachverständiger.pdf“ vor');
  });
});

describe('GET pdfassets/book', () => {
  it('lists the book’s assets with their download path; 404 for another tenant’s book, 400 without book', async () => {
    const { tenant, book, token, asset } = await archived();
    const res = await t.api({ method: 'GET', url: `/pdfassets/book?book=${book.id}`, token, tenant: tenant.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        _id: asset.id,
        book: book.id,
        kind: 'inspection',
        blob: asset.blobId,
        path: `inspections/inspectionPdf/${asset.blobId}`,
        acceptedAt: null,
        techAcceptor: null,
      }),
    ]);
    const other = await pdfTenant(t);
    const stranger = await memberOf(t, other.tenant.id);
    const foreign = await t.api({
      method: 'GET',
      url: `/pdfassets/book?book=${book.id}`,
      token: stranger.token,
      tenant: other.tenant.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.api({ method: 'GET', url: '/pdfassets/book', token, tenant: tenant.id })).statusCode).toBe(400);
  });
});

describe('PUT books/{id}/techacceptor/{techAcceptorId}/{tenantId}/{pdfassetId}', () => {
  const signOff = (
    p: { book: string; acceptor: string; tenant: string; asset: string },
    token: string,
    tenant: string,
    note?: string,
  ) =>
    t.api({
      method: 'PUT',
      url: `/books/${p.book}/techacceptor/${p.acceptor}/${p.tenant}/${p.asset}`,
      token,
      tenant,
      ...(note === undefined ? {} : { payload: { note } }),
    });

  it('lets an acceptor of the tenant sign off once, in the protocol', async () => {
    const { tenant, book, asset } = await archived();
    const acceptor = await memberOf(t, tenant.id, Role.ACCEPTOR_ROLE);
    const p = { book: book.id, acceptor: acceptor.user.id, tenant: tenant.id, asset: asset.id };
    const res = await signOff(p, acceptor.token, tenant.id, 'Ohne Einwände');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: asset.id,
      techAcceptor: acceptor.user.id,
      acceptedBy: acceptor.user.abbreviation,
      acceptanceNote: 'Ohne Einwände',
    });
    expect(res.json().acceptedAt).toEqual(expect.any(String));
    const again = await signOff(p, acceptor.token, tenant.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_ACCEPTED');
    const protocol = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, book.id), eq(auditLogs.field, 'techAcceptor')));
    expect(protocol).toHaveLength(1);
    expect(protocol[0]?.newValue).toContain('Ohne Einwände');
    expect(protocol[0]?.editorId).toBe(acceptor.user.id);
  });

  it('accepts the tenant’s default tech acceptor, recorded by an admin', async () => {
    const { tenant, book, asset } = await archived();
    const outsider = await t.createUser({ role: Role.STANDARD_ROLE });
    await db.update(tenants).set({ defaultTechAcceptor: outsider.id }).where(eq(tenants.id, tenant.id));
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const p = { book: book.id, acceptor: outsider.id, tenant: tenant.id, asset: asset.id };
    const res = await signOff(p, admin.token, tenant.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      techAcceptor: outsider.id,
      acceptedBy: admin.user.abbreviation,
      acceptanceNote: '',
    });
  });

  it('refuses who is not an acceptor, acceptors signing for others, foreign tenants, assets and roles', async () => {
    const { tenant, book, asset } = await archived();
    const acceptor = await memberOf(t, tenant.id, Role.ACCEPTOR_ROLE);
    const colleague = await memberOf(t, tenant.id, Role.ACCEPTOR_LITE_ROLE);
    const standard = await memberOf(t, tenant.id, Role.STANDARD_ROLE);
    const tenantAdmin = await memberOf(t, tenant.id, Role.LIST_ADMIN_ROLE);
    const base = { book: book.id, acceptor: acceptor.user.id, tenant: tenant.id, asset: asset.id };

    const notAcceptor = await signOff({ ...base, acceptor: standard.user.id }, tenantAdmin.token, tenant.id);
    expect(notAcceptor.statusCode).toBe(400);
    expect(notAcceptor.json().code).toBe('NO_TECH_ACCEPTOR');

    const forOther = await signOff(base, colleague.token, tenant.id);
    expect(forOther.statusCode).toBe(403);

    expect((await signOff(base, standard.token, tenant.id)).statusCode).toBe(403);

    const elsewhere = await archived();
    expect((await signOff({ ...base, tenant: elsewhere.tenant.id }, acceptor.token, tenant.id)).statusCode).toBe(404);
    expect((await signOff({ ...base, asset: elsewhere.asset.id }, acceptor.token, tenant.id)).statusCode).toBe(404);
    expect((await signOff({ ...base, book: elsewhere.book.id }, acceptor.token, tenant.id)).statusCode).toBe(404);
    expect((await signOff(base, acceptor.token, tenant.id, 'x'.repeat(1001))).statusCode).toBe(400);

    const [row] = await db.select().from(pdfAssets).where(eq(pdfAssets.id, asset.id));
    expect(row?.acceptedAt).toBeNull();
    // A tenant admin may record the acceptor's sign-off.
    expect((await signOff(base, tenantAdmin.token, tenant.id)).statusCode).toBe(200);
  });
});
