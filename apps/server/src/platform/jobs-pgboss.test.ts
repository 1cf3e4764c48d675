/**
 * The scheduler on PostgreSQL (pg-boss), as several server processes use it: each test starts two or
 * three schedulers on one database, as two or three processes would. Runs in the PostgreSQL test run
 * (TEST_DATABASE_URL); the in-process scheduler is tested in jobs.test.ts.
 */
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { cloneName, databaseUrl, maintenanceUrl } from '../../test/database';
import { type Database, openDatabase, rowsOf } from '../db/client';
import { jobRuns } from '../db/schema/index';
import { createScheduler, type JobLog, plannedRuns, type Scheduler } from './jobs';

const base = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let clones = 0;
const opened: { database: Database; name: string }[] = [];
const started: Scheduler[] = [];

/** A migrated database of its own without pg-boss's schema (a clone of the run's template), and its URL. */
async function freshDatabase() {
  const url = base as string;
  const name = cloneName(url, `jobs_${process.pid}_${++clones}`);
  const admin = new pg.Client({ connectionString: maintenanceUrl(url) });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${decodeURIComponent(new URL(url).pathname.slice(1))}"`);
  } finally {
    await admin.end();
  }
  const clone = databaseUrl(url, name);
  const database = await openDatabase({ url: clone, dataDir: null, poolMax: 4 });
  opened.push({ database, name });
  return { url: clone, database };
}

afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
  if (!base) return;
  const admin = new pg.Client({ connectionString: maintenanceUrl(base) });
  await admin.connect();
  try {
    for (const { database, name } of opened) {
      await database.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
    }
  } finally {
    await admin.end();
  }
});

function collectingLog() {
  const errors: string[] = [];
  const log: JobLog = {
    info: () => {},
    error: (obj: object, msg: string) => errors.push(`${msg} ${String((obj as { err?: Error }).err?.message ?? '')}`),
  };
  return { errors, log };
}

/** A scheduler as one server process would make it (fast polling: tests wait less). */
function processOn(url: string, database: Database, runner: string, log: JobLog) {
  const scheduler = createScheduler({ database, url, log, runner, pollSeconds: 0.5 });
  started.push(scheduler);
  return scheduler;
}

const runsOf = (database: Database, name: string) =>
  database.db
    .select()
    .from(jobRuns)
    .where(eq(jobRuns.name, name))
    .orderBy(asc(jobRuns.startedAt), asc(jobRuns.attempt));

async function until(done: () => Promise<boolean> | boolean, ms: number) {
  const end = Date.now() + ms;
  while (!(await done()) && Date.now() < end) await sleep(100);
}

describe.skipIf(!base)('scheduler on PostgreSQL (pg-boss)', () => {
  it('three processes starting at the same moment on a fresh database all start and run jobs', async () => {
    const { url, database } = await freshDatabase();
    const { log, errors } = collectingLog();
    const schedulers = ['a:1', 'b:2', 'c:3'].map((runner) => {
      const s = processOn(url, database, runner, log);
      s.schedule('probe', { cron: '0 3 * * *' }, async () => {});
      return s;
    });
    await Promise.all(schedulers.map((s) => s.start()));
    // Each can use its connections afterwards (none left in an aborted transaction).
    for (const s of schedulers) await s.runNow('probe');
    const runs = await runsOf(database, 'probe');
    expect(runs.map((r) => r.ok)).toEqual([true, true, true]);
    const [version] = await rowsOf<{ version: number }>(database.db, sql`select version from pgboss.version`);
    expect(version?.version).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  }, 60_000);

  it('a run left out while no process ran is made up once, however many processes start', async () => {
    const { url, database } = await freshDatabase();
    const { log, errors } = collectingLog();
    let calls = 0;
    const schedulers = ['a:1', 'b:2', 'c:3'].map((runner) => {
      const s = processOn(url, database, runner, log);
      s.schedule('catch-up', { cron: '0 3 * * *', firstAfterMs: 0 }, async () => {
        calls += 1;
        await sleep(200);
      });
      return s;
    });
    await Promise.all(schedulers.map((s) => s.start()));
    await until(async () => calls > 0, 20_000);
    // Time for the other two queued make-up runs to be fetched and to find the run made.
    await until(async () => {
      const [row] = await rowsOf<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pgboss.job where name = 'catch-up' and state < 'completed'`,
      );
      return row?.n === 0;
    }, 20_000);
    expect(calls).toBe(1);
    expect(await runsOf(database, 'catch-up')).toHaveLength(1);
    expect(errors).toEqual([]);
  }, 60_000);

  it('a planned run executes once across two processes that both plan it', async () => {
    const { url, database } = await freshDatabase();
    const { log, errors } = collectingLog();
    const ran: { runner: string }[] = [];
    for (const runner of ['a:1', 'b:2']) {
      const s = processOn(url, database, runner, log);
      s.schedule('every-minute', { everyMs: 60_000 }, async () => {
        ran.push({ runner });
      });
      await s.start();
    }
    // Both processes' cron checks see the minute's planned run (pg-boss sends the current minute's
    // run at start, else the next minute's).
    await until(() => ran.length > 0, 75_000);
    await sleep(4_000);
    // The wait may reach into the next minute, whose run is a run of its own. A run is pg-boss's job of its minute:
    // each job fetched by exactly one process means as many runs as jobs. (The wall minute of a run cannot tell: a
    // minute's job fetched just after the next minute began shares its wall minute with that minute's job.)
    expect(ran.length).toBeLessThanOrEqual(2);
    const runs = await runsOf(database, 'every-minute');
    expect(runs).toHaveLength(ran.length);
    const [jobs] = await rowsOf<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pgboss.job where name = 'every-minute' and state in ('active', 'completed')`,
    );
    expect(jobs?.n).toBe(ran.length);
    expect(runs[0]?.runner).toBe(ran[0]?.runner);
    expect(errors).toEqual([]);
  }, 90_000);

  it('retries a failed run with back-off, on whichever process fetches it', async () => {
    const { url, database } = await freshDatabase();
    const { log, errors } = collectingLog();
    let calls = 0;
    const schedulers = ['a:1', 'b:2'].map((runner) => {
      const s = processOn(url, database, runner, log);
      s.schedule(
        'flaky',
        { cron: '0 3 * * *' },
        async () => {
          calls += 1;
          if (calls === 1) throw new Error('SMTP 451');
        },
        { retries: 2, retryDelayMs: 1000 },
      );
      return s;
    });
    await Promise.all(schedulers.map((s) => s.start()));
    await schedulers[0]?.runNow('flaky');
    const runs = await runsOf(database, 'flaky');
    expect(runs.map((r) => [r.attempt, r.ok, r.error])).toEqual([
      [1, false, 'Error: SMTP 451'],
      [2, true, null],
    ]);
    // pg-boss waited before the retry (1 s, doubled with jitter: at least 1 s).
    const gap = (runs[1]?.startedAt.getTime() ?? 0) - (runs[0]?.finishedAt?.getTime() ?? 0);
    expect(gap).toBeGreaterThanOrEqual(900);
    expect(errors).toEqual(['flaky failed SMTP 451']);
  }, 60_000);

  it('stop() waits for the run in progress; the admins see the plan from any process', async () => {
    const { url, database } = await freshDatabase();
    const { log } = collectingLog();
    const s = processOn(url, database, 'a:1', log);
    let finished = false;
    s.schedule('slow', { cron: '30 2 * * *' }, async () => {
      await sleep(1500);
      finished = true;
    });
    s.schedule('hourly', { everyMs: 3_600_000 }, async () => {});
    await s.start();
    const plan = await s.plan();
    expect(plan.map((p) => p.name)).toEqual(['hourly', 'slow']);
    const berlin = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' });
    expect(berlin.format(plan[1]?.nextRunAt ?? new Date(0))).toBe('02:30');
    expect(plan[0]?.nextRunAt?.getUTCMinutes()).toBe(0);

    void s.runNow('slow');
    await until(async () => (await runsOf(database, 'slow')).length > 0, 10_000);
    await s.stop();
    expect(finished).toBe(true);
    expect((await runsOf(database, 'slow'))[0]).toMatchObject({ ok: true });
    // A process without jobs (JOBS=0) reads the plan pg-boss keeps.
    expect((await plannedRuns(database)).map((p) => p.name)).toEqual(['hourly', 'slow']);
  }, 60_000);
});
