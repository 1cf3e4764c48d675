/**
 * The periodic jobs of the server (ampels, digests, the offers' and orders' days, file removals,
 * backups): one scheduler interface, two implementations (docs/decisions/032). On PostgreSQL the jobs
 * go through pg-boss, so each planned run executes once across all processes; on PGlite, whose data
 * directory one process owns, an in-process scheduler runs them. Every attempt is recorded in job_runs.
 */
import type { Database, Db } from '../db/client';
import { defaultRunner } from './jobs-attempt';
import { localScheduler } from './jobs-local';
import { pgBossScheduler, readPgBossPlan } from './jobs-pgboss';
import type { JobTiming } from './jobs-timing';

export type { JobTiming } from './jobs-timing';

export const HOURLY = 60 * 60 * 1000;

export interface JobLog {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export interface JobOptions {
  /** Further attempts after a failed one (default 2). */
  retries?: number;
  /** Wait before the first retry; each further retry waits about twice as long (default 60 s). */
  retryDelayMs?: number;
  /** Longest run; on PostgreSQL a run still going then counts as failed and is retried (default 1 h). */
  timeoutMs?: number;
}

/** What a run is told: which attempt it is and when the job last succeeded (on any process). */
export interface RunContext {
  attempt: number;
  lastOkAt: Date | null;
}

export type JobWork = (run: RunContext) => Promise<unknown>;

export interface JobPlan {
  name: string;
  nextRunAt: Date | null;
}

export interface Scheduler {
  /** Adds a job; before start() only. */
  schedule(name: string, timing: JobTiming, work: JobWork, opts?: JobOptions): void;
  start(): Promise<void>;
  /** Plans no further runs and waits for the runs in progress. */
  stop(): Promise<void>;
  /** Runs the job now (in-process: joins a run in progress) and resolves once it and its retries are done. */
  runNow(name: string): Promise<void>;
  /** The planned next run of every job. */
  plan(): Promise<JobPlan[]>;
}

/** One scheduled job as both implementations keep it. */
export interface JobEntry {
  name: string;
  timing: JobTiming;
  work: JobWork;
  retries: number;
  retryDelayMs: number;
  timeoutMs: number;
}

export interface SchedulerOptions {
  database: Pick<Database, 'db' | 'kind'>;
  /** The PostgreSQL connection string: pg-boss opens a small pool of its own. */
  url?: string;
  log: JobLog;
  /** Who runs the jobs, as job_runs shows it (default host:pid). */
  runner?: string;
  /** How often an idle process asks PostgreSQL for a due run (default 5 s; tests go faster). */
  pollSeconds?: number;
}

/** The scheduler started last in this process, for the admins' view of the planned runs. */
let running: Scheduler | null = null;

/** pg-boss on PostgreSQL, the in-process scheduler on PGlite. */
export function createScheduler(opts: SchedulerOptions): Scheduler {
  const inner =
    opts.database.kind === 'postgres'
      ? pgBossScheduler({ ...opts, url: requireUrl(opts.url) })
      : localScheduler(opts.database.db, opts.log, opts.runner ?? defaultRunner());
  const scheduler: Scheduler = {
    ...inner,
    async start() {
      await inner.start();
      running = scheduler;
    },
    async stop() {
      if (running === scheduler) running = null;
      await inner.stop();
    },
  };
  return scheduler;
}

function requireUrl(url: string | undefined) {
  if (!url) throw new Error('the job queue on PostgreSQL needs the connection string');
  return url;
}

/** A job started on its own (tests and tools): run it now, stop its timers. */
export interface JobAlone {
  run: () => Promise<void>;
  stop: () => Promise<void>;
}

/** Starts the jobs that `add` schedules on an in-process scheduler of their own, whatever the database. */
export function startAlone(db: Db, log: JobLog, name: string, add: (scheduler: Scheduler) => void): JobAlone {
  const scheduler = localScheduler(db, log, defaultRunner());
  add(scheduler);
  const started = scheduler.start();
  return {
    run: () => started.then(() => scheduler.runNow(name)),
    stop: () => started.then(() => scheduler.stop()),
  };
}

/**
 * The next runs as planned: by this process's scheduler, or (a process with JOBS=0 on PostgreSQL) by
 * pg-boss's schedule table, which every process shares. A PGlite process without jobs plans none.
 */
export async function plannedRuns(database: { db: Db; kind: Database['kind'] }): Promise<JobPlan[]> {
  if (running) return running.plan();
  return database.kind === 'postgres' ? readPgBossPlan(database.db) : [];
}
