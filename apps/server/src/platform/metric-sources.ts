import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/client';
import type { MetricSources } from './metrics';

/** What /metrics reads besides the process: the pool, the mail queue by state, and failed job runs of the last day. */
export function metricSourcesOf(database: Database): MetricSources {
  return {
    pool: () => database.poolStats?.() ?? null,
    async queues() {
      const mails = await rowsOf<{ status: string; n: number }>(
        database.db,
        sql`select status, count(*)::int as n from mail_outbox group by status`,
      );
      const jobs = await rowsOf<{ name: string; n: number }>(
        database.db,
        sql`select name, count(*)::int as n from job_runs
            where ok = false and started_at > now() - interval '24 hours' group by name`,
      );
      return {
        mailsByStatus: Object.fromEntries(mails.map((r) => [r.status, r.n])),
        jobFailures24h: Object.fromEntries(jobs.map((r) => [r.name, r.n])),
      };
    },
  };
}
