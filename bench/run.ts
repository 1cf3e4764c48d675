/**
 * npm run bench: throughput and tail latency of the hot calls at 20 concurrent clients
 * (autocannon, loopback only, bounded in time), and the start-up time to a healthy /health (once through npm start,
 * and the production build's restarts: bench/startup.ts).
 * Runs on the embedded database and, when reachable, on PostgreSQL (PG_URL). Then the fixed cost
 * of a request beside bare Fastify (bench/fixed-cost.ts), the embedded database beside PostgreSQL from 1
 * to 20 clients (bench/scaling.ts), then the book lists on 100,000 books (bench/books.ts), then the PDFs (bench/pdf.ts), then the mixed reads
 * (bench/reads.ts: detail, dto, list, search, by ZIP next to GET users/{id}, alone and at 200 clients),
 * then the inspection file of a branch at 50 and 500 books (bench/export.ts), then the customer locations (bench/locations.ts), then the offer list and evaluation on 50,000 offers
 * (bench/offers.ts), then the order search lists and counts on 100,000 orders (bench/orders.ts),
 * then the capacity month view and a proposal with 500 planned orders (bench/capacity.ts),
 * then the compressed order page (bench/compression.ts),
 * then the initial bundle size, the first screen in Chromium (bench/first-paint.ts), the prepared day of 50 books
 * for offline work (bench/offline.ts) and the time of `npm test`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { reportInitialBundle } from '../scripts/bundle-budget.mjs';
import { benchBackup } from './backup';
import { benchBooks } from './books';
import { benchCapacity } from './capacity';
import { benchCluster } from './cluster';
import { benchCompression } from './compression';
import { benchExport } from './export';
import { benchFirstPaint } from './first-paint';
import { benchFixedCost } from './fixed-cost';
import { benchLocations } from './locations';
import { benchOfferList } from './offers';
import { benchOffline } from './offline';
import { benchOrderLists } from './orders';
import { benchPdf } from './pdf';
import { benchReads } from './reads';
import { benchScaling } from './scaling';
import { BENCH_SECRET } from './server';
import { benchSpreadsheet } from './spreadsheet';
import { benchStartup } from './startup';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'bench/.out');
const PORT = 3900;
const base = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;

function startServer(env: Record<string, string>, viaNpm = false): { proc: ChildProcess; started: number } {
  const started = performance.now();
  const [cmd, args] = viaNpm
    ? ['npm', ['start', '--silent']]
    : ['node', ['--import', 'tsx', 'apps/server/src/main.ts']];
  const proc = spawn(cmd, args as string[], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000000',
      LOCKOUT_IP_MAX: '1000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  return { proc, started };
}

async function waitHealthy(started: number): Promise<number> {
  for (let i = 0; i < 600; i++) {
    try {
      const r = await fetch(`${base}/api/v1/health`);
      if (r.ok) return (performance.now() - started) / 1000;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('server did not become healthy');
}

async function stop(proc: ChildProcess) {
  if (proc.pid) process.kill(-proc.pid, 'SIGTERM');
  await new Promise((r) => proc.once('exit', r));
}

async function load(title: string, opts: autocannon.Options) {
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
  const row = {
    call: title,
    'req/s': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    errors: r.errors + r.non2xx,
  };
  console.log(
    `  ${title}: ${row['req/s']} req/s, p50 ${row['p50 ms']} ms, p99 ${row['p99 ms']} ms, non-2xx/errors ${row.errors}`,
  );
  return row;
}

async function hotCalls(label: string) {
  const login = await fetch(`${base}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'pruefbuch' }),
  }).then((r) => r.json() as Promise<{ token: string; userId: string }>);
  console.log(`\n${label}`);
  return [
    await load(`${label}: GET /api/v1/users/{id}`, {
      url: `${base}/api/v1/users/${login.userId}`,
      headers: { authorization: `Bearer ${login.token}` },
    }),
    await load(`${label}: POST /api/v1/users/login`, {
      url: `${base}/api/v1/users/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'standard@demo.test', password: 'pruefbuch' }),
    }),
  ];
}

const results: Record<string, unknown>[] = [];

// Embedded database: first start seeds, the measured starts reuse the data directory.
const dataDir = path.join(outDir, 'data');
rmSync(dataDir, { recursive: true, force: true });
{
  const s = startServer({ DATA_DIR: dataDir });
  const first = await waitHealthy(s.started);
  console.log(`first start (empty data dir, migrations + demo seed): ${first.toFixed(2)} s`);
  await stop(s.proc);
}
{
  const s = startServer({ DATA_DIR: dataDir }, true);
  const secs = await waitHealthy(s.started);
  console.log(`npm start → healthy /api/v1/health (existing data dir): ${secs.toFixed(2)} s`);
  results.push({ call: 'npm start → healthy (PGlite, existing data)', seconds: Number(secs.toFixed(2)) });
  await stop(s.proc);
}
// The production build's restarts, median of 7 with their CPU (bench/startup.ts).
{
  const start = await benchStartup();
  results.push({ call: start.call, seconds: start['median ms'] / 1000, 'CPU ms': start['CPU ms'] });
}
{
  const s = startServer({ DATA_DIR: dataDir });
  await waitHealthy(s.started);
  results.push(...(await hotCalls('PGlite')));
  await stop(s.proc);
}

// PostgreSQL, when a server is reachable.
const pgServer = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const admin = new pg.Client({ connectionString: `${pgServer}/postgres` });
try {
  await admin.connect();
  await admin.query('drop database if exists pruefbuch_bench with (force)');
  await admin.query('create database pruefbuch_bench');
  const env = {
    DATABASE_URL: `${pgServer}/pruefbuch_bench`,
    APP_SECRET: BENCH_SECRET,
    SEED_DEMO: '1',
    DATA_DIR: dataDir,
  };
  const s = startServer(env);
  await waitHealthy(s.started);
  results.push(...(await hotCalls('PostgreSQL')));
  await stop(s.proc);
  await admin.query('drop database if exists pruefbuch_bench with (force)');
} catch (e) {
  console.log(`PostgreSQL skipped: ${(e as Error).message}`);
} finally {
  await admin.end().catch(() => {});
}

console.log('\nSummary');
console.table(results);

// The fixed cost of a request: GET users/{id} beside a bare Fastify route, CPU per request (bench/fixed-cost.ts).
await benchFixedCost();

// The embedded database beside PostgreSQL from 1 to 20 clients (bench/scaling.ts, docs/deploy.md).
await benchScaling();

// Book lists and search on 100,000 books in 20 tenants (bench/books.ts).
await benchBooks();

// The book PDF of 100 records and the label PDF of 500 books, next to a plain pdfkit page (bench/pdf.ts).
await benchPdf();
await benchExport();

// The reads people use most, alone at 50 clients and all together at 200, next to GET users/{id} (bench/reads.ts).
await benchReads();

// 2,000 customer locations and 10,000 books in one tenant: the location list and the ampel count (bench/locations.ts).
await benchLocations();

// 50,000 offers in one tenant: the offer list with its filters and the five evaluation views (bench/offers.ts).
await benchOfferList();

// 100,000 orders in one tenant: the search lists and counts and the operations evaluation (bench/orders.ts).
await benchOrderLists();

// 12 employees and 500 planned orders in one tenant: the month view and a proposal (bench/capacity.ts).
await benchCapacity();

// Backup and restore of the demo data: time and archive size (bench/backup.ts; BENCH_BOOKS, BENCH_FILE_MB for a large one).
await benchBackup();

// One server process against two behind nginx, at the same load (bench/cluster.ts).
await benchCluster();

// Uploaded spreadsheets on the compiled server: the largest allowed branch list alone and eight at once, and the
// hostile files of issue 28 (bench/spreadsheet.ts, figures in decision 040).
await benchSpreadsheet();

// The demo's 20-row order page plain, in brotli and in gzip at each setting, and the CPU each costs (bench/compression.ts).
await benchCompression();

// The JavaScript and CSS the browser loads before the first screen, gzipped (the web build npm start made above).
console.log('\nInitial bundle (npm run bundle:check)');
reportInitialBundle();

// A cold and a warm load of the login page and the order list in Chromium: when each shows its data (bench/first-paint.ts).
console.log('\nFirst screen in Chromium');
await benchFirstPaint();

// A technician's day of 50 books with 10 records each prepared for offline work, and a book opened offline (bench/offline.ts).
console.log('\nThe prepared day in Chromium');
await benchOffline();

// The wall time of the README's test command on this machine (BENCH_SKIP_TESTS=1 leaves it out).
if (process.env.BENCH_SKIP_TESTS !== '1') {
  const began = performance.now();
  const run = spawn('npm', ['test', '--silent'], { cwd: root, stdio: 'ignore' });
  const code = await new Promise<number | null>((resolve) => run.once('exit', resolve));
  console.log(`\nnpm test: ${((performance.now() - began) / 1000).toFixed(1)} s wall (exit ${code})`);
}
