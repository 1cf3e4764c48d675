/**
 * Requests a second of one compiled server process against two behind nginx (the shipped config), at
 * the same load, on one PostgreSQL: a cheap authenticated read (GET users/me) and a book list.
 * `node --import tsx bench/cluster.ts`; BENCH_SECONDS (10), BENCH_CLIENTS (20). Needs /usr/sbin/nginx.
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { insertBook, insertTenant, insertUser, TEST_PASSWORD } from '../apps/server/test/factories';
import { isReady, NGINX, nginxConfig, startCompiledServer, startNginx } from '../apps/server/test/processes';
import { BENCH_SECRET } from './server';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CLIENTS ?? 20);
const pgServer = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const dbName = 'pruefbuch_bench_cluster';
const url = `${pgServer}/${dbName}`;
const procs: ChildProcess[] = [];
let work = '';

function start(port: number) {
  return startCompiledServer(
    {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: url,
      APP_SECRET: BENCH_SECRET,
      TRUST_PROXY: '1',
      AUTH_RATE_LIMIT: '1000000',
      DATA_DIR: path.join(work, `data-${port}`),
      WEB_DIST_DIR: '/nonexistent',
    },
    procs,
  );
}

async function ready(base: string) {
  if (!(await isReady(base))) throw new Error(`${base} did not become ready`);
}

function nginx(listen: number, upstreams: number[]) {
  const prefix = path.join(work, `nginx-${listen}`);
  startNginx(prefix, nginxConfig(listen, upstreams, prefix), procs);
  return `http://127.0.0.1:${listen}`;
}

async function load(base: string, token: string, tenant: string, urlPath: string) {
  const result = await autocannon({
    url: `${base}${urlPath}`,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${token}`, 'x-tenant': tenant },
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

/** Runs the comparison and prints its table; skipped without nginx or PostgreSQL. */
export async function benchCluster() {
  if (!existsSync(NGINX)) {
    console.log('cluster bench skipped: /usr/sbin/nginx is missing');
    return;
  }
  work = mkdtempSync(path.join(tmpdir(), 'pb-bench-cluster-'));
  const admin = new pg.Client({ connectionString: `${pgServer}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  try {
    execFileSync(process.execPath, ['apps/server/build.mjs'], { cwd: root, stdio: 'inherit' });
    const [p1, p2, n1, n2] = [3101, 3102, 3111, 3112];
    start(p1);
    await ready(`http://127.0.0.1:${p1}`);
    start(p2);
    await ready(`http://127.0.0.1:${p2}`);
    const database = await openDatabase({ url, dataDir: null });
    const tenant = await insertTenant(database.db);
    const user = await insertUser(database.db, { tenantIds: [tenant.id] });
    for (let i = 0; i < 200; i++) await insertBook(database.db, tenant.id, { title: `Schiebetür ${i}` });
    await database.close();
    const proxyOne = nginx(n1, [p1]);
    const proxyTwo = nginx(n2, [p1, p2]);
    await ready(proxyOne);
    await ready(proxyTwo);
    const login = await fetch(`http://127.0.0.1:${p1}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };

    const rows = [];
    for (const [call, urlPath] of [
      ['GET users/me', '/api/v1/users/me'],
      ['GET books (20 of 200)', '/api/v1/books?limit=20'],
    ] as const) {
      const one = await load(`http://127.0.0.1:${p1}`, token, tenant.id, urlPath);
      const oneProxied = await load(proxyOne, token, tenant.id, urlPath);
      const two = await load(proxyTwo, token, tenant.id, urlPath);
      rows.push(
        { call, setup: 'one process, direct', ...one },
        { call, setup: 'one process behind nginx', ...oneProxied },
        { call, setup: 'two processes behind nginx', ...two, ratio: (two.rps / oneProxied.rps).toFixed(2) },
      );
    }
    console.log(`\n${connections} clients, ${seconds} s each, PostgreSQL, compiled servers`);
    console.table(rows);
  } finally {
    for (const p of procs) p.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchCluster();
