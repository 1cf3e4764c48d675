import type { ExportScope, ExportStatus } from '@pruefbuch/domain/schemas/export';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { tenants } from './tenants';
import { users } from './users';

/**
 * Inspection files (Prüfakten) built in the background (decision 058): the queue and its record. A job is
 * claimed by one process at a time (`for update skip locked`, a lease the running process keeps renewing);
 * a process that dies leaves the lease to run out, and the job is taken up again from the start until its
 * attempts are used up, then it is 'failed'. The finished ZIP lies in the file store under `sha256`, which
 * keeps it from removal (platform/files.ts fileReferenceColumns) until the link expires.
 */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').$type<ExportScope>().notNull(),
    /** The book's or branch's id, or the customer number. */
    target: text('target').notNull(),
    label: text('label').notNull().default(''),
    status: text('status').$type<ExportStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** While running: the claim holds until then; the running process moves it on with its progress. */
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    booksDone: integer('books_done').notNull().default(0),
    booksTotal: integer('books_total').notNull().default(0),
    fileName: text('file_name').notNull().default(''),
    sha256: text('sha256'),
    size: bigint('size', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    error: text('error'),
    createdAt,
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('export_jobs_due_idx').on(t.status, t.leaseUntil).where(sql`status in ('queued', 'running')`),
    index('export_jobs_user_idx').on(t.requestedBy, t.createdAt),
    index('export_jobs_expiry_idx').on(t.expiresAt).where(sql`status = 'done'`),
    index('export_jobs_sha_idx').on(t.sha256),
    // The same file asked for twice while the first is still on its way is the first (a double click).
    uniqueIndex('export_jobs_open_key')
      .on(t.requestedBy, t.tenantId, t.scope, t.target)
      .where(sql`status in ('queued', 'running')`),
  ],
);
