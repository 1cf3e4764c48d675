import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileOnDisk, samples, sha256Of, twoTenants, uploader } from '../../test/fixtures/documents';
import { createTestApp } from '../../test/helper';
import { startTestS3 } from '../../test/s3';
import { tempDir } from '../../test/temp-dir';
import { fileRemovals } from '../db/schema/index';
import { removeDueFiles } from './files-removals';
import { s3FileStore } from './files-s3';

// The app as an operator runs it with object storage: every file through the API lands in the bucket.
const s3 = await startTestS3();
const t = await createTestApp(s3.env);
const upload = uploader(t);
const db = t.database.db;
// The bucket seen past the app, as another server on the same bucket sees it.
const bucket = s3FileStore(s3.config, { tmpDir: tempDir('pb-s3-view-') });
const graceHours = t.config.fileRemovalGraceHours;
const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000);
const runRemovals = (at: Date) => removeDueFiles(db, t.app.deps.files, at);

async function document(tenant: string, token: string, content: Buffer, name = 'prüfbericht.pdf') {
  const res = await upload({ url: '/blobs', token, tenant, file: { name, content } });
  expect(res.statusCode).toBe(201);
  return res.json()._id as string;
}
const download = (tenant: string, token: string, id: string) =>
  t.api({ method: 'GET', url: `/blobs/${id}/document`, token, tenant });
const remove = async (tenant: string, token: string, id: string) =>
  expect((await t.api({ method: 'DELETE', url: `/blobs/${id}`, token, tenant })).statusCode).toBe(204);

describe('documents on S3-compatible storage', () => {
  it('uploads into the bucket, downloads from it, and removes a deleted file only after the grace period', async () => {
    const { a, tokenA } = await twoTenants(t);
    const content = samples.pdf();
    const hash = sha256Of(content);
    const id = await document(a.id, tokenA, content);
    expect(await bucket.exists(hash)).toBe(true);
    expect(existsSync(fileOnDisk(t, hash))).toBe(false);
    const got = await download(a.id, tokenA, id);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(content)).toBe(true);

    await remove(a.id, tokenA, id);
    expect((await download(a.id, tokenA, id)).statusCode).toBe(404);
    // A backup that read the database before the delete still finds the bytes.
    expect(await bucket.exists(hash)).toBe(true);
    const [mark] = await db.select().from(fileRemovals).where(eq(fileRemovals.sha256, hash));
    expect(mark?.dueAt.getTime()).toBeGreaterThan(hoursFromNow(graceHours - 0.1).getTime());

    await runRemovals(new Date());
    await runRemovals(hoursFromNow(graceHours - 1));
    expect(await bucket.exists(hash)).toBe(true);
    await runRemovals(hoursFromNow(graceHours + 1));
    expect(await bucket.exists(hash)).toBe(false);
    expect(await db.select().from(fileRemovals).where(eq(fileRemovals.sha256, hash))).toEqual([]);
  });

  it('keeps the bytes while a second document holds them, and removes them after the last one goes', async () => {
    const { a, b, tokenA, tokenB } = await twoTenants(t);
    const content = samples.pdf();
    const hash = sha256Of(content);
    const first = await document(a.id, tokenA, content, 'eins.pdf');
    const second = await document(b.id, tokenB, content, 'zwei.pdf');

    await remove(a.id, tokenA, first);
    await runRemovals(hoursFromNow(graceHours + 1));
    expect(await bucket.exists(hash)).toBe(true);
    const still = await download(b.id, tokenB, second);
    expect(still.statusCode).toBe(200);
    expect(still.rawPayload.equals(content)).toBe(true);

    await remove(b.id, tokenB, second);
    await runRemovals(hoursFromNow(graceHours + 1));
    expect(await bucket.exists(hash)).toBe(false);
  });

  it('keeps the bytes of a deleted document that is uploaded again during the grace period', async () => {
    const { a, tokenA } = await twoTenants(t);
    const content = samples.pdf();
    const hash = sha256Of(content);
    const first = await document(a.id, tokenA, content, 'alt.pdf');
    await remove(a.id, tokenA, first);
    const again = await document(a.id, tokenA, content, 'neu.pdf');
    await runRemovals(hoursFromNow(graceHours + 1));
    expect(await bucket.exists(hash)).toBe(true);
    const got = await download(a.id, tokenA, again);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(content)).toBe(true);
  });
});
