import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { APP_VERSION } from '@pruefbuch/domain/constants';
import { getTableName, isNotNull, sql } from 'drizzle-orm';
import { type Database, type Executor, rowsOf } from '../db/client';
import type { Config } from '../platform/config';
import { keyedHash } from '../platform/crypto';
import { backedUpFileColumns, backedUpFileSizes, type FileStore, referencedFileShas } from '../platform/files';
import { ArchiveWriter, fileEntry, MANIFEST, type Manifest, SECRET_ENTRY, tableEntry } from './archive';
import { ArchiveError, verifyingFile } from './checks';
import { schemaVersionOf } from './schema-version';
import { rowCount, tableRows, tablesInOrder } from './tables';

export interface BackupSource {
  database: Database;
  files: FileStore;
  /** The secret in use: the manifest carries a keyed check of it, never the secret itself. */
  appSecret: string;
  /**
   * The secret an embedded database generated into its data dir, carried in the archive: nobody
   * else keeps it. APP_SECRET, when given, is the operator's to keep with the backups.
   */
  embeddedSecret?: string;
}

export interface BackupOptions {
  /** Called just before the statement that fixes the snapshot: every write acknowledged before it is in the archive. */
  onSnapshot?: () => void;
  /** Rows per archive entry (one cursor fetch each). */
  batchRows?: number;
}

/** The secret check a restore compares its own secret with. */
export const secretCheckOf = (secret: string, createdAt: string) => keyedHash(secret, 'backup-secret-check', createdAt);

/** What a backup of this configuration reads: the database, the file store and the secret in use. */
export function backupSourceOf(config: Config, database: Database, files: FileStore): BackupSource {
  const secretFile = path.join(config.dataDir, '.app-secret');
  const generated =
    !config.databaseUrl && existsSync(secretFile) && readFileSync(secretFile, 'utf8').trim() === config.appSecret;
  return { database, files, appSecret: config.appSecret, embeddedSecret: generated ? config.appSecret : undefined };
}

/**
 * Every stored file the snapshot's rows reference, with its size (the archive names each file's size
 * before its bytes), from the size kept beside each hash (backedUpFileSizes). Only the tables the
 * snapshot's schema has are read: an older schema (a database not yet migrated) lacks the newer ones.
 */
async function referencedFiles(tx: Executor) {
  const present = new Set(
    (
      await rowsOf<{ name: string }>(
        tx,
        sql`select tablename as name from pg_tables where schemaname = current_schema()`,
      )
    ).map((r) => r.name),
  );
  const has = (table: Parameters<typeof getTableName>[0]) => present.has(getTableName(table));
  const shas = await referencedFileShas(
    tx,
    undefined,
    backedUpFileColumns.filter((c) => has(c.table)),
  );
  const sizes = new Map<string, number>();
  for (const { sha256, size } of backedUpFileSizes) {
    if (!has(sha256.table)) continue;
    const rows = await tx
      .select({ sha256, size: sql<number>`max(${size})::int`.mapWith(Number) })
      .from(sha256.table)
      .where(isNotNull(sha256))
      .groupBy(sha256);
    for (const r of rows) if (r.sha256 && !sizes.has(r.sha256)) sizes.set(r.sha256, r.size);
  }
  return [...shas].sort().map((sha256) => {
    const size = sizes.get(sha256);
    if (size === undefined) throw new ArchiveError(`file ${sha256} is referenced but no blob gives its size`);
    return { sha256, size };
  });
}

/**
 * Writes the archive (archive.ts) to `output`. The database is read in one repeatable-read
 * transaction, so rows and the list of their files are one consistent snapshot however the server
 * writes meanwhile; the files follow after it ended (a deleted file stays in the store for the
 * grace period, so every file the snapshot references is still there). Each file is checked
 * against its hash on the way. Rejects, with the output destroyed, on any failure.
 */
export async function writeBackup(source: BackupSource, output: Writable, opts: BackupOptions = {}): Promise<Manifest> {
  const writer = new ArchiveWriter(output);
  const createdAt = new Date().toISOString();
  try {
    const manifest = await source.database.db.transaction(
      async (tx) => {
        await tx.execute(sql`set local statement_timeout = 0`);
        opts.onSnapshot?.();
        const schema = await schemaVersionOf(tx);
        const tables = await tablesInOrder(tx);
        const counted = [];
        for (const t of tables) counted.push({ name: t.name, rows: await rowCount(tx, t.name) });
        const manifest: Manifest = {
          format: 'pruefbuch-backup',
          formatVersion: 1,
          createdAt,
          appVersion: APP_VERSION,
          database: source.database.kind,
          schema,
          tables: counted,
          files: await referencedFiles(tx),
          appSecretIncluded: source.embeddedSecret !== undefined,
          secretCheck: secretCheckOf(source.appSecret, createdAt),
        };
        await writer.add(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
        if (source.embeddedSecret) await writer.add(SECRET_ENTRY, Buffer.from(`${source.embeddedSecret}\n`));
        for (const t of tables) {
          let batch = 0;
          for await (const lines of tableRows(tx, t.name, opts.batchRows ?? 1000)) {
            await writer.add(tableEntry(t.name, ++batch), Buffer.from(`${lines.join('\n')}\n`));
          }
        }
        return manifest;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    await writer.storeOnly();
    for (const file of manifest.files) {
      const bytes = await source.files.get(file.sha256);
      if (!bytes) throw new ArchiveError(`file ${file.sha256} is referenced by the database but not in the file store`);
      await writer.addStream(
        fileEntry(file.sha256),
        file.size,
        bytes,
        verifyingFile(file.sha256, file.size, 'in the file store'),
      );
    }
    await writer.finish();
    return manifest;
  } catch (err) {
    writer.abort(err as Error);
    await writer.closed();
    throw err;
  }
}

/** Writes the archive to `file` (beside it first, then renamed: a file of that name is always whole). */
export async function writeBackupFile(source: BackupSource, file: string, opts: BackupOptions = {}) {
  const partial = `${file}.partial`;
  await mkdir(path.dirname(file), { recursive: true });
  try {
    const manifest = await writeBackup(source, createWriteStream(partial, { mode: 0o600 }), opts);
    await rename(partial, file);
    return { manifest, bytes: (await stat(file)).size };
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

/** Writes an archive that arrives as a stream (from the server) to `file`, beside it first. */
export async function saveStream(source: AsyncIterable<Uint8Array> | NodeJS.ReadableStream, file: string) {
  const partial = `${file}.partial`;
  await mkdir(path.dirname(file), { recursive: true });
  try {
    await pipeline(source, createWriteStream(partial, { mode: 0o600 }));
    return partial;
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

const SCHEDULED = /^pruefbuch-\d{4}-\d{2}-\d{2}-\d{4}\.tar\.gz$/;

/** pruefbuch-YYYY-MM-DD-HHmm.tar.gz in UTC: names sort by time, and no hour repeats at the end of summer time. */
export function scheduledName(now: Date) {
  const stamp = now.toISOString().slice(0, 16).replace('T', '-').replace(':', '');
  return `pruefbuch-${stamp}.tar.gz`;
}

export interface ScheduledBackupDeps {
  config: Config;
  database: Database;
  files: FileStore;
}

/**
 * The daily backup: an archive in BACKUP_DIR, then only the BACKUP_KEEP newest of them are kept.
 * Returns the file written, or null when BACKUP_DIR is not set.
 */
export async function runScheduledBackup(deps: ScheduledBackupDeps, now: Date) {
  const dir = deps.config.backupDir;
  if (!dir) return null;
  const file = path.join(dir, scheduledName(now));
  const { manifest, bytes } = await writeBackupFile(backupSourceOf(deps.config, deps.database, deps.files), file);
  const kept = (await readdir(dir)).filter((n) => SCHEDULED.test(n)).sort();
  const removed = kept.slice(0, Math.max(0, kept.length - deps.config.backupKeep));
  for (const name of removed) await rm(path.join(dir, name), { force: true });
  return { file, bytes, files: manifest.files.length, removed };
}
