import type { ProtocolEntity } from '@pruefbuch/domain/protocol';
import {
  DEFAULT_PROTOCOL_PAGE_SIZE,
  type ProtocolEntry,
  type ProtocolPage,
  type ProtocolPageQuery,
} from '@pruefbuch/domain/schemas/audit';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLogs, users } from '../../db/schema/index';
import type { TenantContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { offsetOf, pageReply } from '../../platform/paging';

const berlinDay = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
/** The protocol date of SPEC §3: DD-MM-YYYY in the company's time zone. */
export const protocolDate = (d: Date) => berlinDay.format(d).replace(/\./g, '-');

export interface ProtocolSource {
  entity: ProtocolEntity;
  /** Whether the id names such an entity of the caller's tenant; asked only when there are no rows (else 404). */
  exists: (db: Executor, tenantId: string, id: string) => Promise<unknown>;
}

/** "Vorname Nachname" of the editor; empty when the user is gone or has no name. */
const nameOf = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/**
 * The protocol of one entity of the caller's tenant, newest first. It outlives the entity: a deleted one's trail is still
 * returned; an id that never had a trail and does not exist is a 404. Without page and size the
 * whole protocol, as a list; with either, one page of it (a book with hundreds of records has
 * thousands of entries).
 */
export async function protocolOf(
  ctx: TenantContext,
  source: ProtocolSource,
  entityId: string,
  paging: ProtocolPageQuery = {},
): Promise<ProtocolEntry[] | ProtocolPage> {
  const where = and(
    eq(auditLogs.tenantId, ctx.tenantId),
    eq(auditLogs.entity, source.entity),
    eq(auditLogs.entityId, entityId),
  );
  const page =
    paging.page === undefined && paging.size === undefined
      ? null
      : { page: paging.page ?? 1, size: paging.size ?? DEFAULT_PROTOCOL_PAGE_SIZE };
  const query = ctx.db
    .select({ log: auditLogs, firstName: users.firstName, lastName: users.lastName })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.editorId))
    .where(where)
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id));
  const rows = page ? await query.limit(page.size).offset(offsetOf(page)) : await query;
  /** All entries, for a page that does not show where the protocol ends. */
  const countRows = async () => {
    const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLogs).where(where);
    return row?.n ?? 0;
  };
  const total = !page
    ? rows.length
    : rows.length > 0 && rows.length < page.size
      ? offsetOf(page) + rows.length
      : await countRows();
  if (total === 0 && !(await source.exists(ctx.db, ctx.tenantId, entityId))) throw notFound();
  const entries = rows.map(({ log: r, firstName, lastName }) => ({
    _id: r.id,
    field: r.field,
    oldValue: r.oldValue,
    newValue: r.newValue,
    date: protocolDate(r.createdAt),
    createdAt: r.createdAt.toISOString(),
    userKuerzel: r.editorAbbreviation,
    editorName: nameOf(firstName, lastName),
    action: r.action,
  }));
  return page ? pageReply(entries, total, page) : entries;
}
