import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helper';
import { hasPdfsig, pdfsig, verifySealInJs } from '../../test/pdf-signature';
import { tempDir } from '../../test/temp-dir';
import { blobs, pdfAssets, tenantCertificates, tenants } from '../db/schema/index';
import { secretBox } from '../platform/crypto';
import { localFileStore } from '../platform/files';
import { seedDemo } from './seed';

const database = await openTestDatabase();
const files = localFileStore(tempDir('seed-sealed-'));
const secrets = secretBox('demo-secret-for-the-seed-test-0123456789abcdef');

async function bytesOf(sha256: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of (await files.get(sha256)) as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('seedDemo: sealed PDFs (decision 056)', () => {
  it('archives the latest report of six installations as sealed PDFs under the demo tenant’s self-made certificate', async () => {
    const db = database.db;
    expect(await seedDemo(db, { files, secrets })).toBe(true);
    const [tenant] = await db.select().from(tenants).where(eq(tenants.url, 'rhein-main'));
    if (!tenant) throw new Error('no demo tenant');
    const [certificate] = await db.select().from(tenantCertificates).where(eq(tenantCertificates.tenantId, tenant.id));
    expect(certificate?.source).toBe('generated');
    const assets = await db
      .select({ sha256: blobs.sha256 })
      .from(pdfAssets)
      .innerJoin(blobs, eq(blobs.id, pdfAssets.blobId))
      .where(and(eq(pdfAssets.tenantId, tenant.id), eq(pdfAssets.kind, 'inspection')));
    expect(assets).toHaveLength(6);
    for (const [i, asset] of assets.entries()) {
      const pdf = await bytesOf(asset.sha256);
      const check = verifySealInJs(pdf);
      expect(check).toMatchObject({ coversWholeFile: true, digestMatches: true, signatureVerifies: true });
      expect(check.certificate.fingerprint256).toBe(certificate?.fingerprint);
      if (i === 0 && hasPdfsig) {
        const result = await pdfsig(pdf);
        expect(result.valid, result.output).toBe(true);
        expect(result.signer).toBe('Türservice Rhein-Main GmbH');
      }
    }
  }, 120_000);
});
