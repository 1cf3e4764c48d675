import { rmSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
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

/**
 * Migrates once per run. On PostgreSQL (TEST_DATABASE_URL) that database becomes the template every
 * test database is cloned from; on PGlite the migrated data directory is dumped to a file each
 * test database is loaded from, so no test file runs initdb or the migrations itself.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  const database = await openDatabase({ url, dataDir: null });
  try {
    await database.migrate();
    if (url) return () => dropClones(url);
    if (!database.dumpDataDir) return;
    const dir = await mkdtemp(path.join(tmpdir(), 'pb-template-'));
    const file = path.join(dir, 'pgdata.tar');
    writeFileSync(file, new Uint8Array(await (await database.dumpDataDir()).arrayBuffer()));
    project.provide('pgliteTemplate', file);
    return () => rmSync(dir, { recursive: true, force: true });
  } finally {
    await database.close();
  }
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
