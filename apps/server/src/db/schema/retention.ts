import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { books } from './books';
import { createdAt } from './columns';
import { tenants } from './tenants';

/**
 * A legal hold (decision 059): while it stands, nothing of its book, or of any book or offer of its
 * customer, is purged: neither a retired book after its retention nor an offer's attachments after their
 * deletion date. It names a book or a customer (the name as books and offers write it, compared trimmed
 * and without case), never both.
 */
export const legalHolds = pgTable(
  'legal_holds',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id').references(() => books.id, { onDelete: 'cascade' }),
    customer: text('customer'),
    reason: text('reason').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt,
  },
  (t) => [
    check('legal_holds_book_or_customer', sql`(${t.bookId} is null) <> (${t.customer} is null)`),
    uniqueIndex('legal_holds_book_key').on(t.tenantId, t.bookId).where(sql`${t.bookId} is not null`),
    uniqueIndex('legal_holds_customer_key')
      .on(t.tenantId, sql`lower(btrim(${t.customer}))`)
      .where(sql`${t.customer} is not null`),
    index('legal_holds_tenant_idx').on(t.tenantId, t.createdAt),
  ],
);
