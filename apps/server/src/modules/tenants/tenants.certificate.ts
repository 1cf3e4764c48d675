import { PKCS12_REFUSALS, sealAction } from '@pruefbuch/domain/rules/seal-certificate';
import type { TenantCertificate, TenantCertificateReply } from '@pruefbuch/domain/schemas/tenant-certificate';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { tenantCertificates, tenants } from '../../db/schema/index';
import { recordChanges } from '../../platform/audit';
import {
  certificateDer,
  certificatePem,
  describeCertificate,
  makeSelfSignedCertificate,
  Pkcs12Error,
  privateKeyFromPem,
  privateKeyPem,
  readPkcs12,
  type SealKey,
} from '../../platform/certificates';
import type { RequestContext, TenantContext } from '../../platform/context';
import type { SecretBox } from '../../platform/crypto';
import { badField, notFound } from '../../platform/errors';
import { assertTenantAccess } from '../../platform/tenancy';

type CertificateRow = typeof tenantCertificates.$inferSelect;
type Editor = { user: Pick<RequestContext['user'], 'id' | 'abbreviation'> };

/** What the protocol keeps of a certificate change: whose certificate it is and which. */
const protocolValue = (row: Pick<CertificateRow, 'certificate' | 'fingerprint'> | null) =>
  row ? { sealCertificate: `${describeCertificate(row.certificate).subject} (SHA-256 ${row.fingerprint})` } : {};

function toDto(row: CertificateRow): TenantCertificate {
  const facts = describeCertificate(row.certificate);
  return {
    source: row.source,
    subject: facts.subject,
    issuer: facts.issuer,
    validFrom: facts.validFrom.toISOString(),
    validTo: facts.validTo.toISOString(),
    fingerprint: facts.fingerprint,
    serialNumber: facts.serialNumber,
    selfSigned: facts.selfSigned,
    chainLength: row.chain.length,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The columns of a certificate row; the private key is sealed with the app secret before it is stored. */
function columnsOf(
  box: SecretBox,
  source: CertificateRow['source'],
  key: { privateKeyPem: string; certificate: Buffer; chain: Buffer[] },
  createdBy: string | null,
) {
  const facts = describeCertificate(key.certificate);
  const now = new Date();
  return {
    source,
    certificate: certificatePem(key.certificate),
    chain: key.chain.map(certificatePem),
    privateKey: box.seal(key.privateKeyPem),
    fingerprint: facts.fingerprint,
    validFrom: facts.validFrom,
    validTo: facts.validTo,
    createdBy,
    createdAt: now,
    updatedAt: now,
  };
}

async function findCertificate(db: Executor, tenantId: string) {
  const [row] = await db.select().from(tenantCertificates).where(eq(tenantCertificates.tenantId, tenantId)).limit(1);
  return row ?? null;
}

const keyOf = (box: SecretBox, row: CertificateRow): SealKey => ({
  privateKey: privateKeyFromPem(box.open(row.privateKey)),
  certificate: certificateDer(row.certificate),
  chain: row.chain.map(certificateDer),
});

/**
 * The key a tenant's PDFs are sealed with, inside the caller's transaction (the finalize's): the stored
 * certificate, or a self-made one on first use and when the stored one has run out (rules/seal-certificate.ts
 * SEAL_RULES). Two processes sealing for a tenant's first time both make a key, but the primary key lets one
 * row in: the insert of the second waits for the first transaction and then finds its row, which it uses.
 */
export async function sealKeyOf(
  ctx: TenantContext,
  tx: Executor,
): Promise<{ key: SealKey; name: string; location: string }> {
  const [tenant] = await tx
    .select({ name: tenants.name, address: tenants.address })
    .from(tenants)
    .where(eq(tenants.id, ctx.tenantId))
    .limit(1);
  if (!tenant) throw notFound();
  const name = tenant.name;
  const location = tenant.address?.location ?? '';
  const box = ctx.deps.secrets;
  const stored = await findCertificate(tx, ctx.tenantId);
  if (stored && sealAction(stored) === 'use') return { key: keyOf(box, stored), name, location };

  const made = await makeSelfSignedCertificate(name);
  const values = columnsOf(box, 'generated', { ...made, chain: [] }, ctx.user.id);
  const [row] = stored
    ? // Replaces the unusable certificate, unless another process replaced it first.
      await tx
        .update(tenantCertificates)
        .set(values)
        .where(
          and(eq(tenantCertificates.tenantId, ctx.tenantId), eq(tenantCertificates.fingerprint, stored.fingerprint)),
        )
        .returning()
    : await tx
        .insert(tenantCertificates)
        .values({ tenantId: ctx.tenantId, ...values })
        .onConflictDoNothing({ target: tenantCertificates.tenantId })
        .returning();
  if (!row) {
    // Another process stored one in the meantime: that is the tenant's certificate.
    const theirs = await findCertificate(tx, ctx.tenantId);
    if (!theirs) throw new Error('tenant certificate vanished while it was made');
    return { key: keyOf(box, theirs), name, location };
  }
  await recordChanges(tx, ctx, audit(ctx.tenantId), protocolValue(stored), protocolValue(row));
  return { key: keyOf(box, row), name, location };
}

const audit = (tenantId: string) => ({
  entity: 'tenant' as const,
  entityId: tenantId,
  tenantId,
  action: 'update' as const,
});

/** GET tenants/{id}/certificate: the certificate the tenant seals under, null before its first seal. */
export async function getCertificate(ctx: RequestContext, tenantId: string): Promise<TenantCertificateReply> {
  await assertTenantAccess(ctx.db, ctx.user, tenantId);
  const row = await findCertificate(ctx.db, tenantId);
  return { certificate: row ? toDto(row) : null };
}

/**
 * POST tenants/{id}/certificate (multipart: file, password): the tenant seals under the key and certificate of
 * the uploaded PKCS#12 file from now on. The password opens the file here and is not kept (the key is stored
 * sealed like a generated one); a wrong password or a file that is not PKCS#12 is a 400 at its field
 * (rules/seal-certificate.ts PKCS12_REFUSALS). Admins any tenant, tenant admins their own (another is a 404).
 */
export async function uploadCertificate(
  ctx: RequestContext & Editor,
  tenantId: string,
  upload: { bytes: Buffer; password: string },
): Promise<TenantCertificateReply> {
  await assertTenantAccess(ctx.db, ctx.user, tenantId);
  let key: SealKey;
  try {
    key = readPkcs12(upload.bytes, upload.password);
  } catch (err) {
    if (!(err instanceof Pkcs12Error)) throw err;
    const refusal = PKCS12_REFUSALS[err.problem];
    throw badField(refusal.field, refusal.key);
  }
  const values = columnsOf(
    ctx.deps.secrets,
    'uploaded',
    { privateKeyPem: privateKeyPem(key.privateKey), certificate: key.certificate, chain: key.chain },
    ctx.user.id,
  );
  return ctx.db.transaction(async (tx) => {
    // A first seal of the tenant running at the same time inserts its row; this upsert waits for it and wins.
    const before = await findCertificate(tx, tenantId);
    const [row] = await tx
      .insert(tenantCertificates)
      .values({ tenantId, ...values })
      .onConflictDoUpdate({ target: tenantCertificates.tenantId, set: values })
      .returning();
    if (!row) throw new Error('tenant certificate not stored');
    await recordChanges(tx, ctx, audit(tenantId), protocolValue(before), protocolValue(row));
    return { certificate: toDto(row) };
  });
}
