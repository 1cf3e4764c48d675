import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database';
import { jobRuns, tenants } from '../db/schema/index';
import { createScheduler, type JobLog, plannedRuns } from './jobs';
import { localScheduler } from './jobs-local';
import { errorText, trimRuns } from './jobs-runs';

const database = await openTestDatabase();
const db = database.db;
let jobNumber = 0;
/** A job name of its own per test: the tests share the database. */
const uniqueName = (what: string) => `${what}-${++jobNumber}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits until `done` holds, up to a few seconds (a loaded machine runs timers late). */
async function until(done: () => boolean, ms = 5_000) {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await sleep(10);
}

function collectingLog() {
  const errors: string[] = [];
  const log: JobLog = { info: () => {}, error: (_: object, msg: string) => errors.push(msg) };
  return { errors, log };
}

const runsOf = (name: string) =>
  db.select().from(jobRuns).where(eq(jobRuns.name, name)).orderBy(asc(jobRuns.startedAt), asc(jobRuns.attempt));

describe('in-process scheduler', () => {
  it('runs a job on its timer and records every run with its runner and duration', async () => {
    const name = uniqueName('tick');
    const { log } = collectingLog();
    const scheduler = localScheduler(db, log, 'host-a:1');
    let calls = 0;
    scheduler.schedule(name, { everyMs: 40 }, async () => {
      calls += 1;
      await sleep(5);
    });
    await scheduler.start();
    await until(() => calls >= 3);
    await scheduler.stop();
    const runs = await runsOf(name);
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(runs).toHaveLength(calls);
    for (const run of runs) {
      expect(run).toMatchObject({ ok: true, attempt: 1, runner: 'host-a:1', error: null });
      expect(run.durationMs).toBeGreaterThanOrEqual(4);
      expect(run.finishedAt?.getTime()).toBeGreaterThanOrEqual(run.startedAt.getTime());
    }
    // Stopped: no run after stop().
    await sleep(100);
    expect(calls).toBe(runs.length);
  });

  it('retries a failing run with growing waits and records each attempt', async () => {
    const name = uniqueName('flaky');
    const { log, errors } = collectingLog();
    const scheduler = localScheduler(db, log, 'host-a:1');
    const starts: number[] = [];
    scheduler.schedule(
      name,
      { cron: '0 3 * * *' },
      async () => {
        starts.push(Date.now());
        if (starts.length < 3) throw new Error(`SMTP 451 (${starts.length})`);
      },
      { retries: 3, retryDelayMs: 40 },
    );
    await scheduler.start();
    await scheduler.runNow(name);
    await scheduler.stop();
    const runs = await runsOf(name);
    expect(runs.map((r) => [r.attempt, r.ok, r.error])).toEqual([
      [1, false, 'Error: SMTP 451 (1)'],
      [2, false, 'Error: SMTP 451 (2)'],
      [3, true, null],
    ]);
    // Back-off: 40 ms, then 80 ms.
    expect((starts[1] ?? 0) - (starts[0] ?? 0)).toBeGreaterThanOrEqual(38);
    expect((starts[2] ?? 0) - (starts[1] ?? 0)).toBeGreaterThanOrEqual(78);
    expect(errors).toEqual([`${name} failed`, `${name} failed`]);
  });

  it('gives up after its retries and runs again at the next planned time', async () => {
    const name = uniqueName('broken');
    const { log } = collectingLog();
    const scheduler = localScheduler(db, log, 'host-a:1');
    let calls = 0;
    scheduler.schedule(
      name,
      { everyMs: 60_000 },
      async () => {
        calls += 1;
        throw new Error('Datenbank weg');
      },
      { retries: 1, retryDelayMs: 1 },
    );
    await scheduler.start();
    await scheduler.runNow(name);
    expect(calls).toBe(2);
    await scheduler.runNow(name);
    expect(calls).toBe(4);
    await scheduler.stop();
    expect((await runsOf(name)).map((r) => `${r.attempt}:${r.ok}`)).toEqual([
      '1:false',
      '2:false',
      '1:false',
      '2:false',
    ]);
  });

  it('never runs a job twice at a time: a run asked for meanwhile joins the one in progress', async () => {
    const name = uniqueName('long');
    const { log } = collectingLog();
    const scheduler = localScheduler(db, log, 'host-a:1');
    let starts = 0;
    let release: () => void = () => {};
    scheduler.schedule(name, { cron: '0 3 * * *' }, () => {
      starts += 1;
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await scheduler.start();
    const a = scheduler.runNow(name);
    const b = scheduler.runNow(name);
    await sleep(50);
    expect(starts).toBe(1);
    release();
    await Promise.all([a, b]);
    expect(await runsOf(name)).toHaveLength(1);
    await scheduler.stop();
  });

  it('stop() waits for a run in progress and ends a back-off wait without a further attempt', async () => {
    const slow = uniqueName('slow');
    const failing = uniqueName('failing');
    const { log } = collectingLog();
    const scheduler = localScheduler(db, log, 'host-a:1');
    let finished = false;
    let failingCalls = 0;
    scheduler.schedule(slow, { cron: '0 3 * * *' }, async () => {
      await sleep(150);
      finished = true;
    });
    scheduler.schedule(
      failing,
      { cron: '0 3 * * *' },
      async () => {
        failingCalls += 1;
        throw new Error('nein');
      },
      { retries: 5, retryDelayMs: 60_000 },
    );
    await scheduler.start();
    void scheduler.runNow(slow);
    void scheduler.runNow(failing);
    await sleep(30);
    const stopping = Date.now();
    await scheduler.stop();
    expect(finished).toBe(true);
    // Not a minute: the back-off wait ended with the stop.
    expect(Date.now() - stopping).toBeLessThan(5_000);
    expect(failingCalls).toBe(1);
    expect((await runsOf(slow))[0]).toMatchObject({ ok: true });
  });

  it('makes up a run left out while no process ran, and only then', async () => {
    const never = uniqueName('never-ran');
    const recent = uniqueName('ran-recently');
    const stale = uniqueName('ran-long-ago');
    // Ran successfully after the last planned time (every hour): nothing to make up.
    await db.insert(jobRuns).values([
      { name: recent, ok: true, runner: 'old:1', startedAt: new Date(Date.now() - 60_000) },
      { name: stale, ok: true, runner: 'old:1', startedAt: new Date(Date.now() - 3 * 3_600_000) },
      // A failure after the planned time does not count as the run.
      { name: stale, ok: false, runner: 'old:1', startedAt: new Date(Date.now() - 60_000) },
    ]);
    const { log } = collectingLog();
    const scheduler = localScheduler(db, log, 'host-b:2');
    const ran: string[] = [];
    for (const name of [never, recent, stale])
      scheduler.schedule(name, { everyMs: 3_600_000, firstAfterMs: 0 }, async () => {
        ran.push(name);
      });
    await scheduler.start();
    await until(() => ran.length >= 2);
    await sleep(100);
    await scheduler.stop();
    expect(ran.sort()).toEqual([never, stale].sort());
  });

  it('tells each run when the job last succeeded, on whichever process', async () => {
    const name = uniqueName('day');
    const earlier = new Date(Date.now() - 26 * 3_600_000);
    await db.insert(jobRuns).values([
      { name, ok: true, runner: 'other:9', startedAt: earlier },
      { name, ok: false, runner: 'other:9', startedAt: new Date(Date.now() - 3_600_000) },
    ]);
    const { log } = collectingLog();
    const scheduler = localScheduler(db, log, 'host-a:1');
    const seen: (Date | null)[] = [];
    scheduler.schedule(name, { cron: '0 3 * * *' }, async ({ lastOkAt }) => {
      seen.push(lastOkAt);
    });
    await scheduler.start();
    await scheduler.runNow(name);
    await scheduler.runNow(name);
    await scheduler.stop();
    expect(seen[0]?.getTime()).toBe(earlier.getTime());
    const [, second] = await runsOf(name).then((runs) => runs.filter((r) => r.ok));
    expect(seen[1]?.getTime()).toBe(second?.startedAt.getTime());
  });

  it('refuses a job scheduled twice, after start, or with a cron expression it cannot read', async () => {
    const { log } = collectingLog();
    const scheduler = localScheduler(db, log, 'host-a:1');
    const work = async () => {};
    scheduler.schedule('twice', { everyMs: 1000 }, work);
    expect(() => scheduler.schedule('twice', { everyMs: 1000 }, work)).toThrow(/twice/);
    expect(() => scheduler.schedule('bad-cron', { cron: '61 * * * *' }, work)).toThrow();
    await scheduler.start();
    expect(() => scheduler.schedule('late', { everyMs: 1000 }, work)).toThrow(/before start/);
    await expect(scheduler.runNow('unknown')).rejects.toThrow(/no job unknown/);
    await scheduler.stop();
  });

  it('plans the next runs: the cron times in Berlin, the admins’ view of this process', async () => {
    const { log } = collectingLog();
    const scheduler = createScheduler({ database: { db, kind: 'pglite' }, log, runner: 'host-a:1' });
    scheduler.schedule('nightly', { cron: '30 2 * * *' }, async () => {});
    expect(await plannedRuns({ db, kind: 'pglite' })).toEqual([]);
    await scheduler.start();
    const [plan] = await plannedRuns({ db, kind: 'pglite' });
    expect(plan?.name).toBe('nightly');
    const at = plan?.nextRunAt ?? new Date(0);
    expect(at.getTime()).toBeGreaterThan(Date.now());
    expect(at.getTime() - Date.now()).toBeLessThanOrEqual(25 * 3_600_000);
    const berlin = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' });
    expect(berlin.format(at)).toBe('02:30');
    await scheduler.stop();
    expect(await plannedRuns({ db, kind: 'pglite' })).toEqual([]);
  });
});

describe('job_runs', () => {
  it('keeps the newest 200 runs of a job and none older than 30 days', async () => {
    const name = uniqueName('many');
    const other = uniqueName('other');
    const now = Date.now();
    await db.insert(jobRuns).values([
      ...Array.from({ length: 210 }, (_, i) => ({
        name,
        ok: true,
        runner: 'x:1',
        startedAt: new Date(now - i * 60_000),
      })),
      { name: other, ok: true, runner: 'x:1', startedAt: new Date(now - 31 * 86_400_000) },
      { name: other, ok: true, runner: 'x:1', startedAt: new Date(now - 29 * 86_400_000) },
    ]);
    await trimRuns(db, name);
    const kept = await runsOf(name);
    expect(kept).toHaveLength(200);
    expect(kept[0]?.startedAt.getTime()).toBe(now - 199 * 60_000);
    // Another job's runs stay until that job is trimmed.
    expect(await runsOf(other)).toHaveLength(2);
    await trimRuns(db, other);
    expect((await runsOf(other)).map((r) => r.startedAt.getTime())).toEqual([now - 29 * 86_400_000]);
  });

  it('stores the error without the values of a failed query', async () => {
    const secret = 'Geheime Filiale Musterstraße 1';
    let caught: unknown;
    try {
      await db.insert(tenants).values({ name: secret, url: secret, id: 'not-a-uuid' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeDefined();
    const text = errorText(caught);
    expect(text).not.toContain(secret);
    expect(text).not.toContain('not-a-uuid');
    expect(text).toContain('uuid');
    expect(errorText(new Error('x'.repeat(5000))).length).toBeLessThanOrEqual(1000);
  });

  it('records a run that failed on the database as failed, with the job name in the log', async () => {
    const name = uniqueName('sql');
    const { log, errors } = collectingLog();
    const scheduler = localScheduler(db, log, 'host-a:1');
    scheduler.schedule(name, { cron: '0 3 * * *' }, () => db.execute(sql`select 1/0`), { retries: 0 });
    await scheduler.start();
    await scheduler.runNow(name);
    await scheduler.stop();
    const [run] = await db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.name, name), eq(jobRuns.ok, false)));
    expect(run?.error).toMatch(/division by zero/);
    expect(errors).toEqual([`${name} failed`]);
  });
});
