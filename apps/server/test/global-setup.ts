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
    project.provide('pgliteTemplate', await pgliteTemplate());
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
 * The migrated PGlite data directory as a tarball, kept between runs under node_modules/.cache:
 * initdb and the migrations take seconds, during which no test could run. Its name is a hash of
 * everything it is made from (the migrations and the PGlite version), so any change makes a new one.
 */
async function pgliteTemplate() {
  const key = createHash('sha256').update(`pglite ${pgliteVersion()}\n`);
  for (const file of migrationFiles(migrationsDir)) {
    key.update(`${path.relative(migrationsDir, file)}\n`).update(readFileSync(file));
  }
  const file = path.join(cacheDir, `pglite-template-${key.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(file)) return file;

  const database = await openDatabase({ dataDir: null });
  try {
    await database.migrate();
    if (!database.dumpDataDir) throw new Error('PGlite cannot dump its data directory');
    const bytes = new Uint8Array(await (await database.dumpDataDir()).arrayBuffer());
    mkdirSync(cacheDir, { recursive: true });
    // Written aside and renamed: a run started meanwhile never reads half a file.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
    // Templates of older migrations are of no further use.
    for (const old of readdirSync(cacheDir)) {
      if (/^pglite-template-\w+\.tar$/.test(old) && old !== path.basename(file))
        rmSync(path.join(cacheDir, old), { force: true });
    }
    return file;
  } finally {
    await database.close();
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
