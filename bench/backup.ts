/**
 * Backup and restore: the time of each and the archive's size, for the demo data (seedDemo) and,
 * with BENCH_BOOKS and BENCH_FILE_MB, a larger installation on top of it (e.g. BENCH_BOOKS=10000
 * BENCH_FILE_MB=1024: 10,000 books with one document each, 1 GB of incompressible files). On the
 * embedded database and, when reachable, on PostgreSQL (PG_URL). Restore times include the
 * migrations of the empty target. `node --import tsx bench/backup.ts`
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase, rowsOf } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/demo/seed';
import { backupSourceOf, writeBackupFile } from '../apps/server/src/ops/backup';
import { restoreArchive } from '../apps/server/src/ops/restore';
import { loadConfig } from '../apps/server/src/platform/config';
import { type FileStore, localFileStore } from '../apps/server/src/platform/files';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'bench/.out/backup');
const BOOKS = Number(process.env.BENCH_BOOKS ?? 0);
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 0);
const SECRET = 'bench-secret-that-is-long-enough-0123456789';

export interface BackupResult {
  database: string;
  data: string;
  rows: number;
  files: number;
  fileMb: number;
  backupSeconds: number;
  archiveMb: number;
  restoreSeconds: number;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const secondsSince = (start: number) => Math.round((performance.now() - start) / 100) / 10;

/** BOOKS books in a tenant of their own, each with one document; FILE_MB of random bytes over them. */
async function addLargeInstallation(db: Database['db'], files: FileStore) {
  if (!BOOKS) return;
  const [tenant] = await rowsOf<{ id: string }>(
    db,
    sql`insert into tenants (name, url) values ('Bench-Mandant Sicherung', 'bench-backup') returning id`,
  );
  const books = await rowsOf<{ id: string }>(
    db,
    sql`insert into books (tenant_id, title)
        select ${tenant?.id}, 'Tür ' || g from generate_series(1, ${BOOKS}) g returning id`,
  );
  const bytesEach = Math.floor((FILE_MB * 1024 * 1024) / BOOKS);
  if (!bytesEach) return;
  for (let i = 0; i < books.length; i += 500) {
    const batch = books.slice(i, i + 500);
    const rows = [];
    for (const book of batch) {
      const stored = await files.put(
        Readable.from([Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(bytesEach)])]),
      );
      rows.push(sql`(${tenant?.id}, ${book.id}, ${stored.sha256}, ${stored.size}, 'application/pdf', 'bericht.pdf')`);
    }
    await db.execute(
      sql`insert into blobs (tenant_id, book_id, sha256, size, content_type, file_name) values ${sql.join(rows, sql`, `)}`,
    );
  }
}

interface Kind {
  label: string;
  /** A new, empty database (the source, then the restore's target), and how to drop it. */
  fresh: (name: string) => Promise<{ database: Database; drop: () => Promise<void> }>;
}

const pglite: Kind = {
  label: 'PGlite',
  fresh: async (name) => {
    const dir = path.join(out, `${name}-db`);
    rmSync(dir, { recursive: true, force: true });
    const database = await openDatabase({ dataDir: dir });
    return { database, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  },
};

function postgres(server: string): Kind {
  return {
    label: 'PostgreSQL',
    fresh: async (name) => {
      const db = `pruefbuch_bench_backup_${name}`;
      const admin = new pg.Client({ connectionString: `${server}/postgres` });
      await admin.connect();
      await admin.query(`drop database if exists ${db} with (force)`);
      await admin.query(`create database ${db}`);
      await admin.end();
      const database = await openDatabase({ url: `${server}/${db}`, dataDir: null });
      return {
        database,
        drop: async () => {
          const again = new pg.Client({ connectionString: `${server}/postgres` });
          await again.connect();
          await again.query(`drop database if exists ${db} with (force)`);
          await again.end();
        },
      };
    },
  };
}

async function benchOne(kind: Kind): Promise<BackupResult> {
  const sourceFiles = path.join(out, 'source-files');
  const targetFiles = path.join(out, 'target-files');
  for (const dir of [sourceFiles, targetFiles]) rmSync(dir, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const source = await kind.fresh('source');
  const target = await kind.fresh('target');
  try {
    await source.database.migrate();
    const store = localFileStore(sourceFiles);
    await seedDemo(source.database.db, { files: store });
    await addLargeInstallation(source.database.db, store);
    await source.database.db.execute(sql`checkpoint`);

    const config = loadConfig({ DATA_DIR: sourceFiles, APP_SECRET: SECRET, NODE_ENV: 'test' });
    const archive = path.join(out, 'bench.tar.gz');
    let started = performance.now();
    const { manifest, bytes } = await writeBackupFile(backupSourceOf(config, source.database, store), archive);
    const backupSeconds = secondsSince(started);

    started = performance.now();
    await restoreArchive(createReadStream(archive), {
      database: target.database,
      files: localFileStore(targetFiles),
    });
    const restoreSeconds = secondsSince(started);
    return {
      database: kind.label,
      data: BOOKS ? `demo + ${BOOKS} books, ${FILE_MB} MB of files` : 'demo',
      rows: manifest.tables.reduce((sum, t) => sum + t.rows, 0),
      files: manifest.files.length,
      fileMb: mb(manifest.files.reduce((sum, f) => sum + f.size, 0)),
      backupSeconds,
      archiveMb: mb(bytes),
      restoreSeconds,
    };
  } finally {
    await source.database.close();
    await target.database.close();
    await source.drop();
    await target.drop();
    rmSync(out, { recursive: true, force: true });
  }
}

export async function benchBackup(): Promise<BackupResult[]> {
  const results = [await benchOne(pglite)];
  const server = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
  try {
    results.push(await benchOne(postgres(server)));
  } catch (e) {
    console.log(`PostgreSQL skipped: ${(e as Error).message}`);
  }
  console.log('\nBackup and restore (restore into an empty database, migrations included)');
  console.table(results);
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchBackup();
