/** The server process a bench drives: started on its own port, awaited until healthy, stopped with its group. */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/demo/seed';
import { compiledForTests } from '../apps/server/test/processes';

const root = path.resolve(import.meta.dirname, '..');
/** Servers on PostgreSQL need a shared secret (as in production); the bench's is fixed. */
export const BENCH_SECRET = 'bench-secret-0123456789abcdef0123456789abcdef';

const APP_MAIN = 'apps/server/src/main.ts';

/**
 * The JavaScript a bench runs for an entry, compiled as production runs the server (`node apps/server/dist/main.js`,
 * no TypeScript loader): the app's main is the tests' build of the sources at hand (test/processes.ts), another
 * entry (bench/bare-fastify.ts) is bundled the same way with its packages left external. Under the loader the same
 * code cost about a fifth more CPU per request, which no deployment pays: bare Fastify 21–22 µs against 17–18
 * compiled, GET users/{id} 153–158 against 127–138 (2026-12-01, one run side by side).
 */
function compiled(entry: string): string {
  const main = path.resolve(root, entry);
  if (main === path.join(root, APP_MAIN)) return compiledForTests();
  if (main.endsWith(`${path.sep}${APP_MAIN}`)) {
    // The main of another checkout (a side-by-side run): its own production build.
    const checkout = main.slice(0, -APP_MAIN.length - 1);
    execFileSync(process.execPath, ['apps/server/build.mjs'], { cwd: checkout, stdio: 'ignore' });
    return path.join(checkout, 'apps/server/dist/main.js');
  }
  const outfile = path.join(root, 'node_modules/.cache/pruefbuch-bench', `${path.basename(entry, '.ts')}.mjs`);
  mkdirSync(path.dirname(outfile), { recursive: true });
  buildSync({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}

/**
 * The server on `port` (or another `entry`, e.g. bench/bare-fastify.ts), compiled (see `compiled`); with
 * SERVER_PROF=<folder> it writes a CPU profile there when it stops (node --cpu-prof).
 */
export function startServer(port: number, env: Record<string, string>, entry = APP_MAIN): ChildProcess {
  return spawn(
    'node',
    [...(process.env.SERVER_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SERVER_PROF}`] : []), compiled(entry)],
    {
      cwd: root,
      env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '1000000', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    },
  );
}

/** The demo data in a fresh database (migrated, seeded, closed), then the server on it at `port`. */
export async function demoServer(open: () => Promise<Database>, port: number, env: Record<string, string>) {
  const database = await open();
  await database.migrate();
  await seedDemo(database.db);
  await database.close();
  return startServer(port, env);
}

/** Polls /health every `everyMs` (a timed start polls more often, so its figure is not rounded up to the step). */
export async function waitHealthy(port: number, everyMs = 50) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error('server did not become healthy');
}

export async function stop(proc: ChildProcess) {
  // A server that has ended already (it failed to start, say) has nothing to stop: its own error is what to read.
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  if (proc.pid) process.kill(-proc.pid, 'SIGTERM');
  await new Promise((r) => proc.once('exit', r));
}

type BenchOne<R> = (label: string, open: () => Promise<Database>, serverEnv: Record<string, string>) => Promise<R[]>;

/**
 * Runs a bench on the embedded database and, when reachable, on a fresh PostgreSQL database
 * (PG_URL) that is dropped afterwards (kept with BENCH_KEEP_DB=1, to look at its plans); `only` limits it to
 * one of them.
 */
export async function onEachDatabase<R>(name: string, benchOne: BenchOne<R>, only?: string): Promise<R[]> {
  const results: R[] = [];
  const dataDir = path.join(root, `bench/.out/${name}-data`);
  rmSync(dataDir, { recursive: true, force: true });
  if (only !== 'postgres') {
    results.push(...(await benchOne('PGlite', () => openDatabase({ dataDir }), { DATA_DIR: dataDir, SEED_DEMO: '0' })));
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (only === 'pglite') return results;
  const pgServer = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
  const database = `pruefbuch_bench_${name}`;
  const admin = new pg.Client({ connectionString: `${pgServer}/postgres` });
  try {
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`create database ${database}`);
    const url = `${pgServer}/${database}`;
    results.push(
      ...(await benchOne('PostgreSQL', () => openDatabase({ url, dataDir: null }), {
        DATABASE_URL: url,
        APP_SECRET: BENCH_SECRET,
        SEED_DEMO: '0',
        DATA_DIR: dataDir,
      })),
    );
    if (process.env.BENCH_KEEP_DB === '1') console.log(`kept: ${url}`);
    else await admin.query(`drop database if exists ${database} with (force)`);
  } catch (e) {
    console.log(`PostgreSQL skipped: ${(e as Error).stack}`);
  } finally {
    await admin.end().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}
