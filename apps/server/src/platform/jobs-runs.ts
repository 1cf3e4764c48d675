/**
 * The record of every run of a periodic job (table job_runs): written by whichever process ran it, so
 * the admins see the background work of all processes in one place, and read back by the jobs that
 * need to know when they last succeeded (the offers' and orders' day runs).
 */
import { and, desc, eq, lt, max, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobRuns } from '../db/schema/index';
import { errorSerializer } from './logging';

/** Runs older than this go, and so does every run of a job beyond its newest KEEP_PER_JOB. */
const KEEP_DAYS = 30;
const KEEP_PER_JOB = 200;
const ERROR_MAX = 1000;

/**
 * The error as stored: type and message, with the cause's (Drizzle wraps the driver's error), never
 * the query's values or a refused value (logging.ts errorSerializer leaves those out).
 */
export function errorText(err: unknown): string {
  const e = errorSerializer(err as Error);
  const cause = e.cause as { type: string; message: string } | undefined;
  const text = `${e.type}: ${e.message}${cause ? ` (${cause.type}: ${cause.message})` : ''}`;
  return text.length > ERROR_MAX ? `${text.slice(0, ERROR_MAX - 1)}…` : text;
}

/** Records the start of an attempt; the returned function records its end. */
export async function recordStart(db: Db, name: string, attempt: number, runner: string) {
  const [row] = await db
    .insert(jobRuns)
    .values({ name, attempt, runner, startedAt: new Date() })
    .returning({ id: jobRuns.id });
  const startedAt = Date.now();
  return async (outcome: { ok: true } | { ok: false; error: unknown }) => {
    await db
      .update(jobRuns)
      .set({
        finishedAt: new Date(),
        durationMs: Date.now() - startedAt,
        ok: outcome.ok,
        error: outcome.ok ? null : errorText(outcome.error),
      })
      .where(eq(jobRuns.id, row?.id ?? ''));
  };
}

/** When the newest successful run of the job started (null when it never succeeded). */
export async function lastOkAt(db: Db, name: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(jobRuns.startedAt) })
    .from(jobRuns)
    .where(and(eq(jobRuns.name, name), eq(jobRuns.ok, true)));
  return row?.at ?? null;
}

/** Drops a job's runs past the keeping period or beyond its newest KEEP_PER_JOB. */
export async function trimRuns(db: Db, name: string) {
  const newest = db
    .select({ id: jobRuns.id })
    .from(jobRuns)
    .where(eq(jobRuns.name, name))
    .orderBy(desc(jobRuns.startedAt))
    .limit(KEEP_PER_JOB);
  await db
    .delete(jobRuns)
    .where(
      and(
        eq(jobRuns.name, name),
        or(lt(jobRuns.startedAt, sql`now() - make_interval(days => ${KEEP_DAYS})`), notInArray(jobRuns.id, newest)),
      ),
    );
}
