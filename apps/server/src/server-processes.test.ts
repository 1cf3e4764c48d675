/**
 * The compiled server as an operator runs it, on PostgreSQL: several processes starting at once on an
 * empty or an old database, a schema newer than the code, and SIGTERM while a request is in flight.
 */
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, maintenanceUrl } from '../test/database';
import { compiledForTests, freePort, isReady, startCompiledServer } from '../test/processes';
import { migrationsFolder } from './platform/paths';

const serverUrl = process.env.TEST_DATABASE_URL;
const SECRET = 'ein-geheimnis-fuer-alle-server-0123456789';
const procs: ChildProcess[] = [];
const databases: string[] = [];
const dirs: string[] = [];

/** A new, empty database on the test server; dropped after the file. */
async function emptyDatabase(label: string): Promise<string> {
  const name = `pb_proc_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: maintenanceUrl(serverUrl as string) });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  databases.push(name);
  return databaseUrl(serverUrl as string, name);
}

/** Migrates the database with the first `count` migrations only: a database of an older version. */
async function migrateTo(url: string, count: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'pb-old-migrations-'));
  dirs.push(dir);
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  journal.entries = journal.entries.slice(0, count);
  writeFileSync(journalFile, JSON.stringify(journal));
  const pool = new pg.Pool({ connectionString: url });
  await migrate(drizzle(pool), { migrationsFolder: dir });
  await pool.end();
}

/** A data dir of a server process, removed with the file's other folders once its processes are killed. */
function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'pb-proc-'));
  dirs.push(dir);
  return dir;
}

const startServer = (env: Record<string, string>) =>
  startCompiledServer(
    {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      APP_SECRET: SECRET,
      WEB_DIST_DIR: '/nonexistent',
      DATA_DIR: dataDir(),
      // Small pools: several servers of this file and the cluster test's run beside the other test files on one
      // PostgreSQL of 100 connections (10 a server by default, 4 more for the job queue).
      DB_POOL_MAX: '3',
      ...env,
    },
    procs,
    compiled,
  );

const ready = (port: number) => isReady(`http://127.0.0.1:${port}`);

async function startMany(url: string, n: number) {
  const ports = await Promise.all(Array.from({ length: n }, freePort));
  const servers = ports.map((port) => startServer({ DATABASE_URL: url, PORT: String(port) }));
  const states = await Promise.all(ports.map((port) => ready(port)));
  return { ports, servers, states };
}

// The production start: the compiled bundle, run by node itself.
let compiled = '';
beforeAll(() => {
  if (serverUrl) compiled = compiledForTests();
});

afterAll(async () => {
  for (const p of procs) p.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  if (!serverUrl || !databases.length) return;
  const admin = new pg.Client({ connectionString: maintenanceUrl(serverUrl) });
  await admin.connect();
  for (const name of databases) await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
});

describe.runIf(serverUrl)('several server processes on one PostgreSQL', () => {
  it('three servers started at once on an empty database all become ready', async () => {
    const url = await emptyDatabase('empty');
    const { servers, states } = await startMany(url, 3);
    expect(states, servers.map((s) => s.output()).join('\n---\n')).toEqual([true, true, true]);
  }, 120_000);

  it('two servers started at once on an old database migrate it once and both become ready', async () => {
    const url = await emptyDatabase('old');
    await migrateTo(url, 20);
    const { servers, states } = await startMany(url, 2);
    expect(states, servers.map((s) => s.output()).join('\n---\n')).toEqual([true, true]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    await client.end();
    const known = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')).entries.length;
    expect(rows[0].n).toBe(known);
  }, 120_000);

  it('refuses to start on a schema newer than it knows, naming the reason', async () => {
    const url = await emptyDatabase('newer');
    const port = await freePort();
    const first = startServer({ DATABASE_URL: url, PORT: String(port), JOBS: '0' });
    expect(await ready(port)).toBe(true);
    first.proc.kill('SIGTERM');
    await first.exited;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(
      `insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-version', $1)`,
      [Date.now() + 86_400_000],
    );
    await client.end();
    const second = startServer({ DATABASE_URL: url, PORT: String(await freePort()) });
    const { code, output } = await second.exited;
    expect(code).toBe(1);
    expect(output).toMatch(/migrated by a newer version of Prüfbuch/);
  }, 120_000);

  it('SIGTERM: the request in flight is answered, new work is refused, the process exits 0', async () => {
    const url = await emptyDatabase('drain');
    const port = await freePort();
    const server = startServer({ DATABASE_URL: url, PORT: String(port), SHUTDOWN_TIMEOUT_MS: '4000' });
    expect(await ready(port)).toBe(true);

    // A sign-in whose body arrives slowly: in flight when the signal comes.
    const body = JSON.stringify({ email: 'niemand@example.org', password: 'falsch-falsch' });
    const answered = new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/users/login',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 1_500);
    });
    await new Promise((r) => setTimeout(r, 300));
    const began = Date.now();
    server.proc.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    // A new connection is no longer taken.
    await expect(fetch(`http://127.0.0.1:${port}/api/v1/health`)).rejects.toThrow();
    expect(await answered).toBe(401);
    const { code } = await server.exited;
    expect(code).toBe(0);
    expect(Date.now() - began).toBeLessThan(8_000);
  }, 120_000);
});
