import type { ProtocolEntry } from '@pruefbuch/domain/schemas/audit';
import { and, desc, eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/index';
import { type RequestContext, requireTenant } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { findBook } from '../books/books.repo';

const berlinDay = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
/** The protocol date of SPEC §3: DD-MM-YYYY in the company's time zone. */
export const protocolDate = (d: Date) => berlinDay.format(d).replace(/\./g, '-');

/**
 * GET auditlogs/book: the protocol of a book of the tenant, newest first. It outlives the book:
 * a deleted book's trail is still returned; an id that never was a book of the tenant is a 404.
 */
export async function bookProtocol(rctx: RequestContext, bookId: string): Promise<ProtocolEntry[]> {
  const ctx = requireTenant(rctx);
  const rows = await ctx.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entity, 'book'), eq(auditLogs.entityId, bookId), eq(auditLogs.tenantId, ctx.tenantId)))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id));
  if (rows.length === 0 && !(await findBook(ctx.db, ctx.tenantId, bookId))) throw notFound();
  return rows.map((r) => ({
    _id: r.id,
    field: r.field,
    oldValue: r.oldValue,
    newValue: r.newValue,
    date: protocolDate(r.createdAt),
    createdAt: r.createdAt.toISOString(),
    userKuerzel: r.editorAbbreviation,
    action: r.action,
  }));
}
