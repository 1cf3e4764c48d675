import type { JobRun, JobsReply } from '@pruefbuch/domain/schemas/job';
import { desc, eq, gt, sql } from 'drizzle-orm';
import { jobRuns } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { plannedRuns } from '../../platform/jobs';

const DAY_MS = 24 * 60 * 60 * 1000;

const runOf = (r: typeof jobRuns.$inferSelect): JobRun => ({
  startedAt: r.startedAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
  durationMs: r.durationMs,
  state: r.ok === null ? 'running' : r.ok ? 'ok' : 'failed',
  attempt: r.attempt,
  runner: r.runner,
});

/**
 * Every periodic job, planned or run on any process: its last run, last failure, the runs and failures
 * of the last 24 hours and its next planned run. job_runs holds no tenant's data, only job names,
 * times, runners and error texts without query values (platform/jobs-runs.ts).
 */
export async function jobOverview(ctx: RequestContext): Promise<JobsReply> {
  const { db } = ctx;
  const [last, failures, counts, plan] = await Promise.all([
    db.selectDistinctOn([jobRuns.name]).from(jobRuns).orderBy(jobRuns.name, desc(jobRuns.startedAt)),
    db
      .selectDistinctOn([jobRuns.name])
      .from(jobRuns)
      .where(eq(jobRuns.ok, false))
      .orderBy(jobRuns.name, desc(jobRuns.startedAt)),
    db
      .select({
        name: jobRuns.name,
        runs: sql<number>`count(*)::int`,
        failures: sql<number>`(count(*) filter (where ${jobRuns.ok} = false))::int`,
      })
      .from(jobRuns)
      .where(gt(jobRuns.startedAt, new Date(Date.now() - DAY_MS)))
      .groupBy(jobRuns.name),
    plannedRuns(ctx.deps.database),
  ]);
  const lastBy = new Map(last.map((r) => [r.name, r]));
  const failureBy = new Map(failures.map((r) => [r.name, r]));
  const countBy = new Map(counts.map((r) => [r.name, r]));
  const nextBy = new Map(plan.map((p) => [p.name, p.nextRunAt]));
  const names = [...new Set([...nextBy.keys(), ...lastBy.keys()])].sort();
  return {
    jobs: names.map((name) => {
      const lastRun = lastBy.get(name);
      const failure = failureBy.get(name);
      return {
        name,
        lastRun: lastRun ? runOf(lastRun) : null,
        lastFailure: failure
          ? { startedAt: failure.startedAt.toISOString(), attempt: failure.attempt, error: failure.error }
          : null,
        failures24h: countBy.get(name)?.failures ?? 0,
        runs24h: countBy.get(name)?.runs ?? 0,
        nextRunAt: nextBy.get(name)?.toISOString() ?? null,
      };
    }),
  };
}
