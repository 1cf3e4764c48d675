import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { books } from './books';
import { createdAt } from './columns';
import { blobs } from './documents';
import { inspections } from './inspections';
import { tenants } from './tenants';

/** PDFs kept per book (SPEC §3 PDF asset): generated reports and uploaded ones, with the tech acceptor's sign-off. */
export const pdfAssets = pgTable(
  'pdf_assets',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    inspectionId: uuid('inspection_id').references(() => inspections.id, { onDelete: 'set null' }),
    blobId: uuid('blob_id')
      .notNull()
      .references(() => blobs.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    techAcceptorId: uuid('tech_acceptor_id'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    acceptedBy: uuid('accepted_by'),
    acceptanceNote: text('acceptance_note').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt,
  },
  (t) => [index('pdf_assets_book_idx').on(t.bookId, t.createdAt)],
);
