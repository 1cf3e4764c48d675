import { Role } from '@pruefbuch/domain/roles';
import type { TenantCertificate } from '@pruefbuch/domain/schemas/tenant-certificate';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { member } from '../../../test/fixtures/books';
import { EC_P12, RSA_P12 } from '../../../test/fixtures/certificates';
import { multipart } from '../../../test/fixtures/documents';
import { finalized, inspectionWorld, type World } from '../../../test/fixtures/inspections';
import { createTestApp } from '../../../test/helper';
import { hasPdfsig, pdfsig, verifySealInJs } from '../../../test/pdf-signature';
import { auditLogs, tenantCertificates } from '../../db/schema/index';
import type { TenantContext } from '../../platform/context';
import { secretBox } from '../../platform/crypto';
import { resealWithCurrentSecret } from '../../platform/reseal';
import { sealKeyOf } from './tenants.certificate';

const t = await createTestApp();
const db = t.database.db;

async function world() {
  const w = await inspectionWorld(t);
  const admin = await member(t, Role.LIST_ADMIN_ROLE, [w.tenantId]);
  return { ...w, admin };
}

/** The sealed PDF a finalize stored for the record, downloaded as a user downloads it. */
async function storedPdf(w: World, recordId: string) {
  const list = await t.api({
    method: 'GET',
    url: `/pdfassets/book?book=${w.book._id}`,
    token: w.user.token,
    tenant: w.tenantId,
  });
  const asset = (list.json() as { inspection: string | null; blob: string }[]).find((a) => a.inspection === recordId);
  if (!asset) throw new Error('no archived PDF');
  const res = await t.api({
    method: 'GET',
    url: `/inspections/inspectionPdf/${asset.blob}`,
    token: w.user.token,
    tenant: w.tenantId,
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

const getCertificate = (w: Awaited<ReturnType<typeof world>>, token = w.admin.token, id = w.tenantId) =>
  t.api({ method: 'GET', url: `/tenants/${id}/certificate`, token, tenant: w.tenantId });

const upload = (
  w: Awaited<ReturnType<typeof world>>,
  file: { bytes: Buffer; password: string },
  opts: { token?: string; id?: string; name?: string } = {},
) =>
  t.api({
    method: 'POST',
    url: `/tenants/${opts.id ?? w.tenantId}/certificate`,
    token: opts.token ?? w.admin.token,
    tenant: w.tenantId,
    ...multipart({ password: file.password }, { name: opts.name ?? 'firma.p12', content: file.bytes }),
  });

async function expectSealedBy(pdf: Buffer, fingerprint: string, signer: string) {
  const check = verifySealInJs(pdf);
  expect(check).toMatchObject({ coversWholeFile: true, digestMatches: true, signatureVerifies: true });
  expect(check.certificate.fingerprint256).toBe(fingerprint);
  if (hasPdfsig) {
    const result = await pdfsig(pdf);
    expect(result.valid, result.output).toBe(true);
    expect(result.wholeDocument).toBe(true);
    expect(result.signer).toBe(signer);
  }
}

describe('sealed PDFs of finalized records (decision 056)', () => {
  it('a finalized expert report downloads as its archived, sealed PDF (gutachtenPdf), byte for byte', async () => {
    const w = await world();
    const report = await finalized(t, w, { kind: 'gutachten' });
    const stored = await storedPdf(w, report._id);
    const res = await t.api({
      method: 'GET',
      url: `/books/${w.book._id}/gutachtenPdf/${report._id}`,
      token: w.user.token,
      tenant: w.tenantId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(res.rawPayload, stored)).toBe(0);
    expect(verifySealInJs(res.rawPayload)).toMatchObject({ coversWholeFile: true, digestMatches: true });
  });

  it('a tenant has no certificate until its first finalize, which makes one; every later PDF is sealed under it', async () => {
    const w = await world();
    expect((await getCertificate(w)).json()).toEqual({ certificate: null });

    const first = await finalized(t, w);
    const made = (await getCertificate(w)).json().certificate as TenantCertificate;
    expect(made).toMatchObject({
      source: 'generated',
      subject: `CN=${w.tenant.name}, O=${w.tenant.name}`,
      issuer: `CN=${w.tenant.name}, O=${w.tenant.name}`,
      selfSigned: true,
      chainLength: 0,
    });
    expect(new Date(made.validTo).getUTCFullYear() - new Date(made.validFrom).getUTCFullYear()).toBe(10);
    await expectSealedBy(await storedPdf(w, first._id), made.fingerprint, w.tenant.name);

    const second = await finalized(t, w);
    await expectSealedBy(await storedPdf(w, second._id), made.fingerprint, w.tenant.name);
    expect((await getCertificate(w)).json().certificate.fingerprint).toBe(made.fingerprint);
  });

  it('keeps the private key sealed with the app secret, and seals it anew after a rotation', async () => {
    const w = await world();
    await finalized(t, w);
    const [row] = await db.select().from(tenantCertificates).where(eq(tenantCertificates.tenantId, w.tenantId));
    expect(row?.privateKey).not.toContain('PRIVATE KEY');
    expect(t.app.deps.secrets.open(row?.privateKey ?? '')).toContain('-----BEGIN PRIVATE KEY-----');

    // A rotation: the key sealed under the old secret is sealed anew under the new one.
    const OLD = t.config.appSecret;
    const NEW = 'ein-neues-app-secret-fuer-die-rotation-0123456789';
    const resealed = await resealWithCurrentSecret(db, secretBox(NEW, OLD));
    expect(resealed.certificates).toBeGreaterThanOrEqual(1);
    const [after] = await db.select().from(tenantCertificates).where(eq(tenantCertificates.tenantId, w.tenantId));
    expect(secretBox(NEW).open(after?.privateKey ?? '')).toBe(t.app.deps.secrets.open(row?.privateKey ?? ''));
    // Back, so the other tests' app keeps opening what it sealed.
    await resealWithCurrentSecret(db, secretBox(OLD, NEW));
  });

  it('two first seals of a tenant at once store one certificate, and both seal under it', async () => {
    const w = await world();
    const ctx = {
      db,
      user: { id: w.user.id, abbreviation: w.user.abbreviation },
      tenantId: w.tenantId,
      deps: t.app.deps,
    } as unknown as TenantContext;
    const [a, b] = await Promise.all([
      db.transaction((tx) => sealKeyOf(ctx, tx)),
      db.transaction((tx) => sealKeyOf(ctx, tx)),
    ]);
    expect(a.key.certificate.equals(b.key.certificate)).toBe(true);
    const rows = await db.select().from(tenantCertificates).where(eq(tenantCertificates.tenantId, w.tenantId));
    expect(rows).toHaveLength(1);
  });
});

describe('POST tenants/{id}/certificate: the company’s PKCS#12 file', () => {
  it('seals every later PDF under the uploaded key; the password is kept nowhere', async () => {
    const w = await world();
    const first = await finalized(t, w);
    const res = await upload(w, RSA_P12);
    expect(res.statusCode).toBe(200);
    const uploaded = res.json().certificate as TenantCertificate;
    expect(uploaded).toMatchObject({
      source: 'uploaded',
      subject: 'CN=Türservice Müller GmbH, O=Türservice Müller GmbH, C=DE',
      issuer: 'CN=Beispiel Test-CA, O=Beispiel CA, C=DE',
      selfSigned: false,
      chainLength: 1,
    });
    expect((await getCertificate(w)).json().certificate).toEqual(uploaded);

    const second = await finalized(t, w);
    await expectSealedBy(await storedPdf(w, second._id), uploaded.fingerprint, 'Türservice Müller GmbH');
    // The record sealed before keeps its seal.
    await expectSealedBy(
      await storedPdf(w, first._id),
      verifySealInJs(await storedPdf(w, first._id)).certificate.fingerprint256,
      w.tenant.name,
    );

    // The protocol names the change of certificate, not the password.
    const logs = await db.select().from(auditLogs).where(eq(auditLogs.entityId, w.tenantId));
    expect(logs.some((l) => l.field === 'sealCertificate' && l.newValue?.includes(uploaded.fingerprint))).toBe(true);
    const holding = (await db.execute(
      sql`select count(*)::int as n from (select row_to_json(t)::text as r from tenant_certificates t union all select row_to_json(a)::text from audit_logs a) x where r like ${`%${RSA_P12.password}%`}`,
    )) as unknown as { rows: { n: number }[] };
    expect(holding.rows[0]?.n).toBe(0);
  });

  it('takes an EC key too', async () => {
    const w = await world();
    const res = await upload(w, EC_P12, { name: 'siegel.pfx' });
    expect(res.statusCode).toBe(200);
    const second = await finalized(t, w);
    await expectSealedBy(await storedPdf(w, second._id), res.json().certificate.fingerprint, 'Türservice Müller GmbH');
  });

  it.each([
    ['a wrong password', { bytes: RSA_P12.bytes, password: 'falsch' }, 'password', 'validation.pkcs12.password'],
    [
      'a file that is not PKCS#12',
      { bytes: Buffer.from('%PDF-1.7\n'), password: 'x' },
      'file',
      'validation.pkcs12.file',
    ],
  ])('refuses %s with a 400 at its field and keeps the certificate', async (_, file, field, key) => {
    const w = await world();
    await finalized(t, w);
    const before = (await getCertificate(w)).json();
    const res = await upload(w, file);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ field, key })]);
    expect(res.body).not.toContain('falsch');
    expect((await getCertificate(w)).json()).toEqual(before);
  });

  it('refuses an upload without a file', async () => {
    const w = await world();
    const res = await t.api({
      method: 'POST',
      url: `/tenants/${w.tenantId}/certificate`,
      token: w.admin.token,
      tenant: w.tenantId,
      ...multipart({ password: 'x' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ field: 'file', key: 'validation.required' })]);
  });

  it('is for admins and tenant admins of the tenant: 403 for a standard user, 404 for another tenant', async () => {
    const w = await world();
    const other = await world();
    expect((await getCertificate(w, w.user.token)).statusCode).toBe(403);
    expect((await upload(w, RSA_P12, { token: w.user.token })).statusCode).toBe(403);
    expect((await getCertificate(w, w.admin.token, other.tenantId)).statusCode).toBe(404);
    expect((await upload(w, RSA_P12, { id: other.tenantId })).statusCode).toBe(404);
    expect((await getCertificate(other)).json()).toEqual({ certificate: null });
  });
});
