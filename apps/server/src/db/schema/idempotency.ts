import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';
import { users } from './users';

/**
 * The idempotency keys of creates and uploads (decision 060): the request a key first came with (its
 * hash) and the reply it got, so a repeat of the key gets the same reply and writes nothing again.
 * Stored in the transaction of the write; purged by the daily job after IDEMPOTENCY_KEEP_DAYS.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Whose keys these are: `<tenant>/<user>` when signed in, `public/<route and path>` on a public page. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 over the method, the route's path and the body (a form's fields and its files' hashes). */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    contentType: text('content_type'),
    /** The reply's body as it was sent. */
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
    index('idempotency_keys_tenant_idx').on(t.tenantId),
    index('idempotency_keys_user_idx').on(t.userId),
  ],
);
