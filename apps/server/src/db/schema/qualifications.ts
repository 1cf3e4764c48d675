import type { QualificationKind } from '@pruefbuch/domain/rules/qualifications';
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stamps } from './columns';
import { users } from './users';

/**
 * Qualifications of staff users (decision 055): a kind of rules/qualifications.ts, its number and
 * issuer, valid from a day until a day (null: without end), and the certificate's file, kept by its
 * content address like a blob (users belong to no tenant, so the certificate is no tenant's blob).
 */
export const userQualifications = pgTable(
  'user_qualifications',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<QualificationKind>().notNull(),
    number: text('number').notNull().default(''),
    issuer: text('issuer').notNull().default(''),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }),
    certificateSha256: text('certificate_sha256'),
    certificateName: text('certificate_name'),
    certificateType: text('certificate_type'),
    certificateSize: integer('certificate_size'),
    version: integer('version').notNull().default(0),
    ...stamps,
  },
  (t) => [
    index('user_qualifications_user_idx').on(t.userId, t.kind),
    index('user_qualifications_until_idx').on(t.validUntil),
  ],
);

/**
 * The reminder mails queued per qualification, threshold (60 or 14 days) and last valid day: a row
 * is inserted in the transaction that queues its mail, so a second run or process never mails twice,
 * and a renewal (a new last day) is reminded anew.
 */
export const qualificationReminders = pgTable(
  'qualification_reminders',
  {
    qualificationId: uuid('qualification_id')
      .notNull()
      .references(() => userQualifications.id, { onDelete: 'cascade' }),
    threshold: integer('threshold').notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.qualificationId, t.threshold, t.validUntil] })],
);
