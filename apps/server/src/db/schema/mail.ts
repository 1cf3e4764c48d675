import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What a delivered mail confirms, run by the mail worker in the transaction that marks the row sent
 * (e.g. an offer's KTB is 'informed' only once the mail is out, not when it was queued).
 */
export interface MailDeliveredAction {
  kind: string;
  id: string;
}

/**
 * The mail queue and its record. A mail is inserted as 'queued' inside the business transaction and
 * sent after commit by the mail worker, which retries with back-off ('retrying') until it is 'sent'
 * or, after its last attempt, 'dead' (the admin dashboard can send it again). Without SMTP_URL a mail
 * ends as 'stored': the outbox the admin dashboard shows. While a mail waits its text is sealed with
 * the app secret (`textSealed`), because it may hold live links; once sent the text is dropped.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    textSealed: boolean('text_sealed').notNull().default(false),
    status: text('status').$type<'queued' | 'retrying' | 'sent' | 'dead' | 'stored' | 'failed'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    onDelivered: jsonb('on_delivered').$type<MailDeliveredAction>(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`status in ('queued', 'retrying')`),
  ],
);
