/**
 * Queries of customer locations. Every function takes the tenant id of the verified request and the
 * user's branch scope (platform/branch-scope.ts); the ampel of a location is the aggregate of its
 * books stored on the location row by every write that changes it (decision 019,
 * platform/location-ampels.ts); for branch users it is taken over the books inside their visibility
 * window (decision 038).
 */

import { AMPEL_BY_RANK, ampelRank, type LocationAmpel } from '@pruefbuch/domain/rules/location-ampel';
import type { CustomerLocation, CustomerLocationListQuery } from '@pruefbuch/domain/schemas/customerlocation';
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { books, customerLocationBooks, customerLocations } from '../../db/schema/index';
import { toAddressDto } from '../../platform/addresses';
import { bookInScope, insideVisibilityWindow, isScoped, locationInScope } from '../../platform/branch-scope';
import type { AuthUser } from '../../platform/context';
import { inService, notRetired } from '../../platform/legal-holds';
import { ampelOfRankSql, ampelRankSql, overdueBookSql } from '../../platform/location-ampels';
import { containsPattern, offsetOf, orderKeys, orderTerm, type SortField, searchAny } from '../../platform/paging';

export type LocationRow = typeof customerLocations.$inferSelect;
/** Every column of a location but the search's text (kept by the database for the search alone). */
const { searchText: _searchText, ...locationColumns } = getTableColumns(customerLocations);
type ScopeUser = Pick<AuthUser, 'id' | 'role' | 'customerRole' | 'customer'>;

/** A location's ampel ranks and counts: what the list shows, sorts, filters and counts by. */
interface Aggregates {
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
const aggregatesOf = (user: ScopeUser): Aggregates => (isScoped(user) ? IN_WINDOW : STORED);

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
const orderOf = (sort: string, a: Aggregates) =>
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

/**
 * Search in ZNL, Nr, SAP-Nr (also as the list shows them, 'ZNL Hamburg'), ZIP, city and street: the
 * stored search text (db/schema/customerlocations.ts), lower case as the term is made.
 */
export const searchLocations = (term: string | undefined) =>
  term ? sql`${customerLocations.searchText} like lower(${containsPattern(term)})` : undefined;
/** Search in ZIP, city or street only / in ZNL, Nr or SAP-Nr only (getampelcount). */
export const searchPlace = (term: string | undefined) => searchAny(term, PLACE);
export const searchKeys = (term: string | undefined) => searchAny(term, SHOWN_KEYS);

/** A colour filter: its rank ('none' ranks 0), grey the dormant locations. */
const ampelFilter = (ampel: string, a: Aggregates) =>
  ampel === 'grey'
    ? sql`${customerLocations.ruhend}`
    : sql`not ${customerLocations.ruhend} and ${a.insp} = ${ampelRank(ampel)}`;

export interface LocationScope {
  tenantId: string;
  user: ScopeUser;
}

/** The base condition: the tenant, the branch scope, and active locations unless asked otherwise. */
function visible(s: LocationScope, withInactive = false): SQL {
  return and(
    eq(customerLocations.tenantId, s.tenantId),
    locationInScope(s.user),
    withInactive ? undefined : eq(customerLocations.active, true),
  ) as SQL;
}

const shownAmpel = (rank: SQL) =>
  sql<LocationAmpel>`(case when ${customerLocations.ruhend} then 'grey' else ${ampelOfRankSql(rank)} end)`;

const listColumns = (user: ScopeUser, a = aggregatesOf(user)) => ({
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

const listWhere = (s: LocationScope, q: CustomerLocationListQuery) =>
  and(
    visible(s, q.inactive === true),
    searchLocations(q.search),
    q.ampel ? ampelFilter(q.ampel, aggregatesOf(s.user)) : undefined,
  );

/**
 * A page of the list in one statement: the page is cut first on the locations alone, carrying only
 * their ids and sort keys (and the total, a window over those narrow matches); only the page's rows
 * are then read whole, with their ampels, counts and book ids. Carrying every whole row through the
 * sort and the window took about twice as long: 2,000 locations, 5.2–6.9 ms against 2.8–3.5 ms a
 * page (bench/locations.ts, its SQL alone).
 */
function listQuery(db: Executor, s: LocationScope, q: CustomerLocationListQuery) {
  const a = aggregatesOf(s.user);
  const keys = orderOf(q.sort, a);
  const keyColumns = Object.fromEntries(keys.map((k, i) => [`k${i}`, sql`${k.key}`.as(`k${i}`)]));
  const page = db.$with('page').as(
    db
      .select({
        pageId: sql<string>`${customerLocations.id}`.as('page_id'),
        total: sql<number>`count(*) over ()`.as('total'),
        ...keyColumns,
      })
      .from(customerLocations)
      .where(listWhere(s, q))
      .orderBy(...keys.map(orderTerm))
      .limit(q.size)
      .offset(offsetOf(q)),
  );
  const pageKeys = page as unknown as Record<string, SQL.Aliased>;
  return db
    .with(page)
    .select({ ...listColumns(s.user, a), total: sql<number>`${page.total}`.mapWith(Number) })
    .from(page)
    .innerJoin(customerLocations, eq(customerLocations.id, page.pageId))
    .where(eq(customerLocations.tenantId, s.tenantId))
    .orderBy(...keys.map((k, i) => orderTerm({ key: sql`${pageKeys[`k${i}`]}`, descending: k.descending })));
}

/** The SQL text and parameters of a list page, as the API runs it (for the benchmark's direct query). */
export const listLocationsSql = (db: Executor, s: LocationScope, q: CustomerLocationListQuery) =>
  listQuery(db, s, q).toSQL();

export async function listLocations(db: Executor, s: LocationScope, q: CustomerLocationListQuery) {
  const where = listWhere(s, q);
  const rows = await listQuery(db, s, q);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.page > 1) {
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(customerLocations)
      .where(where);
    total = c?.n ?? 0;
  }
  return { rows, total };
}

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

export type LocationListRow = Awaited<ReturnType<typeof listLocations>>['rows'][number];

export function toLocationDto(r: Omit<LocationListRow, 'total'>): CustomerLocation {
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
