/**
 * The scheduler on PostgreSQL: pg-boss (its own schema 'pgboss', its own small pool). pg-boss's cron
 * makes one job per planned time whichever processes plan it, and each queue lets one run be active
 * at a time, so a planned run executes once across all processes; a failed run is retried with
 * back-off by pg-boss, on whichever process fetches it.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { type Db, rowsOf } from '../db/client';
import type { JobEntry, JobPlan, Scheduler, SchedulerOptions } from './jobs';
import { defaultRunner, jobEntry, runAttempt } from './jobs-attempt';
import { lastOkAt } from './jobs-runs';
import { checkTiming, cronOf, JOB_TIME_ZONE, missedRun, nextOfCron } from './jobs-timing';

const SCHEMA = 'pgboss';
/** pg_advisory_lock key of pg-boss's installation and upgrades ('pbjobs'). */
const INSTALL_LOCK = 0x7062_6a6f_6273;
/** Its pool per process: the workers, the cron and the maintenance share it. */
const POOL_MAX = 4;
const FINAL_STATES = new Set(['completed', 'failed', 'cancelled']);

/** What a job of our queues carries: a made-up run after start-up checks first whether one is still missing. */
interface JobData {
  catchUp?: boolean;
}

/**
 * Runs pg-boss's start under an advisory lock of our own. pg-boss creates its schema in one
 * multi-statement transaction; a second process that loses the race gets 'already exists', which
 * pg-boss ignores, but the connection stays in the aborted transaction and the next statements on it
 * fail ("current transaction is aborted"): starting one after the other, the later ones find the
 * schema installed and create nothing.
 */
async function underInstallLock<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'pruefbuch-jobs-install' });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [INSTALL_LOCK]);
    return await fn();
  } finally {
    await client.end();
  }
}

export function pgBossScheduler(opts: SchedulerOptions & { url: string }): Scheduler {
  const db = opts.database.db;
  const { log, url } = opts;
  const runner = opts.runner ?? defaultRunner();
  const jobs = new Map<string, JobEntry>();
  const timers = new Set<NodeJS.Timeout>();
  let boss: PgBoss | null = null;
  let stopping = false;

  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timer.unref();
    timers.add(timer);
  };
  const pause = (ms: number) => new Promise<void>((resolve) => later(ms, resolve));

  async function handle(job: JobEntry, run: PgBoss.JobWithMetadata<JobData>) {
    if (run.data?.catchUp && !missedRun(job.timing, await lastOkAt(db, job.name), new Date())) return;
    // retry_count counts the fetches after the first: attempt 1, 2, …
    await runAttempt(db, job, run.retryCount + 1, runner, log);
  }

  /** The queue and its cron entry: rows of pg-boss's own tables, written under the install lock. */
  async function declareQueue(b: PgBoss, job: JobEntry) {
    const queue = {
      name: job.name,
      // One active run per job across all processes; the runs waiting behind it keep their turn.
      policy: 'singleton' as const,
      retryLimit: job.retries,
      retryDelay: Math.max(1, Math.round(job.retryDelayMs / 1000)),
      retryBackoff: true,
      expireInSeconds: Math.max(1, Math.round(job.timeoutMs / 1000)),
    };
    await b.createQueue(job.name, queue);
    // A queue made by an older version takes the current retries and timeout.
    await b.updateQueue(job.name, queue);
    await b.schedule(job.name, cronOf(job.name, job.timing), {}, { tz: JOB_TIME_ZONE });
  }

  async function workQueue(b: PgBoss, job: JobEntry) {
    await b.work<JobData>(
      job.name,
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: opts.pollSeconds ?? 5 },
      async ([run]) => {
        if (run) await handle(job, run);
      },
    );
    const { firstAfterMs } = job.timing;
    if (firstAfterMs !== undefined)
      later(firstAfterMs, () => {
        if (stopping) return;
        b.send(job.name, { catchUp: true } satisfies JobData).catch((err: unknown) =>
          log.error({ err, job: job.name }, 'job not queued'),
        );
      });
  }

  return {
    schedule(name, timing, work, jobOpts) {
      if (boss) throw new Error(`job ${name}: schedule jobs before start()`);
      if (jobs.has(name)) throw new Error(`job ${name} is scheduled twice`);
      checkTiming(name, timing);
      cronOf(name, timing);
      jobs.set(name, jobEntry(name, timing, work, jobOpts));
    },

    async start() {
      const poll = opts.pollSeconds ?? 5;
      const b = new PgBoss({
        connectionString: url,
        schema: SCHEMA,
        max: POOL_MAX,
        application_name: 'pruefbuch-jobs',
        cronWorkerIntervalSeconds: Math.min(45, Math.max(1, Math.round(poll))),
        ...(poll < 5 ? { cronMonitorIntervalSeconds: 1 } : {}),
      });
      // Without a listener an 'error' event (a dropped connection) would end the process.
      b.on('error', (err) => log.error({ err }, 'job queue error'));
      boss = b;
      // Processes starting together would deadlock in pg-boss's queue table (createQueue takes a
      // table lock after inserting): installing and declaring happen one process at a time.
      await underInstallLock(url, async () => {
        await b.start();
        for (const job of jobs.values()) await declareQueue(b, job);
      });
      for (const job of jobs.values()) await workQueue(b, job);
    },

    async stop() {
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const longest = Math.max(30_000, ...[...jobs.values()].map((j) => j.timeoutMs));
      // Waits for the runs in progress; pg-boss fails a run still going after `longest`, to be retried.
      await boss?.stop({ graceful: true, wait: true, timeout: longest });
    },

    async runNow(name) {
      const b = boss;
      if (!b || !jobs.has(name)) throw new Error(`no job ${name}`);
      const id = await b.send(name, {});
      if (!id) return;
      while (!stopping) {
        const run = await b.getJobById(name, id, { includeArchive: true });
        if (!run || FINAL_STATES.has(run.state)) return;
        await pause(200);
      }
    },

    plan: () => readPgBossPlan(db),
  };
}

/** The next run of every job in pg-boss's schedule table (none while pg-boss was never started here). */
export async function readPgBossPlan(db: Db): Promise<JobPlan[]> {
  const [installed] = await rowsOf<{ present: boolean }>(
    db,
    sql`select to_regclass(${`${SCHEMA}.schedule`}) is not null as present`,
  );
  if (!installed?.present) return [];
  const rows = await rowsOf<{ name: string; cron: string; timezone: string | null }>(
    db,
    sql`select name, cron, timezone from ${sql.identifier(SCHEMA)}.schedule order by name`,
  );
  const now = new Date();
  return rows.map((r) => ({ name: r.name, nextRunAt: nextOfCron(r.cron, r.timezone ?? 'UTC', now) }));
}
