/** The backup archive on a real database: a round trip, refusals, damage found, the daily backup. */
import { createReadStream, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { cloneName, maintenanceUrl } from '../../test/database';
import { appOn, expectServed, freshPlace, repack, restoreFile, writer } from '../../test/fixtures/backup';
import { orderWorld } from '../../test/fixtures/orders';
import { createTestApp } from '../../test/helper';
import { tempDir } from '../../test/temp-dir';
import { type Db, openDatabase, rowsOf } from '../db/client';
import { knownMigrations } from '../db/journal';
import { userQualifications, users } from '../db/schema/index';
import { loadConfig } from '../platform/config';
import { fileStoreOf } from '../platform/files';
import { MANIFEST } from './archive';
import { backupSourceOf, runScheduledBackup, scheduledName, writeBackupFile } from './backup';
import { ArchiveError } from './checks';
import { RestoreRefused, restoreArchive, verifyArchive } from './restore';
import { schemaVersionOf } from './schema-version';

const t = await createTestApp();
const dir = tempDir('pb-backup-');
const source = () => backupSourceOf(t.config, t.database, t.app.deps.files);

/** Each table's rows as PostgreSQL prints them, hashed: two databases with the same fingerprint hold the same rows. */
async function fingerprint(db: Db, tables: string[]) {
  // Timestamps print in the session's time zone: the same one on both sides.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const out: Record<string, string> = {};
    for (const table of tables) {
      const [row] = await rowsOf<{ h: string }>(
        tx,
        sql`select coalesce(md5(string_agg(x, E'\n' order by x)), '') as h
            from (select row_to_json(t)::text as x from ${sql.identifier(table)} t) s`,
      );
      out[table] = row?.h ?? '';
    }
    return out;
  });
}

// One installation's worth of records, written through the API once for the whole file.
const w = await writer(t);
for (let i = 0; i < 3; i++) {
  const book = await w.book(`Schiebetür ${i}`);
  w.written.books.push(book);
  w.written.documents.push(await w.document(book));
  w.written.inspections.push(await w.inspection(book));
}
// Orders carry the list item and counts that triggers keep (migrations 0019, 0023).
const orders = await orderWorld(t);
await orders.create({ objekt: 'Kaufhof Zeil', abnr: 'AB-1' });
await orders.create({ objekt: 'Rathaus Mitte', abnr: 'AB-2' });
// A qualification's certificate: a file kept beside its row, not as a blob (decision 055).
const certificate = Buffer.from('%PDF-1.4 Zertifikat DIN 18650');
const staged = await t.app.deps.files.stage(Readable.from([certificate]));
await staged.commit();
const [someone] = await t.database.db.select({ id: users.id }).from(users).limit(1);
await t.database.db.insert(userQualifications).values({
  userId: someone?.id as string,
  kind: 'automaticDoor',
  validFrom: '2026-01-01',
  certificateSha256: staged.sha256,
  certificateName: 'zertifikat.pdf',
  certificateType: 'application/pdf',
  certificateSize: staged.size,
});
const archive = path.join(dir, 'backup.tar.gz');
const { manifest } = await writeBackupFile(source(), archive);

describe('a backup', () => {
  it('names its schema, app version, row counts and every referenced file with hash and size', async () => {
    expect(manifest.schema.migrations).toBe(knownMigrations().length);
    expect(manifest.schema.lastCreatedAt).toBe(knownMigrations().at(-1)?.when);
    expect(manifest.database).toBe(t.database.kind);
    const blobs = await rowsOf<{ sha256: string; size: number }>(
      t.database.db,
      sql`select distinct sha256, size from blobs order by sha256`,
    );
    expect(manifest.files).toEqual(
      [...blobs, { sha256: staged.sha256, size: certificate.length }]
        .sort((a, b) => a.sha256.localeCompare(b.sha256))
        .map((b) => ({ sha256: b.sha256, size: b.size })),
    );
    const books = manifest.tables.find((x) => x.name === 'books');
    expect(books?.rows).toBeGreaterThanOrEqual(3);
    // Parents before children: a restore without the replica role inserts in this order.
    const names = manifest.tables.map((x) => x.name);
    expect(names.indexOf('tenants')).toBeLessThan(names.indexOf('books'));
    expect(names.indexOf('books')).toBeLessThan(names.indexOf('blobs'));
    expect(manifest.appSecretIncluded).toBe(false);
    expect(await verifyArchive(createReadStream(archive))).toEqual(manifest);
  });
});

describe('a restore into a fresh place', () => {
  it('holds the same rows in every table, and serves every record and document byte for byte', async () => {
    const place = await freshPlace();
    try {
      const result = await restoreFile(archive, place);
      expect(result.files).toBe(manifest.files.length);
      const tables = manifest.tables.map((x) => x.name);
      expect(await fingerprint(place.database.db, tables)).toEqual(await fingerprint(t.database.db, tables));
      expect(await schemaVersionOf(place.database.db)).toEqual(manifest.schema);
      const app = await appOn(place);
      try {
        // The source's access token works: same secret, and its session was restored with everything else.
        await expectServed(app, w.written);
        const list = await app.inject({
          method: 'GET',
          url: '/api/v1/orders',
          headers: { authorization: `Bearer ${orders.office.token}`, 'x-tenant': orders.tenantId },
        });
        expect(list.statusCode).toBe(200);
        expect(
          list
            .json()
            .docs.map((o: { objekt: string }) => o.objekt)
            .sort(),
        ).toEqual(['Kaufhof Zeil', 'Rathaus Mitte']);
      } finally {
        await app.close();
      }

      // The place now holds data: refused, unless forced, which replaces it.
      await expect(restoreFile(archive, place)).rejects.toThrow(RestoreRefused);
      await place.database.db.execute(sql`update books set title = 'geändert'`);
      await restoreFile(archive, place, true);
      expect(await fingerprint(place.database.db, tables)).toEqual(await fingerprint(t.database.db, tables));
    } finally {
      await place.dispose();
    }
  });

  it('finds a damaged file in the archive and leaves the database empty', async () => {
    const sha = manifest.files[0]?.sha256 as string;
    const damaged = path.join(dir, 'damaged.tar.gz');
    await repack(archive, damaged, (name, body) => {
      if (name !== `files/${sha}`) return body;
      const copy = Buffer.from(body);
      copy.writeUInt8(copy.readUInt8(copy.length - 3) ^ 0xff, copy.length - 3);
      return copy;
    });
    await expect(verifyArchive(createReadStream(damaged))).rejects.toThrow(/damaged/);
    const place = await freshPlace();
    try {
      const refused = restoreFile(damaged, place);
      await expect(refused).rejects.toThrow(ArchiveError);
      await expect(refused).rejects.toThrow(sha);
      const [users] = await rowsOf<{ n: number }>(place.database.db, sql`select count(*)::int as n from users`);
      expect(users?.n).toBe(0);
    } finally {
      await place.dispose();
    }
  });

  it('refuses a truncated archive and one of a schema newer than the code', async () => {
    const bytes = readFileSync(archive);
    const truncated = path.join(dir, 'truncated.tar.gz');
    // Cut in the rows, in the files and just before the end.
    for (const share of [0.3, 0.6, 0.95, 0.999]) {
      writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * share)));
      await expect(verifyArchive(createReadStream(truncated)), `cut at ${share}`).rejects.toThrow();
    }

    const newer = path.join(dir, 'newer.tar.gz');
    await repack(archive, newer, (name, body) => {
      if (name !== MANIFEST) return body;
      const m = JSON.parse(body.toString('utf8'));
      m.schema = { migrations: m.schema.migrations + 1, lastHash: 'x', lastCreatedAt: m.schema.lastCreatedAt + 1 };
      return Buffer.from(JSON.stringify(m));
    });
    const place = await freshPlace();
    try {
      await expect(restoreFile(newer, place)).rejects.toThrow(/newer than this version/);
      await expect(restoreFile(truncated, place)).rejects.toThrow();
    } finally {
      await place.dispose();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a restore on PostgreSQL without superuser rights', () => {
  it("switches the tables' own triggers off as their owner and inserts parents first", async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const role = `pb_owner_${process.pid}`;
    const name = cloneName(url, `owner_${process.pid}`);
    const admin = new pg.Client({ connectionString: maintenanceUrl(url) });
    await admin.connect();
    try {
      await admin.query(`create role ${role} login nosuperuser`);
      await admin.query(`create database "${name}" owner ${role}`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      target.username = role;
      const database = await openDatabase({ url: target.toString(), dataDir: null });
      const filesDir = tempDir('pb-backup-');
      try {
        // The way a superuser restores is closed to this role.
        await expect(database.db.execute(sql`set session_replication_role = replica`)).rejects.toThrow();
        await restoreArchive(createReadStream(archive), {
          database,
          files: fileStoreOf({ dataDir: filesDir, s3: undefined }),
        });
        const tables = manifest.tables.map((x) => x.name);
        expect(await fingerprint(database.db, tables)).toEqual(await fingerprint(t.database.db, tables));
        // Every trigger of the restored tables is on again (the foreign keys' own among them).
        const off = await rowsOf<{ name: string }>(
          database.db,
          sql`select t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
            join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and t.tgenabled <> 'O'`,
        );
        expect(off).toEqual([]);
      } finally {
        await database.close();
      }
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.query(`drop role if exists ${role}`);
      await admin.end();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('an archive between PostgreSQL and PGlite', () => {
  it('of PostgreSQL restores into the embedded database with the same rows', async () => {
    const embedded = await openDatabase({ dataDir: null });
    const filesDir = tempDir('pb-backup-');
    try {
      await restoreArchive(createReadStream(archive), {
        database: embedded,
        files: fileStoreOf({ dataDir: filesDir, s3: undefined }),
      });
      const tables = manifest.tables.map((x) => x.name);
      expect(await fingerprint(embedded.db, tables)).toEqual(await fingerprint(t.database.db, tables));
    } finally {
      await embedded.close();
    }
  });
});

describe('the file store during a backup', () => {
  it('stops the backup when a stored file no longer matches its hash, and leaves no archive', async () => {
    const own = await writer(t);
    const book = await own.book('Drehtür');
    const doc = await own.document(book);
    const sha = (await rowsOf<{ sha256: string }>(t.database.db, sql`select sha256 from blobs where id = ${doc.id}`))[0]
      ?.sha256 as string;
    const stored = path.join(t.config.dataDir, 'files', sha.slice(0, 2), sha.slice(2, 4), sha);
    const original = readFileSync(stored);
    const out = path.join(dir, 'never.tar.gz');
    try {
      writeFileSync(stored, Buffer.alloc(original.length, 0x41));
      await expect(writeBackupFile(source(), out)).rejects.toThrow(/damaged/);
      expect(existsSync(out)).toBe(false);
      expect(existsSync(`${out}.partial`)).toBe(false);
    } finally {
      writeFileSync(stored, original);
    }
  });
});

describe('the daily backup', () => {
  it('writes pruefbuch-YYYY-MM-DD-HHmm.tar.gz into BACKUP_DIR and keeps the BACKUP_KEEP newest', async () => {
    const backupDir = path.join(dir, 'daily');
    const config = loadConfig({
      DATA_DIR: t.config.dataDir,
      NODE_ENV: 'test',
      APP_SECRET: t.config.appSecret,
      BACKUP_DIR: backupDir,
      BACKUP_KEEP: '2',
    });
    const deps = { config, database: t.database, files: t.app.deps.files };
    const days = ['2025-03-01T02:30:00Z', '2025-03-02T02:30:00Z', '2025-03-03T02:31:00Z'].map((d) => new Date(d));
    for (const day of days) await runScheduledBackup(deps, day);
    expect(scheduledName(days[2] as Date)).toBe('pruefbuch-2025-03-03-0231.tar.gz');
    expect(readdirSync(backupDir).sort()).toEqual([
      'pruefbuch-2025-03-02-0230.tar.gz',
      'pruefbuch-2025-03-03-0231.tar.gz',
    ]);
    const latest = await verifyArchive(createReadStream(path.join(backupDir, 'pruefbuch-2025-03-03-0231.tar.gz')));
    expect(latest.files.length).toBeGreaterThanOrEqual(manifest.files.length);
    // Without BACKUP_DIR there is no daily backup.
    expect(await runScheduledBackup({ ...deps, config: { ...config, backupDir: undefined } }, new Date())).toBeNull();
  });
});
