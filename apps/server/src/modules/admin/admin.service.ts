import type { AdminDashboard } from '@pruefbuch/domain/schemas/admin';
import { and, desc, gt, isNull, sql } from 'drizzle-orm';
import { mailOutbox, sessions, tenants, users } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';

const OUTBOX_SHOWN = 50;

/** Counts for the admin dashboard and the newest mails of the outbox. */
export async function dashboard(ctx: RequestContext): Promise<AdminDashboard> {
  const count = sql<number>`count(*)::int`;
  const [[u], [t], [s], mails] = await Promise.all([
    ctx.db.select({ n: count }).from(users),
    ctx.db.select({ n: count }).from(tenants),
    ctx.db
      .select({ n: count })
      .from(sessions)
      .where(and(isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()))),
    ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(OUTBOX_SHOWN),
  ]);
  return {
    users: u?.n ?? 0,
    tenants: t?.n ?? 0,
    activeSessions: s?.n ?? 0,
    outbox: mails.map((m) => ({
      _id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      status: m.status,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}
