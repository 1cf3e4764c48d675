import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helper';
import { blobs } from '../db/schema/index';
import { localFileStore, purgeUnreferenced } from './files';

const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-files-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const store = localFileStore(dataDir);
const t = await createTestApp();
const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const onDisk = (h: string) => path.join(dataDir, 'files', h.slice(0, 2), h.slice(2, 4), h);
const tmpFiles = () => {
  const dir = path.join(dataDir, 'files', 'tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('localFileStore', () => {
  it('stores bytes under files/ab/cd/<sha256> and reads them back', async () => {
    const content = `Prüfbericht ${randomUUID()}`;
    const stored = await store.put(Readable.from([Buffer.from(content)]));
    expect(stored).toEqual({ sha256: sha(content), size: Buffer.byteLength(content) });
    expect(readFileSync(onDisk(stored.sha256), 'utf8')).toBe(content);
    const stream = await store.get(stored.sha256);
    expect(stream && (await text(stream))).toBe(content);
    expect(await store.exists(stored.sha256)).toBe(true);
    expect(tmpFiles()).toEqual([]);
  });

  it('keeps one file for the same content stored twice', async () => {
    const content = `doppelt ${randomUUID()}`;
    const a = await store.put(Readable.from([Buffer.from(content)]));
    const b = await store.put(Readable.from([Buffer.from(content.slice(0, 4)), Buffer.from(content.slice(4))]));
    expect(b.sha256).toBe(a.sha256);
    expect(readdirSync(path.dirname(onDisk(a.sha256))).filter((f) => f === a.sha256)).toHaveLength(1);
  });

  it('leaves nothing behind when a staged file is discarded or its source fails', async () => {
    const staged = await store.stage(Readable.from([Buffer.from(`verworfen ${randomUUID()}`)]));
    expect(tmpFiles()).toHaveLength(1);
    await staged.discard();
    expect(tmpFiles()).toEqual([]);
    expect(await store.exists(staged.sha256)).toBe(false);

    async function* failing() {
      yield Buffer.from('halb');
      throw new Error('Verbindung abgebrochen');
    }
    await expect(store.stage(failing())).rejects.toThrow('Verbindung abgebrochen');
    expect(tmpFiles()).toEqual([]);
  });

  it('answers null for a missing file, and removes files idempotently', async () => {
    const missing = sha(`nie gespeichert ${randomUUID()}`);
    expect(await store.get(missing)).toBeNull();
    await store.remove(missing);
    const stored = await store.put(Readable.from([Buffer.from(`weg ${randomUUID()}`)]));
    await store.remove(stored.sha256);
    expect(existsSync(onDisk(stored.sha256))).toBe(false);
  });

  it('builds paths only from SHA-256 digests', async () => {
    for (const bad of ['../../etc/passwd', 'ABCDEF', `${'a'.repeat(63)}/`, 'a'.repeat(65)]) {
      await expect(store.get(bad)).rejects.toThrow(/SHA-256/);
      await expect(store.remove(bad)).rejects.toThrow(/SHA-256/);
    }
  });
});

describe('purgeUnreferenced', () => {
  const db = t.database.db;

  it('removes only the files that no blob row references', async () => {
    const tenant = await t.createTenant();
    const kept = await store.put(Readable.from([Buffer.from(`bleibt ${randomUUID()}`)]));
    const orphan = await store.put(Readable.from([Buffer.from(`verwaist ${randomUUID()}`)]));
    await db.insert(blobs).values({
      tenantId: tenant.id,
      sha256: kept.sha256,
      size: kept.size,
      contentType: 'application/pdf',
      fileName: 'a.pdf',
    });
    await purgeUnreferenced(db, store, [kept.sha256, orphan.sha256, orphan.sha256, 'kein-hash']);
    expect(await store.exists(kept.sha256)).toBe(true);
    expect(await store.exists(orphan.sha256)).toBe(false);
    await purgeUnreferenced(db, store, []);
  });
});
