import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { books } from './books';
import { tenants } from './tenants';

/** Uploaded files (SPEC §3 Blob/document). The bytes live content-addressed under the data dir. */
export const blobs = pgTable(
  'blobs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id').references(() => books.id, { onDelete: 'cascade' }),
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    contentType: text('content_type').notNull(),
    fileName: text('file_name').notNull(),
    type: text('type').notNull().default('document'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('blobs_book_idx').on(t.bookId), index('blobs_sha_idx').on(t.sha256)],
);
