import { constants, createReadStream, type Dirent } from 'node:fs';
import { access, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { blobs, exportJobs, fileRemovals, userQualifications } from '../db/schema/index';
import type { Config } from './config';
import { commitStaged, contentPath, isSha256, writeTempFile } from './files-staging';

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
 * user-supplied name ever reaches a path or a key. The data dir (files-local below) or an
 * S3-compatible bucket (files-s3.ts); `fileStoreOf` picks one from the settings.
 */
export interface FileStore {
  stage(source: Readable | AsyncIterable<Uint8Array>): Promise<StagedFile>;
  put(source: Readable | AsyncIterable<Uint8Array>): Promise<StoredFile>;
  /** The bytes of a file, or null when there is no such file. */
  get(sha256: string): Promise<Readable | null>;
  exists(sha256: string): Promise<boolean>;
  /** Removes the bytes at once; the app itself only removes through removeDueFiles (files-removals.ts). */
  remove(sha256: string): Promise<void>;
  /** Throws unless the store can be reached (the readiness check). */
  ping(): Promise<void>;
  /** Every hash the store holds, in no particular order (backups and consistency checks). */
  list(): AsyncIterable<string>;
}

/** The configured store: the S3-compatible bucket when S3_BUCKET is set, else the data dir. */
export function fileStoreOf(config: Pick<Config, 'dataDir' | 's3'>): FileStore {
  const s3 = config.s3;
  if (!s3) return localFileStore(config.dataDir);
  return storeLoadedOnUse(() =>
    import('./files-s3').then((m) => m.s3FileStore(s3, { tmpDir: path.join(config.dataDir, 'tmp', 'uploads') })),
  );
}

/**
 * A store made with its first call, its module loaded then (decision 077): the S3 SDK took about 190 ms of every
 * server's start, which a server on its data dir never needs. The store itself (its client) is made once.
 */
function storeLoadedOnUse(load: () => Promise<FileStore>): FileStore {
  let loaded: Promise<FileStore> | undefined;
  const store = () => {
    loaded ??= load();
    return loaded;
  };
  return {
    stage: async (source) => (await store()).stage(source),
    put: async (source) => (await store()).put(source),
    get: async (sha256) => (await store()).get(sha256),
    exists: async (sha256) => (await store()).exists(sha256),
    remove: async (sha256) => (await store()).remove(sha256),
    ping: async () => (await store()).ping(),
    async *list() {
      yield* (await store()).list();
    },
  };
}

/** The names in a directory that look like one level of the layout (`ab`), none when it is not there. */
async function levels(dir: string): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return entries.filter((e) => e.isDirectory() && /^[0-9a-f]{2}$/.test(e.name)).map((e) => e.name);
}

/**
 * `${dataDir}/files/ab/cd/<sha256>`, temporary files in `${dataDir}/files/tmp` (same disk, so rename
 * is atomic). Serves one server, or several that mount the same directory (NFS or another shared volume).
 */
export function localFileStore(dataDir: string): FileStore {
  const root = path.join(dataDir, 'files');
  const tmpDir = path.join(root, 'tmp');
  const pathOf = (sha256: string) => path.join(dataDir, contentPath(sha256));

  const stage: FileStore['stage'] = async (source) => {
    const tmp = await writeTempFile(tmpDir, source);
    let committed = false;
    return {
      sha256: tmp.sha256,
      size: tmp.size,
      read: () => createReadStream(tmp.path),
      async commit() {
        const target = pathOf(tmp.sha256);
        await mkdir(path.dirname(target), { recursive: true });
        await rename(tmp.path, target);
        committed = true;
      },
      async discard() {
        if (!committed) await rm(tmp.path, { force: true });
      },
    };
  };

  return {
    stage,
    put: async (source) => commitStaged(await stage(source)),
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
      const file = pathOf(sha256);
      try {
        return (await stat(file)).isFile();
      } catch {
        return false;
      }
    },
    async remove(sha256) {
      await rm(pathOf(sha256), { force: true });
    },
    async ping() {
      await mkdir(root, { recursive: true });
      await access(root, constants.R_OK | constants.W_OK);
    },
    async *list() {
      for (const a of await levels(root)) {
        for (const b of await levels(path.join(root, a))) {
          for (const name of await readdir(path.join(root, a, b))) {
            if (isSha256(name) && name.startsWith(a + b)) yield name;
          }
        }
      }
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
 * Every column that holds a file's hash. A table that comes to keep hashes must be named here, or
 * removeDueFiles would remove files it still needs (a test checks the schema against this list).
 */
export const fileReferenceColumns = [blobs.sha256, userQualifications.certificateSha256, exportJobs.sha256] as const;

/**
 * The columns whose files a backup carries: all but the inspection files built in the background
 * (export_jobs), which are derived from the others and live only until their link expires (decision 058).
 */
export const backedUpFileColumns = fileReferenceColumns.filter((c) => c !== exportJobs.sha256);

/** Where the size of each file a backup carries is kept, beside its hash (a backup names each file's size). */
export const backedUpFileSizes = [
  { sha256: blobs.sha256, size: blobs.size },
  { sha256: userQualifications.certificateSha256, size: userQualifications.certificateSize },
] as const;

/**
 * The hashes that some row references: all of them (a backup's file list), or those among `shas`.
 * Inside a transaction that holds lockFileRefs on `shas`, no new reference to them appears until it
 * commits (uploads take the same lock).
 */
export async function referencedFileShas(
  db: Executor,
  shas?: readonly string[],
  columns: readonly (typeof fileReferenceColumns)[number][] = fileReferenceColumns,
): Promise<Set<string>> {
  const found = new Set<string>();
  if (shas?.length === 0) return found;
  for (const column of columns) {
    const rows = await db
      .selectDistinct({ sha256: column })
      .from(column.table)
      .where(and(isNotNull(column), shas ? inArray(column, [...shas]) : undefined));
    for (const row of rows) if (row.sha256) found.add(row.sha256);
  }
  return found;
}

/** The file hashes of these books' documents: read them before deleting the books (scheduleFileRemovals). */
export async function fileShasOfBooks(db: Executor, bookIds: readonly string[]): Promise<string[]> {
  if (bookIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ sha256: blobs.sha256 })
    .from(blobs)
    .where(inArray(blobs.bookId, [...bookIds]));
  return rows.map((r) => r.sha256);
}

/** The file hashes of these tenants' blobs: read them before deleting the tenants (scheduleFileRemovals). */
export async function fileShasOfTenants(db: Executor, tenantIds: readonly string[]): Promise<string[]> {
  if (tenantIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ sha256: blobs.sha256 })
    .from(blobs)
    .where(inArray(blobs.tenantId, [...tenantIds]));
  return rows.map((r) => r.sha256);
}

/**
 * Runs the write that keeps an uploaded file (commit the staged file and insert its rows in one
 * transaction inside `write`). If the write fails, a file it committed is removed again when nothing
 * references it and no removal of it is pending; either way nothing is left in the staging area.
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
      await removeUnclaimed(db, store, staged.sha256);
    }
    throw err;
  } finally {
    await staged?.discard();
  }
}

/**
 * Bytes that no row references and no pending removal names were never visible to any reader (a
 * backup lists only referenced files), so they go at once. Where a removal is pending, its grace
 * period stands: a backup that read the database before the delete may still fetch the file.
 */
async function removeUnclaimed(db: Db, store: FileStore, sha256: string) {
  await db.transaction(async (tx) => {
    await lockFileRefs(tx, [sha256]);
    if ((await referencedFileShas(tx, [sha256])).size > 0) return;
    const pending = await tx.select().from(fileRemovals).where(eq(fileRemovals.sha256, sha256));
    if (pending.length === 0) await store.remove(sha256);
  });
}
