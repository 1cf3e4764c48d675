import { cpSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { inject, onTestFinished, TestRunner } from 'vitest';
import { type Database, openDatabase, pgliteDatabase } from '../src/db/client';

export interface TestDatabase {
  database: Database;
  dispose: () => Promise<void>;
}

/** A statement on one connection of a test database, its rows answered. */
type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));
/** A database cloned from the one of TEST_DATABASE_URL: its name, a marker and a suffix. */
export const cloneName = (url: string, suffix: string) => `${databaseName(url).slice(0, 40)}_clone_${suffix}`;
/** The URL of another database on the server of `url`. */
export function databaseUrl(url: string, name: string) {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other.toString();
}
/** The server's maintenance database: CREATE DATABASE … TEMPLATE needs nobody connected to the template. */
export const maintenanceUrl = (url: string) => databaseUrl(url, 'postgres');

/**
 * Waits (up to a second) until nobody is connected to the database any more. The pool's end()
 * resolves once its clients are ending, before their server processes are gone; a forced drop
 * would then end such a process, and its client, no longer the pool's, reports that as an
 * uncaught error.
 */
async function untilDisconnected(query: Query, name: string) {
  for (let i = 0; i < 50; i++) {
    const [row] = await query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [
      name,
    ]);
    if (!row?.n) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// ---------------------------------------------------------------------------------------------
// Handing a database back: the migrated state again, without loading or cloning the template

/** What the migrated template holds besides its tables' shapes: the rows and sequences to restore. */
interface Baseline {
  /** Names the tables that hold a row, or whose rows are no longer the migrations' (one statement). */
  touched: string;
  /** The rows the migrations wrote (countries, book types), put back after their table was emptied. */
  seeded: { table: string; insert: string; rows: string }[];
  sequences: { names: string[]; values: string[]; called: boolean[] };
  /** The catalog's objects: a file that changed them (a restore, a dropped trigger) leaves a database that is not reused. */
  catalog: string | undefined;
}

/**
 * The catalog's fingerprint: every relation, column, constraint, function, trigger (with whether it
 * is enabled), schema and extension by object id. A truncate keeps it (it changes only storage),
 * anything else a test may do to the schema changes it.
 */
const CATALOG = `
  select md5(string_agg(x, ',' order by x)) as catalog from (
    select format('c %s %s %s %s', c.oid, c.relname, c.relkind, c.relnatts) as x
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
    union all
    select format('a %s %s %s %s %s %s', a.attrelid, a.attname, a.atttypid, a.attnotnull, a.attisdropped, a.atthasdef)
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and a.attnum > 0
    union all select format('k %s', oid) from pg_constraint
    union all select format('d %s', oid) from pg_attrdef
    union all select format('p %s', p.oid) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname not in ('pg_catalog', 'information_schema')
    union all select format('t %s %s', oid, tgenabled) from pg_trigger
    union all select format('n %s %s', oid, nspname) from pg_namespace
    union all select format('e %s', oid) from pg_extension
  ) objects`;

const catalogOf = async (query: Query) => (await query<{ catalog: string }>(CATALOG))[0]?.catalog;

const TABLES = `
  select format('%I.%I', n.nspname, c.relname) as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema', 'drizzle')
      and n.nspname not like 'pg_%'
    order by 1`;

/** A table's columns that take a value on insert (generated ones are computed). */
const COLUMNS = `
  select format('%I', attname) as name from pg_attribute
    where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
    order by attnum`;

const SEQUENCES = `
  select format('%I.%I', schemaname, sequencename) as name,
         coalesce(last_value, start_value)::text as value, last_value is not null as called
    from pg_sequences order by 1`;

/** One value for all rows of a table, whatever their physical order. */
const rowsDigest = (table: string) =>
  `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${table} t)`;

/** Read from a database as the template left it, once per worker. */
async function baselineOf(query: Query): Promise<Baseline> {
  const tables = (await query<{ name: string }>(TABLES)).map((t) => t.name);
  const seeded: Baseline['seeded'] = [];
  for (const table of tables) {
    const [agg] = await query<{ rows: string | null }>(`select json_agg(t)::text as rows from ${table} t`);
    const rows = agg?.rows;
    if (!rows) continue;
    const columns = (await query<{ name: string }>(COLUMNS, [table])).map((c) => c.name).join(', ');
    seeded.push({
      table,
      insert: `insert into ${table} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${table}, $1::json)`,
      rows,
    });
  }
  const sequences = await query<{ name: string; value: string; called: boolean }>(SEQUENCES);
  const catalog = await catalogOf(query);
  // A seeded table counts as touched when its rows differ from the migrations' (compared as the same JSON).
  const digests = new Map<string, string>();
  for (const { table } of seeded) {
    const [row] = await query<{ digest: string }>(`select ${rowsDigest(table)} as digest`);
    digests.set(table, row?.digest ?? '');
  }
  const touched = tables.map((table) => {
    const digest = digests.get(table);
    const condition = digest ? `${rowsDigest(table)} is distinct from '${digest}'` : `exists (select from ${table})`;
    return `select '${table}' as name where ${condition}`;
  });
  return {
    touched: touched.join(' union all '),
    seeded,
    sequences: {
      names: sequences.map((s) => s.name),
      values: sequences.map((s) => s.value),
      called: sequences.map((s) => s.called),
    },
    catalog,
  };
}

/**
 * Brings a database a test file has finished with back to the template's state: every table
 * emptied, the migrations' rows and every sequence restored, in one transaction. False (and
 * nothing changed) when its catalog is no longer the template's: such a database is not reused.
 */
async function resetTo(baseline: Baseline, query: Query): Promise<boolean> {
  if ((await catalogOf(query)) !== baseline.catalog) return false;
  await query('begin');
  try {
    // A connection another test left open holds a lock: the database is dropped rather than waited for.
    await query(`set local lock_timeout = '2s'`);
    // The tables a file wrote are emptied by DELETE, with the foreign keys' and other triggers off
    // (replica mode): a TRUNCATE of every table made each one new files, about 200 ms a file on PGlite.
    // Replica mode needs a superuser: under another PostgreSQL role the reset fails and the clone is dropped.
    await query(`set local session_replication_role = replica`);
    const touched = new Set((await query<{ name: string }>(baseline.touched)).map((t) => t.name));
    if (touched.size) {
      const deletes = [...touched].map((table, i) => `d${i} as (delete from ${table})`);
      await query(`with ${deletes.join(', ')} select 1`);
    }
    for (const s of baseline.seeded) if (touched.has(s.table)) await query(s.insert, [s.rows]);
    const { names, values, called } = baseline.sequences;
    await query('select setval(n::regclass, v, c) from unnest($1::text[], $2::bigint[], $3::bool[]) as s(n, v, c)', [
      names,
      values,
      called,
    ]);
    await query('commit');
    return true;
  } catch {
    await query('rollback').catch(() => {});
    return false;
  }
}

let baseline: Promise<Baseline> | null = null;

/** How often this worker handed a database on to a later file (its test reads it). */
export const handedOn = { count: 0 };

/** Databases of this worker that a finished test file handed back, at most this many (a PGlite holds about 100 MB). */
const KEPT = 2;

// ---------------------------------------------------------------------------------------------
// PGlite: a worker keeps the instances its files handed back

/** The migrated template's tarball, read once per worker (test files of a worker share modules). */
let template: Promise<Blob> | null = null;

const idlePglites: PGlite[] = [];

const pgliteQuery =
  (client: PGlite): Query =>
  async <T>(text: string, params?: unknown[]) =>
    (await client.query<T>(text, params)).rows;

/**
 * A PGlite the file uses through a lease: after the file handed it back, a query from something the
 * file left running (a timer of a closed app) fails instead of writing into the next file's data.
 */
function leased(client: PGlite) {
  let open = true;
  const lease = new Proxy(client, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (typeof value !== 'function' || key === 'constructor') return value;
      return (...args: unknown[]) => {
        if (!open && key !== 'close') throw new Error('this test database was handed back after its test file');
        return value.apply(target, args);
      };
    },
  });
  return { lease, end: () => (open = false) };
}

async function newPglite(): Promise<TestDatabase> {
  let client = idlePglites.pop();
  if (client) handedOn.count++;
  else {
    template ??= readFile(inject('pgliteTemplate')).then((bytes) => new Blob([bytes]));
    client = new PGlite({ extensions: { pg_trgm, btree_gin }, loadDataDir: await template });
    await client.waitReady;
    baseline ??= baselineOf(pgliteQuery(client));
    await baseline;
  }
  const own = client;
  const { lease, end } = leased(own);
  return {
    database: pgliteDatabase(lease),
    dispose: async () => {
      end();
      if (own.closed) return;
      const query = pgliteQuery(own);
      // Session state (settings, advisory locks, listeners, temporary tables) goes with DISCARD ALL.
      const reusable =
        idlePglites.length < KEPT &&
        (await query('discard all').then(
          () => true,
          () => false,
        )) &&
        (await resetTo(await (baseline as Promise<Baseline>), query));
      if (reusable) idlePglites.push(own);
      else await own.close();
    },
  };
}

/**
 * Puts a PGlite data directory into a data dir (as `<dataDir>/pglite`, where openDatabase looks): the migrated
 * template, or one just after initdb (for a test of migrations, a restore or an upgrade), copied from the
 * run's unpacked templates (test/global-setup.ts). Open it with `openDatabase({ dataDir })`.
 */
export function pgliteDataDirIn(dataDir: string, kind: 'migrated' | 'empty') {
  cpSync(inject(kind === 'migrated' ? 'pgliteTemplateDir' : 'pgliteEmptyDir'), path.join(dataDir, 'pglite'), {
    recursive: true,
  });
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: a worker keeps the clones its files handed back

let clones = 0;
const idleClones: string[] = [];

async function withClient<T>(url: string, fn: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(async <R>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as R[]);
  } finally {
    await client.end();
  }
}

async function newPostgres(url: string): Promise<TestDatabase> {
  const maintenance = maintenanceUrl(url);
  const urlOf = (name: string) => databaseUrl(url, name);
  let name = idleClones.pop();
  if (name) handedOn.count++;
  else {
    name = cloneName(url, `${process.pid}_${++clones}`);
    await withClient(maintenance, (query) => query(`create database "${name}" template "${databaseName(url)}"`));
    baseline ??= withClient(urlOf(name), baselineOf);
    await baseline;
  }
  const own = name;
  // A pool of its own per file: nothing of a former file's sessions is left, and it ends with the file.
  const database = await openDatabase({ url: urlOf(own), dataDir: null });
  return {
    database,
    dispose: async () => {
      await database.close();
      const reusable =
        idleClones.length < KEPT &&
        (await withClient(urlOf(own), async (query) => resetTo(await (baseline as Promise<Baseline>), query)).catch(
          () => false,
        ));
      if (reusable) {
        idleClones.push(own);
        return;
      }
      await withClient(maintenance, async (query) => {
        await untilDisconnected(query, own);
        await query(`drop database if exists "${own}" with (force)`);
      });
    },
  };
}

/**
 * A migrated database of its own: a PGlite loaded from the run's template data directory, or on
 * PostgreSQL a database cloned from the TEST_DATABASE_URL database that the global setup migrated.
 * A file hands it back with `dispose`; when its schema is still the template's, the worker keeps it
 * for its next file, emptied and with the migrations' rows restored (loading the template costs
 * seconds, a reset a fraction of one). A database whose schema a test changed is closed (dropped).
 */
export function newTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? newPostgres(url) : newPglite();
}

/** What the running test file made outside its tests, ended in reverse order after it (`endFile`). */
const fileEnds: (() => Promise<void>)[] = [];

/**
 * Runs `end` after the running test file. Vitest drops an `afterAll` called inside a `beforeAll`, and most
 * files make their app in one: the server project's setup file (test/file-end.ts) ends them instead.
 */
export function afterFile(end: () => Promise<void>) {
  fileEnds.push(end);
}

/** How many ends wait for the running file's end (test-databases.test.ts reads it). */
export const pendingFileEnds = () => fileEnds.length;

/** Ends what the file made, the last made first; every end runs, and the first failure is thrown after. */
export async function endFile() {
  let failure: unknown;
  for (let end = fileEnds.pop(); end; end = fileEnds.pop()) {
    try {
      await end();
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure) throw failure;
}

/**
 * Runs `end` when what it ends was made for: after the test that made it, or after the file when a
 * hook (beforeAll, the file's top level) made it. A database handed back after its file is reset for
 * the worker's next file instead of another being loaded (about 2 s of CPU for a PGlite).
 */
export function endWithMaker(end: () => Promise<void>) {
  if (TestRunner.getCurrentTest()) onTestFinished(end);
  else afterFile(end);
}

/**
 * A fresh migrated database for tests that work below the API; closed (and dropped) after the test or file
 * that made it.
 */
export async function openTestDatabase(): Promise<Database> {
  const { database, dispose } = await newTestDatabase();
  endWithMaker(dispose);
  return database;
}
