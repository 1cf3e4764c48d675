/**
 * The daily retention run (decision 059): every retired book whose retention has passed and that no legal
 * hold names (nor its customer) is purged whole (books.write.ts purgeRetiredBook), one transaction per
 * book. Each book is taken under its row lock with SKIP LOCKED and judged again inside the lock, so two
 * processes running the job at once purge each book once; a hold set meanwhile is seen.
 */
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { bookPurgeVerdict } from '@pruefbuch/domain/rules/retention';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { books, tenants } from '../../db/schema/index';
import { holdOn, holdsOf } from '../../platform/legal-holds';
import { purgeRetiredBook } from '../books/books.write';

export interface RetentionResult {
  /** Retired books past their retention. */
  due: number;
  purged: number;
  /** Past their retention but kept by a legal hold. */
  held: number;
}

const germanDay = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** What the protocol keeps of a purged book: title, customer, serial and the day it was retired. */
const summaryOf = (b: typeof books.$inferSelect) =>
  [
    b.title,
    b.customer,
    b.glasbocknr && `Seriennr. ${b.glasbocknr}`,
    `stillgelegt am ${germanDay(berlinToday(b.retiredAt as Date))}`,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * Purges the retired books past their retention, over every tenant (or one: `tenantId`, for tests and the
 * admins' run). `now` is the run's time; the retention is counted in Berlin days.
 */
export async function runRetention(
  db: Db,
  opts: { graceHours: number; now?: Date; tenantId?: string },
): Promise<RetentionResult> {
  const now = opts.now ?? new Date();
  const today = berlinToday(now);
  // Candidates: retired at least the tenant's years before now (the rule below decides to the day).
  const candidates = await db
    .select({ id: books.id, tenantId: books.tenantId })
    .from(books)
    .innerJoin(tenants, eq(tenants.id, books.tenantId))
    .where(
      and(
        opts.tenantId ? eq(books.tenantId, opts.tenantId) : undefined,
        isNotNull(books.retiredAt),
        sql`${books.retiredAt} < ${now.toISOString()}::timestamptz - make_interval(years => ${tenants.retentionYears})`,
      ),
    )
    .orderBy(asc(books.retiredAt), asc(books.id));
  const result: RetentionResult = { due: 0, purged: 0, held: 0 };
  for (const c of candidates) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ book: books, retentionYears: tenants.retentionYears })
        .from(books)
        .innerJoin(tenants, eq(tenants.id, books.tenantId))
        .where(and(eq(books.tenantId, c.tenantId), eq(books.id, c.id)))
        .for('update', { of: books, skipLocked: true });
      // Gone (purged by another run, or deleted) or being purged by another run this moment.
      if (!row?.book.retiredAt) return;
      const hold = holdOn(await holdsOf(tx, c.tenantId), row.book);
      const verdict = bookPurgeVerdict({
        retiredOn: berlinToday(row.book.retiredAt),
        retentionYears: row.retentionYears,
        today,
        bookHeld: hold === 'book',
        customerHeld: hold === 'customer',
      });
      if (verdict === 'held') {
        result.due++;
        result.held++;
      }
      if (verdict !== 'purge') return;
      result.due++;
      await purgeRetiredBook(tx, row.book, opts.graceHours, summaryOf(row.book));
      result.purged++;
    });
  }
  return result;
}
