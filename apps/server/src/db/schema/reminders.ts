import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { books } from './books';
import { tenants } from './tenants';
import { users } from './users';

/** Per user: the weekly digest on or off, and the hash of the secret of their calendar feed. */
export const userReminderSettings = pgTable('user_reminder_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  digest: boolean('digest').notNull().default(true),
  icalTokenHash: text('ical_token_hash').unique(),
  icalCreatedAt: timestamp('ical_created_at', { withTimezone: true, mode: 'date' }),
});

/** When a tenant's digest last ran. */
export const digestRuns = pgTable('digest_runs', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** The ampels of a book at the last digest, to tell what turned worse since. */
export const digestSnapshots = pgTable('digest_snapshots', {
  bookId: uuid('book_id')
    .primaryKey()
    .references(() => books.id, { onDelete: 'cascade' }),
  inspectionAmpel: text('inspection_ampel'),
  selfAmpel: text('self_ampel'),
});
