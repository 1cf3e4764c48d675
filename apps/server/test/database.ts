import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';

/** The migrated template's tarball, read once per worker (test files of a worker share modules). */
let template: Promise<Blob> | null = null;
let clones = 0;

export interface TestDatabase {
  database: Database;
  dispose: () => Promise<void>;
}

const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));
/** A database cloned from the one of TEST_DATABASE_URL: its name, a marker and a suffix. */
export const cloneName = (url: string, suffix: string) => `${databaseName(url).slice(0, 40)}_clone_${suffix}`;
/** The server's maintenance database: CREATE DATABASE … TEMPLATE needs nobody connected to the template. */
export function maintenanceUrl(url: string) {
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  return maintenance.toString();
}

/**
 * Waits (up to a second) until nobody is connected to the database any more. The pool's end()
 * resolves once its clients are ending, before their server processes are gone; a forced drop
 * would then end such a process, and its client, no longer the pool's, reports that as an
 * uncaught error.
 */
async function untilDisconnected(admin: pg.Client, name: string) {
  for (let i = 0; i < 50; i++) {
    const { rows } = await admin.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [name],
    );
    if (!rows[0]?.n) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A migrated database of its own: a PGlite loaded from the run's template data directory, or on
 * PostgreSQL a database cloned from the TEST_DATABASE_URL database that the global setup migrated.
 */
export async function newTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const file = inject('pgliteTemplate');
    template ??= readFile(file).then((bytes) => new Blob([bytes]));
    const database = await openDatabase({ dataDir: null, loadDataDir: await template });
    return { database, dispose: () => database.close() };
  }
  const templateName = databaseName(url);
  const name = cloneName(url, `${process.pid}_${++clones}`);
  const maintenance = maintenanceUrl(url);
  const admin = new pg.Client({ connectionString: maintenance });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${templateName}"`);
  } finally {
    await admin.end();
  }
  const clone = new URL(url);
  clone.pathname = `/${name}`;
  const database = await openDatabase({ url: clone.toString(), dataDir: null });
  return {
    database,
    dispose: async () => {
      await database.close();
      const admin = new pg.Client({ connectionString: maintenance });
      await admin.connect();
      try {
        await untilDisconnected(admin, name);
        await admin.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}

/** A fresh migrated database for tests that work below the API; closed (and dropped) after the file. */
export async function openTestDatabase(): Promise<Database> {
  const { database, dispose } = await newTestDatabase();
  afterAll(dispose);
  return database;
}
