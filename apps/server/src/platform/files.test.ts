import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestS3 } from '../../test/s3';
import { type FileStore, fileStoreOf, localFileStore } from './files';
import { s3Client, s3FileStore } from './files-s3';

const s3 = await startTestS3();
const client = s3Client(s3.config);
const scratch = mkdtempSync(path.join(tmpdir(), 'pb-files-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const newDir = () => mkdtempSync(path.join(scratch, 'store-'));
const list = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const keyOf = (h: string) => `files/${h.slice(0, 2)}/${h.slice(2, 4)}/${h}`;
const from = (...parts: string[]) => Readable.from(parts.map((p) => Buffer.from(p)));
async function all(items: AsyncIterable<string>) {
  const out: string[] = [];
  for await (const item of items) out.push(item);
  return out;
}

interface Subject {
  store: FileStore;
  /** The bytes at the content address, read past the store (null when there are none). */
  raw(sha256: string): Promise<Buffer | null>;
  /** Files left in the staging area. */
  staging(): string[];
  /** Puts something at a place the store must not take for a file. */
  stray(): Promise<void>;
}

function local(): Subject {
  const dir = newDir();
  return {
    store: localFileStore(dir),
    raw: async (h) => {
      const file = path.join(dir, keyOf(h));
      return existsSync(file) ? readFileSync(file) : null;
    },
    staging: () => list(path.join(dir, 'files', 'tmp')),
    async stray() {
      const deep = path.join(dir, 'files', 'ab', 'cd');
      mkdirSync(deep, { recursive: true });
      writeFileSync(path.join(deep, 'notes.txt'), 'x');
      writeFileSync(path.join(deep, 'a'.repeat(64)), 'wrong place for this hash');
    },
  };
}

function objectStore(): Subject {
  const tmpDir = newDir();
  return {
    store: s3FileStore(s3.config, { tmpDir }),
    raw: async (h) => {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: s3.config.bucket, Key: keyOf(h) }));
        return res.Body ? buffer(res.Body as Readable) : null;
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    staging: () => list(tmpDir),
    async stray() {
      for (const Key of ['backups/x.tar', `files/ab/cd/${'a'.repeat(64)}`, 'files/ab/cd/notes.txt']) {
        await client.send(new PutObjectCommand({ Bucket: s3.config.bucket, Key, Body: 'x' }));
      }
    },
  };
}

// The same contract over both stores: what the app relies on must hold for each.
describe.each([
  { name: 'the local store', make: local },
  { name: 'the S3 store', make: objectStore },
])('$name', ({ make }) => {
  const s = make();
  const { store } = s;

  it('stores bytes under files/ab/cd/<sha256> and reads them back', async () => {
    const content = `Prüfbericht ${randomUUID()}`;
    const stored = await store.put(from(content.slice(0, 5), content.slice(5)));
    expect(stored).toEqual({ sha256: sha(content), size: Buffer.byteLength(content) });
    expect((await s.raw(stored.sha256))?.toString('utf8')).toBe(content);
    const stream = await store.get(stored.sha256);
    expect(stream && (await text(stream))).toBe(content);
    expect(await store.exists(stored.sha256)).toBe(true);
    expect(s.staging()).toEqual([]);
  });

  it('streams a file of several megabytes through in pieces', async () => {
    const pieces = Array.from({ length: 48 }, () => randomBytes(64 * 1024));
    const whole = Buffer.concat(pieces);
    const stored = await store.put(Readable.from(pieces));
    expect(stored).toEqual({ sha256: sha(whole), size: whole.length });
    const stream = await store.get(stored.sha256);
    expect(stream && sha(await buffer(stream))).toBe(sha(whole));
  });

  it('keeps one file for the same content stored twice', async () => {
    const content = `doppelt ${randomUUID()}`;
    const a = await store.put(from(content));
    const b = await store.put(from(content.slice(0, 4), content.slice(4)));
    expect(b.sha256).toBe(a.sha256);
    expect((await all(store.list())).filter((h) => h === a.sha256)).toHaveLength(1);
  });

  it('stages: the bytes are readable and hashed before commit, at their address only after it', async () => {
    const content = `gestaged ${randomUUID()}`;
    const staged = await store.stage(from(content));
    expect(staged).toMatchObject({ sha256: sha(content), size: Buffer.byteLength(content) });
    expect(await text(staged.read())).toBe(content);
    expect(await store.exists(staged.sha256)).toBe(false);
    expect(s.staging()).toHaveLength(1);
    await staged.commit();
    await staged.discard();
    expect(await store.exists(staged.sha256)).toBe(true);
    expect((await s.raw(staged.sha256))?.toString('utf8')).toBe(content);
    expect(s.staging()).toEqual([]);
  });

  it('leaves nothing behind when a staged file is discarded or its source fails', async () => {
    const staged = await store.stage(from(`verworfen ${randomUUID()}`));
    await staged.discard();
    expect(s.staging()).toEqual([]);
    expect(await store.exists(staged.sha256)).toBe(false);

    async function* failing() {
      yield Buffer.from('halb');
      throw new Error('Verbindung abgebrochen');
    }
    await expect(store.stage(failing())).rejects.toThrow('Verbindung abgebrochen');
    expect(s.staging()).toEqual([]);
  });

  it('answers null for a missing file, and removes files idempotently', async () => {
    const missing = sha(`nie gespeichert ${randomUUID()}`);
    expect(await store.get(missing)).toBeNull();
    expect(await store.exists(missing)).toBe(false);
    await store.remove(missing);
    const stored = await store.put(from(`weg ${randomUUID()}`));
    await store.remove(stored.sha256);
    expect(await s.raw(stored.sha256)).toBeNull();
    expect(await store.get(stored.sha256)).toBeNull();
    expect(await store.exists(stored.sha256)).toBe(false);
    await store.remove(stored.sha256);
  });

  it('takes only SHA-256 digests as names', async () => {
    const hostile = ['../../etc/passwd', 'ABCDEF', `${'a'.repeat(63)}/`, 'a'.repeat(65), `../${'a'.repeat(62)}`, ''];
    for (const bad of hostile) {
      await expect(store.get(bad)).rejects.toThrow(/SHA-256/);
      await expect(store.exists(bad)).rejects.toThrow(/SHA-256/);
      await expect(store.remove(bad)).rejects.toThrow(/SHA-256/);
    }
  });

  it('lists every stored hash and nothing else', async () => {
    const a = await store.put(from(`eins ${randomUUID()}`));
    const b = await store.put(from(`zwei ${randomUUID()}`));
    const staged = await store.stage(from(`nur gestaged ${randomUUID()}`));
    await s.stray();
    const listed = await all(store.list());
    expect(listed).toEqual(expect.arrayContaining([a.sha256, b.sha256]));
    expect(listed).not.toContain(staged.sha256);
    expect(listed).not.toContain('a'.repeat(64));
    expect(listed.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
    expect(new Set(listed).size).toBe(listed.length);
    await staged.discard();
    await store.remove(a.sha256);
    expect(await all(store.list())).not.toContain(a.sha256);
  });

  it('answers a ping', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });
});

describe('ping', () => {
  it('fails for a data dir whose files directory cannot be made', async () => {
    const dir = newDir();
    writeFileSync(path.join(dir, 'files'), 'a file where the directory belongs');
    await expect(localFileStore(dir).ping()).rejects.toThrow();
  });

  it('fails for a bucket that does not exist and for an endpoint nobody answers', async () => {
    const tmpDir = newDir();
    await expect(s3FileStore({ ...s3.config, bucket: 'gibt-es-nicht' }, { tmpDir }).ping()).rejects.toThrow();
    const closed = { ...s3.config, endpoint: 'http://127.0.0.1:9' };
    await expect(s3FileStore(closed, { tmpDir }).ping()).rejects.toThrow();
  });
});

describe('fileStoreOf', () => {
  it('takes the bucket when S3 is configured, else the data dir', async () => {
    const dataDir = newDir();
    const content = `wohin ${randomUUID()}`;
    const inBucket = await fileStoreOf({ dataDir, s3: s3.config }).put(from(content));
    expect(existsSync(path.join(dataDir, keyOf(inBucket.sha256)))).toBe(false);
    expect(await s3FileStore(s3.config, { tmpDir: newDir() }).exists(inBucket.sha256)).toBe(true);
    // The upload was staged under the data dir, not in memory, and nothing stayed there.
    expect(existsSync(path.join(dataDir, 'tmp', 'uploads'))).toBe(true);
    expect(list(path.join(dataDir, 'tmp', 'uploads'))).toEqual([]);

    const onDisk = await fileStoreOf({ dataDir, s3: undefined }).put(from(`${content} lokal`));
    expect(existsSync(path.join(dataDir, keyOf(onDisk.sha256)))).toBe(true);
  });
});
