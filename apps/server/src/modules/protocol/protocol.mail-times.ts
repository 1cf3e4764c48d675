import { and, desc, eq, gte, inArray, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { auditLogs } from '../../db/schema/index';

/** Whose protocol rows are counted: one record's, or one editor's among the records a cheap query names. */
export type MailTimesScope = { entityId: string } | { editorId: string; tenantId?: string; candidates: SQLWrapper };

/**
 * The times of a record kind's protocol rows of one field (a mail sent about it) since `since`, newest
 * first, at most `max`: what the mail limits (decision 036) count. For an editor the candidate records
 * come from an indexed query of the caller's (records touched, mails queued within the window), so
 * only their protocols are read, never the tenant's whole protocol.
 */
export async function protocolMailTimes(
  tx: Tx,
  opts: {
    entity: (typeof auditLogs.$inferSelect)['entity'];
    field: string;
    since: Date;
    max: number;
    scope: MailTimesScope;
  },
): Promise<Date[]> {
  const { scope } = opts;
  const rows = await tx
    .select({ at: auditLogs.createdAt })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.entity, opts.entity),
        eq(auditLogs.field, opts.field),
        gte(auditLogs.createdAt, opts.since),
        'entityId' in scope
          ? eq(auditLogs.entityId, scope.entityId)
          : and(
              scope.tenantId ? eq(auditLogs.tenantId, scope.tenantId) : undefined,
              eq(auditLogs.editorId, scope.editorId),
              inArray(auditLogs.entityId, scope.candidates),
            ),
      ),
    )
    .orderBy(desc(auditLogs.createdAt))
    .limit(opts.max);
  return rows.map((r) => r.at);
}
