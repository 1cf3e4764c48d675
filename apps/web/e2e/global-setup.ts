import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumOptions } from './chromium';

const PORT = Number(process.env.E2E_PORT ?? 3950);
/**
 * Servers, one per worker: test files run two at a time, each on a server of its own (its own embedded
 * database with the demo data), so no file meets another's writes while it runs. A browser test mostly
 * waits for the browser; two at once took the run from 304 s to 211 s on two cores.
 */
export const E2E_SERVERS = Number(process.env.E2E_SERVERS ?? 2);
const root = path.resolve(import.meta.dirname, '../../..');

/**
 * E2E_PG names a PostgreSQL server (postgres://user@host:port): each test server then gets a fresh database of
 * its own there, seeded with the demo data, dropped at the end. Without it, a fresh embedded database.
 */
const PG_SERVER = process.env.E2E_PG;

async function pgAdmin<T>(work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Starts a server on the built web app with a fresh database seeded with the demo data. */
async function startServer(port: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pruefbuch-e2e-'));
  const database = PG_SERVER ? `pruefbuch_e2e_${process.pid}_${port}` : null;
  if (database) await pgAdmin((c) => c.query(`create database ${database}`));
  const server: ChildProcess = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...(database
        ? {
            DATABASE_URL: `${PG_SERVER}/${database}`,
            SEED_DEMO: '1',
            APP_SECRET: 'e2e-secret-that-is-long-enough-0123456789',
          }
        : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) break;
    } catch {}
    if (i > 600) throw new Error('e2e server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
      if (database) await pgAdmin((c) => c.query(`drop database if exists ${database} with (force)`));
    },
  };
}

/**
 * Debian's Chromium (e2e/chromium.ts), one per worker, which the worker's test files connect to (e2e/fixtures.ts):
 * a launch costs about 3 s of CPU (the browser, its GPU and UI processes), once per file before. Every test still
 * gets a fresh browser context.
 */
const launchBrowser = async () => chromium.launchServer(await chromiumOptions());

export default async function setup(project: TestProject) {
  const servers = await Promise.all(Array.from({ length: E2E_SERVERS }, (_, i) => startServer(PORT + i)));
  let browsers: BrowserServer[] = [];
  try {
    browsers = await Promise.all(Array.from({ length: E2E_SERVERS }, launchBrowser));
  } catch (error) {
    await Promise.all(servers.map((s) => s.stop()));
    throw error;
  }
  project.provide(
    'baseUrls',
    servers.map((s) => s.baseUrl),
  );
  project.provide(
    'browserEndpoints',
    browsers.map((b) => b.wsEndpoint()),
  );
  return async () => {
    await Promise.all([...browsers.map((b) => b.close()), ...servers.map((s) => s.stop())]);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A server per worker: worker n (VITEST_POOL_ID) uses the n-th. */
    baseUrls: string[];
    /** A browser per worker, as baseUrls: worker n connects to the n-th. */
    browserEndpoints: string[];
  }
}
