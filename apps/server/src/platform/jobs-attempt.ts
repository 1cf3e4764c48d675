/** One attempt of a job, recorded in job_runs: the part both schedulers share. */
import { hostname } from 'node:os';
import type { Db } from '../db/client';
import { reportError } from './error-tracking';
import type { JobEntry, JobLog, JobOptions, JobWork } from './jobs';
import { lastOkAt, recordStart, trimRuns } from './jobs-runs';
import type { JobTiming } from './jobs-timing';

const HOUR = 60 * 60 * 1000;

export const defaultRunner = () => `${hostname()}:${process.pid}`;

/** The job with the defaults of JobOptions filled in. */
export function jobEntry(name: string, timing: JobTiming, work: JobWork, opts: JobOptions = {}): JobEntry {
  return {
    name,
    timing,
    work,
    retries: opts.retries ?? 2,
    retryDelayMs: opts.retryDelayMs ?? 60_000,
    timeoutMs: opts.timeoutMs ?? HOUR,
  };
}

/** Runs one attempt and records it; a failure is logged and thrown on, for the scheduler to retry. */
export async function runAttempt(db: Db, job: JobEntry, attempt: number, runner: string, log: JobLog) {
  const lastOk = await lastOkAt(db, job.name);
  const finish = await recordStart(db, job.name, attempt, runner);
  try {
    await job.work({ attempt, lastOkAt: lastOk });
    await finish({ ok: true });
  } catch (err) {
    log.error({ err, job: job.name, attempt }, `${job.name} failed`);
    reportError(err, { job: job.name, attempt: String(attempt) });
    await finish({ ok: false, error: err }).catch((e: unknown) => log.error({ err: e }, 'job run not recorded'));
    throw err;
  } finally {
    await trimRuns(db, job.name).catch((e: unknown) => log.error({ err: e }, 'job runs not trimmed'));
  }
}
