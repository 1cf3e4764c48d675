import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { books } from './books';
import { createdAt } from './columns';
import { tenants } from './tenants';
import { users } from './users';

/** QR codes of books (SPEC §3 QR code): `code` is the short random part of the label's URL. */
export const qrCodes = pgTable(
  'qr_codes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    code: text('code').notNull(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by'),
    createdAt,
  },
  (t) => [uniqueIndex('qr_codes_code_idx').on(t.code), index('qr_codes_book_idx').on(t.bookId)],
);

/**
 * Defects reported by anybody on the public page of a book's QR code. Staff close them ('done')
 * with a note; who closed one and when is kept with it.
 */
export const defectReports = pgTable(
  'defect_reports',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    contact: text('contact').notNull().default(''),
    text: text('text').notNull(),
    status: text('status').$type<'open' | 'done'>().notNull().default('open'),
    note: text('note').notNull().default(''),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt,
  },
  (t) => [
    index('defect_reports_book_idx').on(t.bookId, t.createdAt),
    // The tenant's list and the count of its open reports in the nav.
    index('defect_reports_tenant_status_idx').on(t.tenantId, t.status, t.createdAt),
  ],
);
