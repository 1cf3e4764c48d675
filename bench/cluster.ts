/**
 * Requests a second of one compiled server process against two behind nginx (the shipped config), at
 * the same load, on one PostgreSQL: a cheap authenticated read (GET users/me) and a book list.
 * `node --import tsx bench/cluster.ts`; BENCH_SECONDS (10), BENCH_CLIENTS (20). Needs /usr/sbin/nginx.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { insertBook, insertTenant, insertUser, TEST_PASSWORD } from '../apps/server/test/factories';
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
  const proc = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
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
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  procs.push(proc);
  return proc;
}

async function ready(base: string) {
  for (let i = 0; i < 1200; i++) {
    if (
      await fetch(`${base}/api/v1/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${base} did not become ready`);
}

function nginx(listen: number, upstreams: number[]) {
  const prefix = path.join(work, `nginx-${listen}`);
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(path.join(prefix, sub), { recursive: true });
  let site = readFileSync(path.join(root, 'docs/deploy/nginx-pruefbuch.conf'), 'utf8');
  site = site.replace(/\s*server 127\.0\.0\.1:300\d[^\n]*\n/g, '\n');
  site = site.replace('keepalive 32;', `${upstreams.map((p) => `server 127.0.0.1:${p};`).join('\n')}\nkeepalive 32;`);
  site = site.replace(/server \{\s*listen 80;[\s\S]*?return 301[^\n]*\n\}\n/, '');
  site = site.replace(/listen 443 ssl http2;\n\s*listen \[::\]:443 ssl http2;/, `listen 127.0.0.1:${listen};`);
  site = site.replace(/\s*include \/etc\/nginx\/snippets\/pruefbuch-tls\.conf;/, '');
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1;\npid ${prefix}/nginx.pid;\nerror_log ${prefix}/error.log warn;\nevents { worker_connections 1024; }\nhttp {\naccess_log off;\nclient_body_temp_path ${prefix}/body;\nproxy_temp_path ${prefix}/proxy;\nfastcgi_temp_path ${prefix}/fastcgi;\nuwsgi_temp_path ${prefix}/uwsgi;\nscgi_temp_path ${prefix}/scgi;\n${site}\n}\n`,
  );
  const proc = spawn('/usr/sbin/nginx', ['-p', prefix, '-c', conf, '-g', 'daemon off;'], { stdio: 'inherit' });
  procs.push(proc);
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
  if (!existsSync('/usr/sbin/nginx')) {
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
