import type {
  ChecklistEntry,
  Defect,
  InspectionKind,
  OperatorAcknowledgement,
  Signature,
} from '@pruefbuch/domain/schemas/inspection';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { books } from './books';
import { createdAt } from './columns';
import { blobs } from './documents';
import { tenants } from './tenants';

/**
 * Inspection records of a book (SPEC §3 Inspection and Self-inspection): periodic inspection,
 * maintenance (wartung), expert report (gutachten; isAbnahmeGutachten marks an acceptance
 * report) and the operator's self-inspection (self). A finalized record (finalized_at set) is
 * never changed again; a correction is a new record whose corrects_id names the old one.
 */
export const inspections = pgTable(
  'inspections',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<InspectionKind>().notNull(),
    when: date('when').notNull(),
    where: text('where').notNull().default(''),
    who: text('who').notNull().default(''),
    isAbnahmeGutachten: boolean('is_abnahme_gutachten').notNull().default(false),
    akkutausch: boolean('akkutausch').notNull().default(false),
    text: text('text').notNull().default(''),
    misc: jsonb('misc').$type<Record<string, unknown>>().notNull().default({}),
    checklistName: text('checklist_name').notNull().default('general'),
    checklist: jsonb('checklist').$type<ChecklistEntry[]>().notNull().default([]),
    defects: jsonb('defects').$type<Defect[]>().notNull().default([]),
    continuedOperation: boolean('continued_operation'),
    inspectorSignature: jsonb('inspector_signature').$type<Signature | null>(),
    operatorAcknowledgement: jsonb('operator_acknowledgement').$type<OperatorAcknowledgement | null>(),
    /** The uploaded report of an existing expert report (inspections/existingDoc). */
    reportBlobId: uuid('report_blob_id').references(() => blobs.id, { onDelete: 'set null' }),
    correctsId: uuid('corrects_id'),
    finalizedAt: timestamp('finalized_at', { withTimezone: true, mode: 'date' }),
    finalizedBy: uuid('finalized_by'),
    createdBy: uuid('created_by'),
    version: integer('version').notNull().default(0),
    createdAt,
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('inspections_book_idx').on(t.bookId, t.kind, t.when),
    index('inspections_tenant_open_idx').on(t.tenantId, t.finalizedAt),
    index('inspections_tenant_when_idx').on(t.tenantId, t.kind, t.when),
    index('inspections_creator_idx').on(t.createdBy, t.finalizedAt),
    // A record is corrected at most once; also finds the correction of a record.
    uniqueIndex('inspections_corrects_idx').on(t.correctsId),
    // The daily list: records a user started or finalized on a day.
    index('inspections_creator_created_idx').on(t.createdBy, t.createdAt),
    index('inspections_finalizer_idx').on(t.finalizedBy, t.finalizedAt),
  ],
);

/** Booking entries (SPEC §3): a person registered for one of a book's slots. */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    dob: date('dob'),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: uuid('created_by'),
    createdAt,
  },
  (t) => [
    index('bookings_book_idx').on(t.bookId, t.createdAt),
    index('bookings_user_idx').on(t.userId),
    // One booking per person and book (entries without user_id are not matched).
    uniqueIndex('bookings_book_user_idx').on(t.bookId, t.userId),
  ],
);
