import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { type Database, type Executor, rowsOf, type Tx } from '../db/client';
import { LOCATIONS_CHANGED } from '../modules/customerlocations/customerlocations.kept';
import type { FileStore } from '../platform/files';
import { AUTH_CHANGED } from '../platform/session-cache';
import {
  type ArchiveEntry,
  archiveEntries,
  entryText,
  isSha256,
  MANIFEST,
  type Manifest,
  manifestSchema,
  SECRET_ENTRY,
} from './archive';
import { ArchiveError, Tally, verifyingFile } from './checks';
import { migrateUpTo, schemaVersionOf, unknownVersionReason } from './schema-version';
import { insertRows, resetSequences, rowCount, type TableInfo, tableRef, tablesInOrder } from './tables';

/** A restore that would lose data or cannot work on this target; nothing was changed. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

export interface RestoreTarget {
  database: Database;
  files: FileStore;
}

export interface RestoreResult {
  manifest: Manifest;
  /** The embedded database's generated secret, when the archive carries it (the caller keeps it in the data dir). */
  appSecret: string | null;
  tables: { name: string; rows: number }[];
  files: number;
  fileBytes: number;
}

/** The archive's entries after the manifest, which comes first and is checked before anything else. */
async function openArchive(input: Readable) {
  const entries = archiveEntries(input);
  const first = await entries.next();
  if (first.done || first.value.name !== MANIFEST) {
    await entries.return(undefined);
    throw new ArchiveError('This is not a Prüfbuch backup: its first entry is not manifest.json.');
  }
  let json: unknown;
  try {
    json = JSON.parse(await entryText(first.value.stream));
  } catch (err) {
    await entries.return(undefined);
    throw new ArchiveError(`The backup's manifest is not JSON: ${(err as Error).message}`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    await entries.return(undefined);
    throw new ArchiveError(`The backup's manifest is not one this version reads: ${parsed.error.message}`);
  }
  return { manifest: parsed.data, entries };
}

const tableOf = (name: string) => {
  const [, table] = name.split('/');
  if (!table) throw new ArchiveError(`unexpected entry ${name}`);
  return table;
};
const shaOf = (name: string) => {
  const sha = name.slice('files/'.length);
  if (!isSha256(sha)) throw new ArchiveError(`unexpected entry ${name}`);
  return sha;
};
const linesOf = (text: string) => text.split('\n').filter((line) => line.length > 0);

/**
 * Reads an archive through without writing anything: every file's hash and size, every table's
 * row count against the manifest. For `npm run restore -- FILE --check` and the server's archive.
 */
export async function verifyArchive(input: Readable): Promise<Manifest> {
  const { manifest, entries } = await openArchive(input);
  const tally = new Tally(manifest);
  try {
    for await (const entry of entries) {
      if (entry.name === SECRET_ENTRY) continue;
      if (entry.name.startsWith('database/'))
        tally.addRows(tableOf(entry.name), linesOf(await entryText(entry.stream)).length);
      else if (entry.name.startsWith('files/')) {
        const sha = shaOf(entry.name);
        await pipeline(entry.stream, verifyingFile(sha, tally.fileSize(sha), 'in the archive'), async (bytes) => {
          for await (const _ of bytes);
        });
        tally.addFile(sha);
      } else throw new ArchiveError(`unexpected entry ${entry.name}`);
    }
  } finally {
    await entries.return(undefined);
  }
  tally.finish();
  return manifest;
}

/** Whether the target holds an installation (anyone's account or tenant), not just what the migrations write. */
async function heldData(db: Executor): Promise<string | null> {
  const [row] = await rowsOf<{ users: number; tenants: number }>(
    db,
    sql`select (select count(*)::int from users) as users, (select count(*)::int from tenants) as tenants`,
  );
  if (!row || (row.users === 0 && row.tenants === 0)) return null;
  return `${row.users} users, ${row.tenants} tenants`;
}

/** Refuses a target with data (unless forced) or with a newer schema; then migrates it to the archive's schema. */
async function prepareTarget(database: Database, manifest: Manifest, force: boolean) {
  const reason = unknownVersionReason(manifest.schema);
  if (reason) throw new RestoreRefused(`Not restored: ${reason}.`);
  const current = await schemaVersionOf(database.db);
  if (current.migrations > 0) {
    const held = await heldData(database.db);
    if (held && !force) {
      throw new RestoreRefused(
        `Not restored: the target already holds data (${held}). Restore into an empty database or data directory, ` +
          'or pass --force to replace everything in it.',
      );
    }
    if ((current.lastCreatedAt ?? 0) > (manifest.schema.lastCreatedAt ?? 0)) {
      throw new RestoreRefused(
        `Not restored: the target's schema (${current.migrations} migrations) is newer than the archive's ` +
          `(${manifest.schema.migrations}). Restore into an empty database or data directory.`,
      );
    }
  }
  await migrateUpTo(database, manifest.schema.lastCreatedAt as number);
}

/**
 * Switches off the triggers for the load: the rows are copied as they were (the order list items
 * and counts the triggers keep are in the archive already, consistent with their orders). As a
 * superuser (PGlite always) the session replica role also skips the foreign-key checks; a table
 * owner without it disables the tables' own triggers and inserts parents first (the archive's order).
 */
async function triggersOff(tx: Tx, tables: string[]) {
  try {
    await tx.transaction(async (sp) => {
      await sp.execute(sql`set local session_replication_role = replica`);
    });
    return async () => {};
  } catch {
    for (const t of tables) await tx.execute(sql`alter table ${tableRef(t)} disable trigger user`);
    return async () => {
      for (const t of tables) await tx.execute(sql`alter table ${tableRef(t)} enable trigger user`);
    };
  }
}

/**
 * Restores an archive into a database and file store: refuses a target that holds data unless
 * `force` (which empties it), refuses an archive of a schema this code does not know, migrates,
 * then loads every table and every file (each checked against its hash) in one transaction, so a
 * damaged or short archive leaves the database as it was. Files already put into the store by
 * then stay there (content-addressed: nothing references them, a new attempt reuses them).
 */
export async function restoreArchive(
  input: Readable,
  target: RestoreTarget,
  opts: { force?: boolean } = {},
): Promise<RestoreResult> {
  const { manifest, entries } = await openArchive(input);
  try {
    await prepareTarget(target.database, manifest, opts.force === true);
    const known = new Map((await tablesInOrder(target.database.db)).map((t) => [t.name, t]));
    const missing = manifest.tables.filter((t) => !known.has(t.name)).map((t) => t.name);
    if (missing.length) throw new ArchiveError(`The archive has tables this schema lacks: ${missing.join(', ')}`);
    const tally = new Tally(manifest);
    let appSecret: string | null = null;
    let fileBytes = 0;

    const load = async (tx: Executor, entry: ArchiveEntry) => {
      if (entry.name === SECRET_ENTRY) {
        appSecret = (await entryText(entry.stream)).trim();
      } else if (entry.name.startsWith('database/')) {
        const table = tableOf(entry.name);
        const lines = linesOf(await entryText(entry.stream));
        tally.addRows(table, lines.length);
        await insertRows(tx, known.get(table) as TableInfo, lines);
      } else if (entry.name.startsWith('files/')) {
        const sha = shaOf(entry.name);
        const size = tally.fileSize(sha);
        const staged = await target.files.stage(entry.stream);
        if (staged.sha256 !== sha || staged.size !== size) {
          await staged.discard();
          throw new ArchiveError(
            `file ${sha} in the archive is damaged: its ${staged.size} bytes hash to ${staged.sha256}`,
          );
        }
        await staged.commit();
        tally.addFile(sha);
        fileBytes += size;
      } else throw new ArchiveError(`unexpected entry ${entry.name}`);
    };

    await target.database.db.transaction(async (tx) => {
      const all = [...known.keys()];
      const triggersOn = await triggersOff(tx, all);
      await tx.execute(sql`truncate ${sql.join(all.map(tableRef), sql`, `)} restart identity cascade`);
      for await (const entry of entries) await load(tx, entry);
      tally.finish();
      for (const t of manifest.tables) {
        const n = await rowCount(tx, t.name);
        if (n !== t.rows)
          throw new ArchiveError(`table ${t.name} holds ${n} rows after the load, the archive ${t.rows}`);
      }
      await resetSequences(tx);
      await triggersOn();
      // With the triggers off the load notified nothing: servers still running forget their session
      // checks (decision 047) and their branch lists (decision 075) when the restore commits.
      for (const channel of [AUTH_CHANGED, LOCATIONS_CHANGED]) await tx.execute(sql`select pg_notify(${channel}, '')`);
    });
    // Migrations newer than the archive carry its rows forward; none when it is of this version.
    await target.database.migrate();
    await target.database.db.execute(sql`analyze`);
    return {
      manifest,
      appSecret,
      tables: manifest.tables.map((t) => ({ name: t.name, rows: t.rows })),
      files: manifest.files.length,
      fileBytes,
    };
  } finally {
    await entries.return(undefined);
  }
}
