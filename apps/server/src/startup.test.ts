/**
 * The start-up refusals of main.ts, run as real processes: demo accounts in production, and a
 * second server on the same embedded database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, pgliteDataDirIn } from '../test/helper';
import { compiledForTests, freePort } from '../test/processes';
import { openDatabase } from './db/client';
import { doorComponents, users } from './db/schema/index';
import { usableDemoAccounts } from './demo/production-guard';
import { DEMO_USERS } from './demo/seed';
import { STARTER_COMPONENTS } from './modules/components/components.starter';

const root = path.resolve(import.meta.dirname, '../../..');
const SECRET = 'a-production-secret-that-is-long-enough-42';
/** argon2id hashes with the app's parameters, made once: hashing is slow on purpose, verifying is what is tested. */
const HASH_OF = {
  pruefbuch: '$argon2id$v=19$m=19456,t=2,p=1$WPMtymCNPDOLGrqZYP2Jzg$zg+gacN9OVcJy1eQ7sPp+52eFcSRb6fZ29xvHJpadwo',
  'ein-neues-langes-Passwort':
    '$argon2id$v=19$m=19456,t=2,p=1$8WcySpSHdfv51unh69duew$UOYchHDJcLyT0PfPwBXrbrfbKJG5OqDsI1VCSb7JnHQ',
};
const dirs: string[] = [];
const procs: ChildProcess[] = [];
afterAll(() => {
  for (const p of procs) p.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'pb-start-'));
  dirs.push(d);
  return d;
};

/** A migrated embedded database in the directory, copied from the run's migrated template (test/global-setup.ts). */
function migratedDatabaseIn(dataDir: string) {
  pgliteDataDirIn(dataDir, 'migrated');
  return openDatabase({ dataDir });
}

/** The server compiled from the sources at hand, as production starts it (built once for the run's files). */
let compiled: string | undefined;

function start(env: Record<string, string>) {
  compiled ??= compiledForTests();
  const proc = spawn(process.execPath, [compiled], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  procs.push(proc);
  let stderr = '';
  proc.stderr?.on('data', (c) => {
    stderr += String(c);
  });
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    proc.once('exit', (code) => resolve({ code, stderr })),
  );
  return { proc, exited };
}

async function healthy(port: number, timeoutMs = 150_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

/**
 * Every server here runs on the embedded database: the PostgreSQL run (npm run test:pg, which has no PGlite
 * template) leaves these to `npm test`, where they test what they are about.
 */
const embeddedRun = !process.env.TEST_DATABASE_URL;

describe.runIf(embeddedRun).concurrent('start-up in production', () => {
  it('refuses an explicit SEED_DEMO=1 with a message', async () => {
    const { exited } = start({ NODE_ENV: 'production', APP_SECRET: SECRET, SEED_DEMO: '1', DATA_DIR: tempDir() });
    const { code, stderr } = await exited;
    expect(code).toBe(1);
    expect(stderr).toMatch(/SEED_DEMO=1 is refused with NODE_ENV=production/);
  }, 100_000);

  it('refuses to start while demo accounts still sign in with the demo password', async () => {
    const dataDir = tempDir();
    const database = await migratedDatabaseIn(dataDir);
    const admin = DEMO_USERS[0] as (typeof DEMO_USERS)[number];
    await database.db.insert(users).values({ ...admin, passwordHash: HASH_OF.pruefbuch, isVerified: true });
    await database.close();

    const { exited } = start({
      NODE_ENV: 'production',
      APP_SECRET: SECRET,
      PUBLIC_URL: 'https://pruefbuch.example.de',
      DATA_DIR: dataDir,
      PORT: '0',
    });
    const { code, stderr } = await exited;
    expect(code).toBe(1);
    expect(stderr).toMatch(/demo account\(s\) still sign in/);
    expect(stderr).toContain('admin@demo.test');
    // The message names the accounts, never the password itself.
    expect(stderr).not.toMatch(/pruefbuch(?!@|\.test)/);
  }, 200_000);

  it('lets the demo accounts pass once they are removed or their passwords changed', async () => {
    // The demo's accounts as the seed writes them (seed.test.ts checks that the whole seed's are found).
    const database = await openTestDatabase();
    await database.db
      .insert(users)
      .values(DEMO_USERS.map((u) => ({ ...u, passwordHash: HASH_OF.pruefbuch, isVerified: true })));
    expect(await usableDemoAccounts(database.db)).toHaveLength(DEMO_USERS.length);
    await database.db.update(users).set({ passwordHash: HASH_OF['ein-neues-langes-Passwort'] });
    await database.db.delete(users).where(ne(users.email, 'admin@demo.test'));
    expect(await usableDemoAccounts(database.db)).toEqual([]);
    await database.db.update(users).set({ passwordHash: HASH_OF.pruefbuch }).where(eq(users.email, 'admin@demo.test'));
    expect(await usableDemoAccounts(database.db)).toEqual(['admin@demo.test']);
    await database.db.delete(users).where(inArray(users.email, ['admin@demo.test']));
    expect(await usableDemoAccounts(database.db)).toEqual([]);
  }, 200_000);
});

describe.runIf(embeddedRun)('one server per embedded database', () => {
  it('a second process on the same DATA_DIR exits at once, naming the holder; a killed holder is taken over', async () => {
    // Migrated beforehand: the first start on an empty directory (initdb) is what the browser tests do.
    const dataDir = tempDir();
    await (await migratedDatabaseIn(dataDir)).close();
    const port = await freePort();
    const first = start({ DATA_DIR: dataDir, PORT: String(port) });
    await healthy(port);

    const began = Date.now();
    const second = start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    const { code, stderr } = await second.exited;
    expect(code).toBe(1);
    expect(stderr).toContain(`pid ${first.proc.pid}`);
    expect(stderr).toMatch(/Only one server may use an embedded database/);
    expect(Date.now() - began).toBeLessThan(15_000);
    // The first server still answers: the refused process touched nothing.
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok).toBe(true);

    first.proc.kill('SIGKILL');
    await first.exited;
    const port3 = await freePort();
    const third = start({ DATA_DIR: dataDir, PORT: String(port3) });
    await healthy(port3);
    third.proc.kill('SIGTERM');
    expect((await third.exited).code).toBe(0);
    // A real installation (no demo) got the starter set of the door component catalogue at start-up.
    const database = await openDatabase({ dataDir });
    const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(doorComponents);
    await database.close();
    expect(row?.n).toBe(STARTER_COMPONENTS.length);
  }, 400_000);
});
