import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { books } from './books';
import { tenants } from './tenants';

/**
 * The seals of finalized records (decision 057): one chain per book, a seal per record in the order
 * the records were finalized. `inspection_id` has no foreign key on purpose: a seal outlives a record
 * deleted behind the application, so the check can name it. A seal whose hash is null was placed by
 * the upgrade (migration 0042) and is completed at the next start (`completePendingSeals`).
 */
export const recordSeals = pgTable(
  'record_seals',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    /** The place in the book's chain: 1, 2, 3, ... */
    seq: integer('seq').notNull(),
    inspectionId: uuid('inspection_id').notNull(),
    /** The version of the canonical form (rules/record-seal.ts SEAL_FORM). */
    form: integer('form').notNull().default(1),
    /** SHA-256 (hex) of the record's canonical content. */
    contentHash: text('content_hash'),
    /** SHA-256 of the record's archived PDFs when it was sealed. */
    pdfs: jsonb('pdfs').$type<string[]>().notNull().default([]),
    prevHash: text('prev_hash'),
    hash: text('hash'),
    sealedAt: timestamp('sealed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bookId, t.seq] }), uniqueIndex('record_seals_inspection_key').on(t.inspectionId)],
);

/**
 * The head of each book's chain: its last place and hash. A finalize locks this row, so two finalizes
 * of one book at once still form one chain; the export lists it.
 */
export const recordChainHeads = pgTable('record_chain_heads', {
  bookId: uuid('book_id')
    .primaryKey()
    .references(() => books.id, { onDelete: 'cascade' }),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull().default(0),
  hash: text('hash'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
});
