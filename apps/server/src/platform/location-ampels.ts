/**
 * The ampel aggregate stored on customer locations (decision 019): computed by the domain rule
 * (rules/location-ampel.ts) in TypeScript, inside the transaction of every write that changes what it
 * reads: a link or unlink, a book's ampels, its active switch, a book's deletion. In platform because
 * the books module, below customerlocations, writes books too.
 *
 * Lists that filter and sort on the stored ranks, and the branch users' aggregate over the books in
 * their visibility window, stay SQL; `ampelRankSql`, `ampelOfRankSql` and `overdueBookSql` take the
 * rule's constants.
 */
import {
  AMPEL_BY_RANK,
  AMPEL_RANK,
  type LocationAggregate,
  locationAggregate,
  OVERDUE_AMPELS,
} from '@pruefbuch/domain/rules/location-ampel';
import { type AnyColumn, and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { books, customerLocationBooks, customerLocations } from '../db/schema/index';

/** The rank of an ampel column in SQL, by the domain's ranks: green 1 … black 4, none 0. */
export const ampelRankSql = (col: SQL | AnyColumn) =>
  sql`(case ${col} ${sql.join(
    Object.entries(AMPEL_RANK).map(([ampel, rank]) => sql`when ${ampel} then ${sql.raw(String(rank))}`),
    sql` `,
  )} else 0 end)`;

/** The ampel of a rank in SQL, by the domain's ranks; null for none. */
export const ampelOfRankSql = (rank: SQL) =>
  sql`(case ${rank} ${sql.join(
    Object.entries(AMPEL_BY_RANK).map(([rank, ampel]) => sql`when ${sql.raw(rank)} then ${ampel}`),
    sql` `,
  )} end)`;

/** An active book overdue in either ampel, in SQL (locationAggregate's overdue count). */
export const overdueBookSql = sql`${books.active} and (${inArray(books.inspectionAmpel, [...OVERDUE_AMPELS])} or ${inArray(books.inspectionSelfAmpel, [...OVERDUE_AMPELS])})`;

/** Locations refreshed per statement: bounds the ids and book rows one round trip carries. */
const BATCH = 1000;

/** The tenant's locations the books are linked to. */
export async function locationsOfBooks(db: Executor, tenantId: string, bookIds: readonly string[]) {
  const ids: string[] = [];
  for (let i = 0; i < bookIds.length; i += BATCH) {
    const rows = await db
      .selectDistinct({ id: customerLocationBooks.locationId })
      .from(customerLocationBooks)
      .innerJoin(customerLocations, eq(customerLocations.id, customerLocationBooks.locationId))
      .where(
        and(
          eq(customerLocations.tenantId, tenantId),
          inArray(customerLocationBooks.bookId, bookIds.slice(i, i + BATCH)),
        ),
      );
    ids.push(...rows.map((r) => r.id));
  }
  return [...new Set(ids)];
}

const sameAggregate = (a: LocationAggregate, b: LocationAggregate) =>
  a.inspectionRank === b.inspectionRank &&
  a.selfRank === b.selfRank &&
  a.bookCount === b.bookCount &&
  a.overdueCount === b.overdueCount;

/** What a location stores of the aggregate, by its id. */
export const STORED_AGGREGATE = {
  id: customerLocations.id,
  inspectionRank: customerLocations.inspectionRank,
  selfRank: customerLocations.selfRank,
  bookCount: customerLocations.bookCount,
  overdueCount: customerLocations.overdueCount,
};

/**
 * Recomputes the aggregate of the tenant's locations from their linked books in the caller's
 * transaction, a batch of locations per statement, and writes only the rows that change. The rows
 * are locked first (in id order), so a concurrent write to the same location waits and then reads
 * the books as the other committed them. Returns how many rows changed.
 */
export async function refreshLocationAmpels(db: Executor, tenantId: string, locationIds: readonly string[]) {
  const ids = [...new Set(locationIds)].sort();
  let changed = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    const stored = await db
      .select(STORED_AGGREGATE)
      .from(customerLocations)
      .where(and(eq(customerLocations.tenantId, tenantId), inArray(customerLocations.id, batch)))
      .orderBy(asc(customerLocations.id))
      .for('no key update');
    if (stored.length === 0) continue;
    const linked = await db
      .select({
        locationId: customerLocationBooks.locationId,
        active: books.active,
        inspectionAmpel: books.inspectionAmpel,
        inspectionSelfAmpel: books.inspectionSelfAmpel,
      })
      .from(customerLocationBooks)
      .innerJoin(books, eq(books.id, customerLocationBooks.bookId))
      .where(
        and(
          eq(books.tenantId, tenantId),
          // A retired book (decision 059) counts nowhere until it is restored.
          isNull(books.retiredAt),
          inArray(
            customerLocationBooks.locationId,
            stored.map((s) => s.id),
          ),
        ),
      );
    const booksOf = new Map<string, typeof linked>();
    for (const b of linked) {
      const list = booksOf.get(b.locationId);
      if (list) list.push(b);
      else booksOf.set(b.locationId, [b]);
    }
    const updates = stored.flatMap((s) => {
      const next = locationAggregate(booksOf.get(s.id) ?? []);
      return sameAggregate(s, next) ? [] : [{ id: s.id, ...next }];
    });
    if (updates.length === 0) continue;
    const column = <K extends keyof (typeof updates)[number]>(key: K, type: string) =>
      sql`${sql.param(updates.map((u) => u[key]))}::${sql.raw(type)}[]`;
    const next = sql`unnest(${column('id', 'uuid')}, ${column('inspectionRank', 'smallint')}, ${column('selfRank', 'smallint')}, ${column('bookCount', 'int')}, ${column('overdueCount', 'int')}) as next(id, inspection_rank, self_rank, book_count, overdue_count)`;
    await db
      .update(customerLocations)
      .set({
        inspectionRank: sql`next.inspection_rank`,
        selfRank: sql`next.self_rank`,
        bookCount: sql`next.book_count`,
        overdueCount: sql`next.overdue_count`,
      })
      .from(next)
      .where(and(eq(customerLocations.tenantId, tenantId), sql`${customerLocations.id} = next.id`));
    changed += updates.length;
  }
  return changed;
}

/** After a write to books: refreshes the locations they are linked to (for a deletion, read them before). */
export async function refreshLocationsOfBooks(db: Executor, tenantId: string, bookIds: readonly string[]) {
  if (bookIds.length === 0) return 0;
  return refreshLocationAmpels(db, tenantId, await locationsOfBooks(db, tenantId, bookIds));
}

type AggregateInput = Pick<typeof books.$inferSelect, 'active' | 'inspectionAmpel' | 'inspectionSelfAmpel'>;

/** Whether a book's write changed what its location's aggregate reads of it. */
export const aggregateInputChanged = (before: AggregateInput, after: AggregateInput) =>
  before.active !== after.active ||
  before.inspectionAmpel !== after.inspectionAmpel ||
  before.inspectionSelfAmpel !== after.inspectionSelfAmpel;
