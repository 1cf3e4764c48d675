import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { blobs } from '../db/schema/index';

export interface StoredFile {
  sha256: string;
  size: number;
}

/** Bytes written to a temporary place, hashed, not yet at their content address. */
export interface StagedFile extends StoredFile {
  /** The staged bytes (an upload is checked, and an image normalised, before it is committed). */
  read(): Readable;
  /** Moves the bytes to their content address; the same content committed twice is one file. */
  commit(): Promise<void>;
  /** Drops the temporary copy; a no-op after commit. */
  discard(): Promise<void>;
}

/**
 * Content-addressed file storage: a file's only name is the SHA-256 of its bytes, so no
 * user-supplied name ever reaches a path. A local-disk store now; an S3-compatible one can
 * implement the same interface.
 */
export interface FileStore {
  stage(source: Readable | AsyncIterable<Uint8Array>): Promise<StagedFile>;
  put(source: Readable | AsyncIterable<Uint8Array>): Promise<StoredFile>;
  /** The bytes of a file, or null when there is no such file. */
  get(sha256: string): Promise<Readable | null>;
  exists(sha256: string): Promise<boolean>;
  remove(sha256: string): Promise<void>;
}

const SHA256 = /^[0-9a-f]{64}$/;

/** `${dataDir}/files/ab/cd/<sha256>`, temporary files in `${dataDir}/files/tmp` (same disk, so rename is atomic). */
export function localFileStore(dataDir: string): FileStore {
  const root = path.join(dataDir, 'files');
  const tmpDir = path.join(root, 'tmp');

  const pathOf = (sha256: string) => {
    if (!SHA256.test(sha256)) throw new Error('not a SHA-256 hex digest');
    return path.join(root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  };

  const stage: FileStore['stage'] = async (source) => {
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, randomUUID());
    const hash = createHash('sha256');
    let size = 0;
    // The file is created before the copy starts: a write stream opens its file asynchronously,
    // so a source failing at once could otherwise remove the path before the stream creates it.
    const file = await open(tmp, 'wx', 0o600);
    try {
      await pipeline(
        source,
        async function* (chunks: AsyncIterable<Uint8Array>) {
          for await (const chunk of chunks) {
            hash.update(chunk);
            size += chunk.length;
            yield chunk;
          }
        },
        file.createWriteStream(),
      );
    } catch (err) {
      await file.close().catch(() => {});
      await rm(tmp, { force: true });
      throw err;
    }
    const sha256 = hash.digest('hex');
    let committed = false;
    return {
      sha256,
      size,
      read: () => createReadStream(tmp),
      async commit() {
        const target = pathOf(sha256);
        await mkdir(path.dirname(target), { recursive: true });
        await rename(tmp, target);
        committed = true;
      },
      async discard() {
        if (!committed) await rm(tmp, { force: true });
      },
    };
  };

  return {
    stage,
    async put(source) {
      const staged = await stage(source);
      try {
        await staged.commit();
      } finally {
        await staged.discard();
      }
      return { sha256: staged.sha256, size: staged.size };
    },
    async get(sha256) {
      const file = pathOf(sha256);
      try {
        await stat(file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      return createReadStream(file);
    },
    async exists(sha256) {
      try {
        return (await stat(pathOf(sha256))).isFile();
      } catch {
        return false;
      }
    },
    async remove(sha256) {
      await rm(pathOf(sha256), { force: true });
    },
  };
}

/** Advisory-lock namespace of file references (any constant that no other lock uses). */
const FILE_LOCK_NAMESPACE = 7_346_001;

/**
 * Serialises, per content hash, "commit a file and insert its row" against "find no row and
 * remove the file", so a delete can never remove bytes that an upload of the same content is
 * about to reference. Call inside the transaction that inserts or checks the rows.
 */
export async function lockFileRefs(tx: Executor, shas: readonly string[]) {
  for (const sha of [...new Set(shas)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(${FILE_LOCK_NAMESPACE}, hashtext(${sha}))`);
  }
}

/**
 * Removes the files of these hashes that no blob row references any more. Call it after the
 * transaction that deleted the rows has committed (a removed file cannot be rolled back), with
 * the database, not a transaction: after deleting a document, a book or a tenant.
 */
export async function purgeUnreferenced(db: Db, store: FileStore, shas: readonly string[]) {
  const unique = [...new Set(shas)].filter((s) => SHA256.test(s));
  if (unique.length === 0) return;
  await db.transaction(async (tx) => {
    await lockFileRefs(tx, unique);
    const rows = await tx.selectDistinct({ sha256: blobs.sha256 }).from(blobs).where(inArray(blobs.sha256, unique));
    const referenced = new Set(rows.map((r) => r.sha256));
    for (const sha of unique) if (!referenced.has(sha)) await store.remove(sha);
  });
}

/** The file hashes of these books' documents: read them before deleting the books, purge after. */
export async function fileShasOfBooks(db: Executor, bookIds: readonly string[]): Promise<string[]> {
  if (bookIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ sha256: blobs.sha256 })
    .from(blobs)
    .where(inArray(blobs.bookId, [...bookIds]));
  return rows.map((r) => r.sha256);
}

/** The file hashes of these tenants' blobs: read them before deleting the tenants, purge after. */
export async function fileShasOfTenants(db: Executor, tenantIds: readonly string[]): Promise<string[]> {
  if (tenantIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ sha256: blobs.sha256 })
    .from(blobs)
    .where(inArray(blobs.tenantId, [...tenantIds]));
  return rows.map((r) => r.sha256);
}

/** Deleting a book removes its blob rows (foreign key cascade); this removes the files no other blob shares. */
export const purgeBookFiles = purgeUnreferenced;

/**
 * Runs the write that keeps an uploaded file (commit the staged file and insert its rows in one
 * transaction inside `write`). If the write fails, a file it committed that no row references is
 * removed again; either way nothing is left in the staging area.
 */
export async function keepingUpload<T>(
  db: Db,
  store: FileStore,
  staged: StagedFile | undefined,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (staged) {
      await staged.discard();
      await purgeUnreferenced(db, store, [staged.sha256]);
    }
    throw err;
  } finally {
    await staged?.discard();
  }
}
