import { z } from 'zod';
import { idSchema } from './common';

/**
 * What became of a mail of the outbox (docs/decisions/029): queued, retrying after a failed attempt,
 * sent, dead (given up; can be sent again), stored (no SMTP configured: the outbox is the mailbox), or
 * failed (tried once before the queue existed).
 */
export const OUTBOX_STATUSES = ['queued', 'retrying', 'sent', 'dead', 'stored', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const outboxMailSchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  /**
   * The text of a stored mail only. A waiting or dead mail's text is sealed (it may hold a live
   * password-reset link) and a sent one's is gone: then it is empty and `sealed` says whether a text
   * is kept (for sending) but not shown.
   */
  text: z.string(),
  sealed: z.boolean(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  /** When a waiting mail is tried next; null once it is no longer waiting. */
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** The last attempt's error (never the SMTP credentials). */
  error: z.string().nullable(),
  /** Whether 'Erneut senden' can queue it again: a dead or failed mail whose text is kept. */
  resendable: z.boolean(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** The mail queue at a glance. */
export const mailQueueSchema = z.object({
  /** Queued or retrying: still to go out. */
  waiting: z.number().int(),
  /** Of those, the ones that failed at least once. */
  retrying: z.number().int(),
  /** Dead letters. */
  dead: z.number().int(),
  oldestWaitingAt: z.string().nullable(),
});
export type MailQueue = z.infer<typeof mailQueueSchema>;

/** GET admin/dashboard: the counts, the mail queue, its dead letters and the newest mails of the outbox. */
export const adminDashboardReply = z.object({
  users: z.number().int(),
  tenants: z.number().int(),
  activeSessions: z.number().int(),
  mailQueue: mailQueueSchema,
  /** The newest dead letters (also when they are older than the outbox shown). */
  deadLetters: z.array(outboxMailSchema),
  outbox: z.array(outboxMailSchema),
});
export type AdminDashboard = z.infer<typeof adminDashboardReply>;

/** POST admin/outbox/resend: queues a dead (or failed) mail again with its kept text. */
export const outboxResendSchema = z.object({ id: idSchema });
export type OutboxResend = z.infer<typeof outboxResendSchema>;
