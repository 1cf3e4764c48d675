import { z } from 'zod';

/** What became of a mail of the outbox: stored only (no SMTP configured), sent, or failed. */
export const OUTBOX_STATUSES = ['stored', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const outboxMailSchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** GET admin/dashboard: the counts and the newest mails of the outbox. */
export const adminDashboardReply = z.object({
  users: z.number().int(),
  tenants: z.number().int(),
  activeSessions: z.number().int(),
  outbox: z.array(outboxMailSchema),
});
export type AdminDashboard = z.infer<typeof adminDashboardReply>;
