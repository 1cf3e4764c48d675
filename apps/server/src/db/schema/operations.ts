import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Files whose last reference is gone, removed from the store only once `dueAt` has passed (the grace
 * period), so a backup that read the database before the delete still finds every file it lists.
 */
export const fileRemovals = pgTable(
  'file_removals',
  {
    sha256: text('sha256').primaryKey(),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('file_removals_due_idx').on(t.dueAt)],
);

/** Each run of a periodic job, by whichever process ran it: the admins' view of the background work. */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    durationMs: integer('duration_ms'),
    ok: boolean('ok'),
    attempt: integer('attempt').notNull().default(1),
    error: text('error'),
    /** host:pid of the process that ran it. */
    runner: text('runner').notNull(),
  },
  (t) => [index('job_runs_name_started_idx').on(t.name, t.startedAt)],
);
