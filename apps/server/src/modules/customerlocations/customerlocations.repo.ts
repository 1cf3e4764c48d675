/**
 * Queries of customer locations. Every function takes the tenant id of the verified request and the
 * user's branch scope (platform/branch-scope.ts); the ampel of a location is the aggregate of its
 * books stored on the location row by every write that changes it (decision 019,
 * platform/location-ampels.ts); for branch users it is taken over the books inside their visibility
 * window (decision 038).
 */

import { AMPEL_BY_RANK, type LocationAmpel } from '@pruefbuch/domain/rules/location-ampel';
import type { CustomerLocation } from '@pruefbuch/domain/schemas/customerlocation';
import { and, eq, getTableColumns, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { books, customerLocationBooks, customerLocations } from '../../db/schema/index';
import { toAddressDto } from '../../platform/addresses';
import { bookInScope, insideVisibilityWindow, isScoped, locationInScope } from '../../platform/branch-scope';
import type { AuthUser } from '../../platform/context';
import { inService, notRetired } from '../../platform/legal-holds';
import { ampelOfRankSql, ampelRankSql, overdueBookSql } from '../../platform/location-ampels';
import { orderKeys, type SortField, searchAny } from '../../platform/paging';

export type LocationRow = typeof customerLocations.$inferSelect;
/** Every column of a location but the search's text (kept by the database for the search alone). */
const { searchText: _searchText, ...locationColumns } = getTableColumns(customerLocations);
type ScopeUser = Pick<AuthUser, 'id' | 'role' | 'customerRole' | 'customer'>;

/** A location's ampel ranks and counts: what the list shows, sorts, filters and counts by. */
export interface Aggregates {
  insp: SQL;
  self: SQL;
  bookCount: SQL<number>;
  overdueCount: SQL<number>;
}

/** For staff the aggregate stored on the row (over every linked book). */
const STORED: Aggregates = {
  insp: sql`${customerLocations.inspectionRank}`,
  self: sql`${customerLocations.selfRank}`,
  bookCount: sql<number>`${customerLocations.bookCount}`,
  overdueCount: sql<number>`${customerLocations.overdueCount}`,
};

/**
 * The same aggregate (rules/location-ampel.ts `locationAggregate`) over the linked books inside their
 * visibility window, in SQL: the lists filter and sort by it.
 */
const overVisibleBooks = (expr: SQL) =>
  sql`(select ${expr} from ${customerLocationBooks} join ${books} on ${books.id} = ${customerLocationBooks.bookId}
    where ${customerLocationBooks.locationId} = ${customerLocations.id} and ${insideVisibilityWindow()} and ${inService})`;
const IN_WINDOW: Aggregates = {
  insp: overVisibleBooks(sql`coalesce(max(${ampelRankSql(books.inspectionAmpel)}) filter (where ${books.active}), 0)`),
  self: overVisibleBooks(
    sql`coalesce(max(${ampelRankSql(books.inspectionSelfAmpel)}) filter (where ${books.active}), 0)`,
  ),
  bookCount: sql<number>`${overVisibleBooks(sql`count(*)::int`)}`,
  overdueCount: sql<number>`${overVisibleBooks(sql`(count(*) filter (where ${overdueBookSql}))::int`)}`,
};

/**
 * A branch user's ampel and counts leave out the books outside their visibility window, as their lists
 * do (decision 038); staff see the stored aggregate of all linked books.
 */
export const aggregatesOf = (user: ScopeUser): Aggregates => (isScoped(user) ? IN_WINDOW : STORED);

const sortOf = (a: Aggregates): Record<string, SortField> => ({
  // Worst first: black, red, orange, green, none, dormant last.
  ampel: {
    keys: [
      sql`(case when ${customerLocations.ruhend} then -1 else ${a.insp} end)`,
      sql`(case when ${customerLocations.ruhend} then -1 else ${a.self} end)`,
    ],
    descendingFirst: true,
  },
  znl: { keys: [customerLocations.znl] },
  nr: { keys: [customerLocations.nr] },
  sapNr: { keys: [customerLocations.sapNr] },
  zip: { keys: [sql`${customerLocations.address} ->> 'zip'`] },
  location: { keys: [sql`${customerLocations.address} ->> 'location'`] },
  overdue: { keys: [a.overdueCount], descendingFirst: true },
});
export const orderOf = (sort: string, a: Aggregates) =>
  orderKeys(sort, sortOf(a), 'ampel', [customerLocations.znl, customerLocations.nr, customerLocations.id]);

const PLACE = [
  sql`${customerLocations.address} ->> 'zip'`,
  sql`${customerLocations.address} ->> 'location'`,
  sql`${customerLocations.address} ->> 'street'`,
];
/**
 * The keys as the list shows them (rules/location-name.ts): 'ZNL Hamburg', 'Nr. 4101', 'SAP 77'. A term found
 * in a bare key is found here too, so the keys' count finds what the list's search finds in the keys.
 */
const SHOWN_KEYS = [
  sql`'ZNL ' || ${customerLocations.znl}`,
  sql`'Nr. ' || ${customerLocations.nr}`,
  sql`'SAP ' || ${customerLocations.sapNr}`,
];

/** Search in ZIP, city or street only / in ZNL, Nr or SAP-Nr only (getampelcount). */
export const searchPlace = (term: string | undefined) => searchAny(term, PLACE);
export const searchKeys = (term: string | undefined) => searchAny(term, SHOWN_KEYS);

export interface LocationScope {
  tenantId: string;
  user: ScopeUser;
}

/**
 * The base condition: the tenant, the branch scope, and active locations unless asked otherwise. The tenant
 * may be a placeholder (a statement prepared for staff, customerlocations.list.ts).
 */
export function visible(s: LocationScope, withInactive = false, tenantId: string | Placeholder = s.tenantId): SQL {
  return and(
    eq(customerLocations.tenantId, tenantId),
    locationInScope(s.user),
    withInactive ? undefined : eq(customerLocations.active, true),
  ) as SQL;
}

const shownAmpel = (rank: SQL) =>
  sql<LocationAmpel>`(case when ${customerLocations.ruhend} then 'grey' else ${ampelOfRankSql(rank)} end)`;

export const listColumns = (user: ScopeUser, a = aggregatesOf(user)) => ({
  row: locationColumns,
  inspectionAmpel: shownAmpel(a.insp),
  selfInspectionAmpel: shownAmpel(a.self),
  bookCount: a.bookCount.mapWith(Number),
  overdueCount: a.overdueCount.mapWith(Number),
  /** The linked books' ids, oldest link first, read with the row (no second round trip). */
  bookIds: sql<
    string[]
  >`coalesce((select array_agg(${customerLocationBooks.bookId} order by ${customerLocationBooks.createdAt})
    from ${customerLocationBooks} where ${and(eq(customerLocationBooks.locationId, customerLocations.id), bookInScope(user, customerLocationBooks.bookId), notRetired(customerLocationBooks.bookId))}), '{}')`,
});

/** One location with its aggregates, or null when it is not visible to the user. */
export async function findLocation(db: Executor, s: LocationScope, id: string) {
  const [row] = await db
    .select(listColumns(s.user))
    .from(customerLocations)
    .where(and(visible(s, true), eq(customerLocations.id, id)))
    .limit(1);
  if (!row) return null;
  // Branch users never see an inactive location (visible() keeps them only for staff).
  return row;
}

/** The row alone, locked for a write; staff only (writes are not for branch users). */
export async function lockLocation(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(customerLocations)
    .where(and(eq(customerLocations.tenantId, tenantId), eq(customerLocations.id, id)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Whether the location exists in the tenant (the protocol asks this when it finds no rows). */
export async function locationExists(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select({ id: customerLocations.id })
    .from(customerLocations)
    .where(and(eq(customerLocations.tenantId, tenantId), eq(customerLocations.id, id)))
    .limit(1);
  return row ?? null;
}

/** Counts per shown ampel of the visible active locations (getampelcount). */
export async function ampelCounts(db: Executor, s: LocationScope, filter: SQL | undefined) {
  return ampelCountQuery(db, s, filter);
}

/** The SQL of the ampel count, as the API runs it (for the benchmark). */
export const ampelCountSql = (db: Executor, s: LocationScope, filter: SQL | undefined) =>
  ampelCountQuery(db, s, filter).toSQL();

function ampelCountQuery(db: Executor, s: LocationScope, filter: SQL | undefined) {
  const a = aggregatesOf(s.user);
  return db
    .select({
      insp: sql<string>`(case when ${customerLocations.ruhend} then 'grey' else ${a.insp}::text end)`,
      self: sql<string>`(case when ${customerLocations.ruhend} then 'grey' else ${a.self}::text end)`,
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(customerLocations)
    .where(and(visible(s), filter))
    .groupBy(sql`1`, sql`2`);
}

export const rankName = (rank: string) => (rank === 'grey' ? 'grey' : (AMPEL_BY_RANK[Number(rank)] ?? 'none'));

/** A location as the list and the detail read it: the row, its ampels, counts and book ids. */
export type LocationListRow = NonNullable<Awaited<ReturnType<typeof findLocation>>>;

export function toLocationDto(r: LocationListRow): CustomerLocation {
  const row = r.row;
  return {
    _id: row.id,
    tenant: row.tenantId,
    znl: row.znl,
    nr: row.nr,
    sapNr: row.sapNr,
    address: toAddressDto(row.address),
    bemerkungen: row.bemerkungen,
    customer: row.customer,
    books: r.bookIds,
    inspectionAmpel: r.inspectionAmpel,
    selfInspectionAmpel: r.selfInspectionAmpel,
    bookCount: r.bookCount,
    overdueCount: r.overdueCount,
    active: row.active,
    ruhend: row.ruhend,
    __v: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the protocol records of a location. */
export const locationAuditView = (row: LocationRow) => ({
  znl: row.znl,
  nr: row.nr,
  sapNr: row.sapNr,
  address: row.address ? { ...row.address, _id: undefined } : null,
  bemerkungen: row.bemerkungen,
  customer: row.customer,
  active: row.active,
  ruhend: row.ruhend,
});

/** How a location is named in texts: the domain's rule, shared with the web app. */
export { locationName } from '@pruefbuch/domain/schemas/customerlocation';
