import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type Database, type Executor, rowsOf } from '../db/client';
import { knownMigrations, readJournal } from '../db/journal';
import { migrationsFolder } from '../platform/paths';

export interface SchemaVersion {
  migrations: number;
  lastHash: string | null;
  /** created_at of the last applied migration (drizzle applies every migration of a later `when`). */
  lastCreatedAt: number | null;
}

/** What drizzle recorded as applied; a database never migrated is version 0. */
export async function schemaVersionOf(db: Executor): Promise<SchemaVersion> {
  const [exists] = await rowsOf<{ ok: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`,
  );
  if (!exists?.ok) return { migrations: 0, lastHash: null, lastCreatedAt: null };
  const [row] = await rowsOf<{ n: number; hash: string | null; at: string | number | null }>(
    db,
    sql`select (select count(*)::int from drizzle.__drizzle_migrations) as n, m.hash, m.created_at as at
        from (select 1) one
        left join lateral (select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1) m on true`,
  );
  return {
    migrations: row?.n ?? 0,
    lastHash: row?.hash ?? null,
    lastCreatedAt: row?.at == null ? null : Number(row.at),
  };
}

/**
 * Why this code cannot take rows of that schema version, or null when it can: a version it knows
 * (one of its migrations), the latest or an older one.
 */
export function unknownVersionReason(version: SchemaVersion): string | null {
  if (version.lastCreatedAt === null) return 'the archive names no applied migration';
  const known = knownMigrations();
  const latest = known.at(-1)?.when ?? 0;
  if (version.lastCreatedAt > latest) {
    return `the archive's schema (${version.migrations} migrations) is newer than this version of Prüfbuch knows (${known.length}); restore it with the version that made it, or a later one`;
  }
  if (!known.some((m) => m.when === version.lastCreatedAt)) {
    return `the archive's last migration (${version.lastCreatedAt}) is not one of this version's migrations`;
  }
  return null;
}

/**
 * Migrates up to and including the migration recorded at `createdAt`, not further: rows of an
 * older archive are loaded into the schema they were written from, and the later migrations then
 * carry them forward as they carried every installation's rows.
 */
export async function migrateUpTo(database: Database, createdAt: number) {
  const known = knownMigrations();
  if (createdAt === known.at(-1)?.when) return database.migrate();
  const journal = readJournal();
  const folder = mkdtempSync(path.join(tmpdir(), 'pruefbuch-migrations-'));
  try {
    mkdirSync(path.join(folder, 'meta'));
    const entries = journal.entries.filter((e) => e.when <= createdAt);
    for (const e of entries)
      copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
    writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
    if (database.kind === 'pglite') await migratePglite(database.db as never, { migrationsFolder: folder });
    else await migrateNodePg(database.db as never, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
