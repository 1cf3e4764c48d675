import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { retentionEnd } from '@pruefbuch/domain/rules/retention';
import type { LegalHold, RetiredBookList } from '@pruefbuch/domain/schemas/retention';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLogs, books, legalHolds, tenants, users } from '../../db/schema/index';
import type { TenantContext } from '../../platform/context';
import { holdOn, holdsOf } from '../../platform/legal-holds';

/** At most this many rows per list: retired books and purges are few; the newest come first. */
const LIMIT = 500;

/** GET retention/books: the tenant's retired books, newest first, with how long each is kept and what holds it. */
export async function retiredBooks(ctx: TenantContext): Promise<RetiredBookList> {
  const [tenant] = await ctx.db
    .select({ retentionYears: tenants.retentionYears })
    .from(tenants)
    .where(eq(tenants.id, ctx.tenantId));
  const years = tenant?.retentionYears ?? 10;
  // Spelled out: inside a selected expression the ORM leaves columns unqualified.
  const finalized = sql<number>`(select count(*) from inspections i where i.tenant_id = books.tenant_id and i.book_id = books.id and i.finalized_at is not null)`;
  const rows = await ctx.db
    .select({
      id: books.id,
      title: books.title,
      customer: books.customer,
      site: books.site,
      glasbocknr: books.glasbocknr,
      retiredAt: books.retiredAt,
      finalized: finalized.mapWith(Number),
    })
    .from(books)
    .where(and(eq(books.tenantId, ctx.tenantId), isNotNull(books.retiredAt)))
    .orderBy(desc(books.retiredAt), desc(books.id))
    .limit(LIMIT);
  const holds = await holdsOf(ctx.db, ctx.tenantId);
  return {
    retentionYears: years,
    docs: rows.map((r) => {
      const retiredAt = r.retiredAt as Date;
      return {
        _id: r.id,
        title: r.title,
        customer: r.customer,
        site: r.site,
        glasbocknr: r.glasbocknr,
        retiredAt: retiredAt.toISOString(),
        keptUntil: retentionEnd(berlinToday(retiredAt), years),
        finalizedRecords: r.finalized,
        hold: holdOn(holds, r),
      };
    }),
  };
}

/** GET retention/holds: the tenant's legal holds, newest first (`id`: that one only). */
export async function holdsList(db: Executor, tenantId: string, id?: string): Promise<LegalHold[]> {
  const rows = await db
    .select({
      id: legalHolds.id,
      bookId: legalHolds.bookId,
      bookTitle: books.title,
      customer: legalHolds.customer,
      reason: legalHolds.reason,
      createdAt: legalHolds.createdAt,
      abbreviation: users.abbreviation,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(legalHolds)
    .leftJoin(books, and(eq(books.id, legalHolds.bookId), eq(books.tenantId, legalHolds.tenantId)))
    .leftJoin(users, eq(users.id, legalHolds.createdBy))
    .where(and(eq(legalHolds.tenantId, tenantId), id ? eq(legalHolds.id, id) : undefined))
    .orderBy(desc(legalHolds.createdAt), desc(legalHolds.id))
    .limit(LIMIT);
  return rows.map((r) => ({
    _id: r.id,
    book: r.bookId,
    bookTitle: r.bookId ? (r.bookTitle ?? '') : null,
    customer: r.customer,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    createdBy: r.abbreviation || `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim(),
  }));
}

/** GET retention/purges: the books the retention run purged, newest first, as their protocol rows keep them. */
export async function listPurges(ctx: TenantContext) {
  const rows = await ctx.db
    .select({ book: auditLogs.entityId, summary: auditLogs.oldValue, at: auditLogs.createdAt })
    .from(auditLogs)
    .where(
      and(eq(auditLogs.tenantId, ctx.tenantId), eq(auditLogs.entity, 'book'), eq(auditLogs.field, 'retentionPurge')),
    )
    .orderBy(desc(auditLogs.createdAt))
    .limit(LIMIT);
  return rows.map((r) => ({ book: r.book, summary: r.summary ?? '', purgedAt: r.at.toISOString() }));
}
