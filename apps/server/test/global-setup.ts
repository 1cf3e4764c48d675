import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { cloneName, maintenanceUrl } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory (a tarball file) every test database starts from. */
    pgliteTemplate: string;
    /** A PGlite data directory just after initdb (a tarball file): a database without the migrations. */
    pgliteEmpty: string;
    /** The two as directories, for a test database on disk: copied, not unpacked by PGlite file by file. */
    pgliteTemplateDir: string;
    pgliteEmptyDir: string;
  }
}

const serverDir = path.resolve(import.meta.dirname, '..');
const migrationsDir = path.join(serverDir, 'src/db/migrations');
const cacheDir = path.resolve(serverDir, '../../node_modules/.cache/pruefbuch-test');

/**
 * Migrates once per run. On PostgreSQL (TEST_DATABASE_URL) that database becomes the template every
 * test database is cloned from; on PGlite the migrated data directory is dumped to a file each
 * test database is loaded from, so no test file runs initdb or the migrations itself.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const { empty, migrated, emptyDir, migratedDir } = await preparedTemplates();
    project.provide('pgliteEmpty', empty);
    project.provide('pgliteTemplate', migrated);
    project.provide('pgliteEmptyDir', emptyDir);
    project.provide('pgliteTemplateDir', migratedDir);
    return;
  }
  const database = await openDatabase({ url, dataDir: null });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return () => dropClones(url);
}

/**
 * The PGlite templates, as tarballs and unpacked: made when missing (about 12 s of CPU here), else found. CI makes them
 * ahead of `npm test`, beside the type check (test/prepare-templates.ts).
 */
export async function preparedTemplates() {
  const { empty, migrated } = await pgliteTemplates();
  return { empty, migrated, emptyDir: await unpacked(empty), migratedDir: await unpacked(migrated) };
}

/**
 * PGlite data directories as tarballs, kept between runs under node_modules/.cache: one just after initdb, for
 * the tests of migrations, restores and upgrades (test/fixtures/backup.ts emptyPlace; initdb takes about 4 s of
 * CPU here, each migration run a fraction of that), and one migrated, which every other test database starts
 * from. Their names are hashes of everything they are made from (the PGlite version, and the migrations), so any
 * change makes new ones.
 */
async function pgliteTemplates() {
  const version = `pglite ${pgliteVersion()}\n`;
  const key = createHash('sha256').update(version);
  for (const file of migrationFiles(migrationsDir)) {
    key.update(`${path.relative(migrationsDir, file)}\n`).update(readFileSync(file));
  }
  const empty = path.join(
    cacheDir,
    `pglite-empty-${createHash('sha256').update(version).digest('hex').slice(0, 16)}.tar`,
  );
  const migrated = path.join(cacheDir, `pglite-template-${key.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(empty) && existsSync(migrated)) return { empty, migrated };

  const database = await openDatabase({
    dataDir: null,
    loadDataDir: existsSync(empty) ? new Blob([readFileSync(empty)]) : undefined,
  });
  try {
    const dumpDataDir = database.dumpDataDir;
    if (!dumpDataDir) throw new Error('PGlite cannot dump its data directory');
    const dump = async () => new Uint8Array(await (await dumpDataDir()).arrayBuffer());
    mkdirSync(cacheDir, { recursive: true });
    if (!existsSync(empty)) keep(empty, await dump(), /^pglite-empty-\w+\.(tar|dir)$/);
    await database.migrate();
    keep(migrated, await dump(), /^pglite-template-\w+\.(tar|dir)$/);
    return { empty, migrated };
  } finally {
    await database.close();
  }
}

/**
 * A template tarball unpacked into a directory beside it, once. A test that wants a database on disk (a data dir
 * for a server process, a restore's target) copies the directory: PGlite unpacking the tarball into a directory
 * writes its 1,300 files one by one through its file system layer, about 1 s of CPU each time, a copy 0.1 s.
 */
async function unpacked(tarball: string): Promise<string> {
  const dir = tarball.replace(/\.tar$/, '.dir');
  if (existsSync(dir)) return dir;
  const aside = `${dir}.${process.pid}`;
  rmSync(aside, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: aside, loadDataDir: new Blob([readFileSync(tarball)]) });
  await database.close();
  try {
    // openDatabase keeps PGlite's files under <dataDir>/pglite.
    renameSync(path.join(aside, 'pglite'), dir);
  } catch (error) {
    // Another run put the same directory in place first; anything else is a failure.
    if (!existsSync(dir)) throw error;
  } finally {
    rmSync(aside, { recursive: true, force: true });
  }
  return dir;
}

/** Writes a template aside and renames it into place (a run started meanwhile never reads half a file); older ones go. */
function keep(file: string, bytes: Uint8Array, kind: RegExp) {
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
  for (const old of readdirSync(cacheDir)) {
    const stale = old !== path.basename(file) && old !== path.basename(file).replace(/\.tar$/, '.dir');
    if (kind.test(old) && stale) rmSync(path.join(cacheDir, old), { recursive: true, force: true });
  }
}

/** The installed PGlite's version (its package.json is not among its exports). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

function migrationFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? migrationFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** Drops the test databases cloned from the template that a file left behind (e.g. an app made inside a test). */
async function dropClones(url: string) {
  const admin = new pg.Client({ connectionString: maintenanceUrl(url) });
  await admin.connect();
  try {
    const prefix = cloneName(url, '');
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await admin.end();
  }
}
