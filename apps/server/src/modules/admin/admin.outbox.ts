/**
 * The outbox on the admin dashboard (docs/decisions/029): the mail queue's depth, its dead letters and
 * the newest mails, and 'Erneut senden' for a dead letter. Only a stored mail (no SMTP configured)
 * shows its text: a waiting or dead one is sealed because it may hold a live password-reset link,
 * and a sent one keeps none.
 */
import type { MailQueue, OutboxMail } from '@pruefbuch/domain/schemas/admin';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mailOutbox } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import { mailQueueStats } from '../../platform/mailer';

const SHOWN = 50;
const RESENDABLE = ['dead', 'failed'] as const;
type OutboxRow = typeof mailOutbox.$inferSelect;

const resendable = (row: OutboxRow) => (RESENDABLE as readonly string[]).includes(row.status) && row.text !== '';

export function outboxMailOf(row: OutboxRow): OutboxMail {
  const waiting = row.status === 'queued' || row.status === 'retrying';
  return {
    _id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.status === 'stored' && !row.textSealed ? row.text : '',
    // Kept and not shown: a waiting or dead mail's text (sealed, or an old unsealed one) is for sending only.
    sealed: row.textSealed || (row.text !== '' && row.status !== 'stored'),
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: waiting ? row.nextAttemptAt.toISOString() : null,
    sentAt: row.sentAt?.toISOString() ?? null,
    error: row.error,
    resendable: resendable(row),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The queue's numbers, its newest dead letters and the newest mails of all. */
export async function outboxOverview(db: Executor) {
  const [stats, dead, newest] = await Promise.all([
    mailQueueStats(db),
    db.select().from(mailOutbox).where(eq(mailOutbox.status, 'dead')).orderBy(desc(mailOutbox.createdAt)).limit(SHOWN),
    db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(SHOWN),
  ]);
  const mailQueue: MailQueue = { ...stats, oldestWaitingAt: stats.oldestWaitingAt?.toISOString() ?? null };
  return { mailQueue, deadLetters: dead.map(outboxMailOf), outbox: newest.map(outboxMailOf) };
}

/**
 * POST admin/outbox/resend: a dead (or failed) mail goes back into the queue with fresh attempts and
 * the text it kept, sealed as a queued mail's text always is; the mail worker is told at once.
 */
export async function resendMail(ctx: RequestContext, id: string): Promise<OutboxMail> {
  const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw notFound();
  if (!resendable(row)) throw conflict('MAIL_NOT_RESENDABLE');
  const [queued] = await ctx.db
    .update(mailOutbox)
    .set({
      status: 'queued',
      attempts: 0,
      nextAttemptAt: sql`now()`,
      error: null,
      text: row.textSealed ? row.text : ctx.deps.secrets.seal(row.text),
      textSealed: true,
    })
    // Two admins at once: the second finds it queued already.
    .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, [...RESENDABLE])))
    .returning();
  if (!queued) throw conflict('MAIL_NOT_RESENDABLE');
  ctx.deps.mailer.notifyQueued();
  return outboxMailOf(queued);
}
