import type { AdminDashboard } from '@pruefbuch/domain/schemas/admin';
import { and, gt, isNull, sql } from 'drizzle-orm';
import { sessions, tenants, users } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { outboxOverview } from './admin.outbox';

/** Counts for the admin dashboard, the mail queue and the newest mails of the outbox. */
export async function dashboard(ctx: RequestContext): Promise<AdminDashboard> {
  const count = sql<number>`count(*)::int`;
  const [[u], [t], [s], outbox] = await Promise.all([
    ctx.db.select({ n: count }).from(users),
    ctx.db.select({ n: count }).from(tenants),
    ctx.db
      .select({ n: count })
      .from(sessions)
      .where(and(isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()))),
    outboxOverview(ctx.db),
  ]);
  return {
    users: u?.n ?? 0,
    tenants: t?.n ?? 0,
    activeSessions: s?.n ?? 0,
    ...outbox,
  };
}
