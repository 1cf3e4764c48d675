/**
 * Queries of customer locations. Every function takes the tenant id of the verified request and the
 * user's branch scope (platform/branch-scope.ts); the ampel of a location is aggregated from its
 * books in the same query (decision 019), never stored.
 */

import { AMPEL_BY_RANK, type LocationAmpel } from '@pruefbuch/domain/rules/location-ampel';
import type { Address } from '@pruefbuch/domain/schemas/address';
import type {
  CustomerLocation,
  CustomerLocationListQuery,
  LocationBook,
} from '@pruefbuch/domain/schemas/customerlocation';
import { type AnyColumn, and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { books, customerLocationBooks, customerLocations } from '../../db/schema/index';
import type { AddressValue } from '../../db/schema/tenants';
import { bookInScope, locationInScope } from '../../platform/branch-scope';
import type { AuthUser } from '../../platform/context';
import { containsPattern, offsetOf } from '../../platform/paging';

export type LocationRow = typeof customerLocations.$inferSelect;
type ScopeUser = Pick<AuthUser, 'id' | 'role' | 'customerRole' | 'customer'>;

const EMPTY_ADDRESS: Omit<Address, '_id'> = {
  street: '',
  housenumber: '',
  zip: '',
  location: '',
  tel: '',
  email: '',
  homepage: '',
  country: '',
};

export const toAddressDto = (a: AddressValue): Address => ({ ...EMPTY_ADDRESS, ...a });

/** The rank of an ampel column: green 1 … black 4, none 0. */
const rankOf = (col: SQL | AnyColumn) =>
  sql`(case ${col} when 'green' then 1 when 'orange' then 2 when 'red' then 3 when 'black' then 4 else 0 end)`;

/** Per location of the tenant: worst ampels of the active books, book count and overdue count. */
function aggregate(tenantId: string) {
  return sql`(select ${customerLocationBooks.locationId} as location_id,
      coalesce(max(${rankOf(books.inspectionAmpel)}) filter (where ${books.active}), 0) as insp,
      coalesce(max(${rankOf(books.inspectionSelfAmpel)}) filter (where ${books.active}), 0) as self,
      count(*)::int as book_count,
      (count(*) filter (where ${books.active} and (${books.inspectionAmpel} in ('red', 'black')
        or ${books.inspectionSelfAmpel} in ('red', 'black'))))::int as overdue
    from ${customerLocationBooks} join ${books} on ${books.id} = ${customerLocationBooks.bookId}
    where ${books.tenantId} = ${tenantId}
    group by ${customerLocationBooks.locationId})`;
}

const insp = sql`coalesce(agg.insp, 0)`;
const self = sql`coalesce(agg.self, 0)`;

/** The ampel shown, as an order key: dormant -1, none 0, green 1 … black 4. */
const shownRank = sql`(case when ${customerLocations.ruhend} then -1 else ${insp} end)`;

const SORT: Record<string, SQL[]> = {
  ampel: [shownRank, sql`(case when ${customerLocations.ruhend} then -1 else ${self} end)`],
  znl: [sql`${customerLocations.znl}`],
  nr: [sql`${customerLocations.nr}`],
  sapNr: [sql`${customerLocations.sapNr}`],
  zip: [sql`${customerLocations.address} ->> 'zip'`],
  location: [sql`${customerLocations.address} ->> 'location'`],
  overdue: [sql`coalesce(agg.overdue, 0)`],
};

/** 'ampel' and 'overdue' list the worst first; '-' reverses any field. */
function orderOf(sort: string): SQL[] {
  const desc_ = sort.startsWith('-');
  const field = desc_ ? sort.slice(1) : sort;
  const worstFirst = field === 'ampel' || field === 'overdue';
  const descending = worstFirst ? !desc_ : desc_;
  const keys = (SORT[field] ?? SORT.ampel) as SQL[];
  return [
    ...keys.map((k) => (descending ? desc(k) : asc(k))),
    asc(customerLocations.znl),
    asc(customerLocations.nr),
    asc(customerLocations.id),
  ];
}

/** Search in ZNL, Nr, SAP-Nr, ZIP and city. */
export function searchLocations(term: string | undefined): SQL | undefined {
  if (!term) return undefined;
  const like = containsPattern(term);
  return or(
    ilike(customerLocations.znl, like),
    ilike(customerLocations.nr, like),
    ilike(customerLocations.sapNr, like),
    ilike(sql`${customerLocations.address} ->> 'zip'`, like),
    ilike(sql`${customerLocations.address} ->> 'location'`, like),
  );
}

/** Search in ZIP or city only / in ZNL, Nr or SAP-Nr only (getampelcount). */
export function searchPlace(term: string | undefined): SQL | undefined {
  if (!term) return undefined;
  const like = containsPattern(term);
  return or(
    ilike(sql`${customerLocations.address} ->> 'zip'`, like),
    ilike(sql`${customerLocations.address} ->> 'location'`, like),
  );
}
export function searchKeys(term: string | undefined): SQL | undefined {
  if (!term) return undefined;
  const like = containsPattern(term);
  return or(
    ilike(customerLocations.znl, like),
    ilike(customerLocations.nr, like),
    ilike(customerLocations.sapNr, like),
  );
}

const AMPEL_FILTER: Record<string, SQL> = {
  grey: sql`${customerLocations.ruhend}`,
  none: sql`not ${customerLocations.ruhend} and ${insp} = 0`,
  green: sql`not ${customerLocations.ruhend} and ${insp} = 1`,
  orange: sql`not ${customerLocations.ruhend} and ${insp} = 2`,
  red: sql`not ${customerLocations.ruhend} and ${insp} = 3`,
  black: sql`not ${customerLocations.ruhend} and ${insp} = 4`,
};

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
  sql<LocationAmpel>`(case when ${customerLocations.ruhend} then 'grey' else (case ${rank} when 1 then 'green' when 2 then 'orange' when 3 then 'red' when 4 then 'black' end) end)`;

const listColumns = {
  row: customerLocations,
  inspectionAmpel: shownAmpel(insp),
  selfInspectionAmpel: shownAmpel(self),
  bookCount: sql<number>`coalesce(agg.book_count, 0)`.mapWith(Number),
  overdueCount: sql<number>`coalesce(agg.overdue, 0)`.mapWith(Number),
  total: sql<number>`count(*) over ()`.mapWith(Number),
};

const listWhere = (s: LocationScope, q: CustomerLocationListQuery) =>
  and(visible(s, q.inactive === true), searchLocations(q.search), q.ampel ? AMPEL_FILTER[q.ampel] : undefined);

function listQuery(db: Executor, s: LocationScope, q: CustomerLocationListQuery) {
  return db
    .select(listColumns)
    .from(customerLocations)
    .leftJoin(sql`${aggregate(s.tenantId)} as agg`, sql`agg.location_id = ${customerLocations.id}`)
    .where(listWhere(s, q))
    .orderBy(...orderOf(q.sort))
    .limit(q.size)
    .offset(offsetOf(q));
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
      .leftJoin(sql`${aggregate(s.tenantId)} as agg`, sql`agg.location_id = ${customerLocations.id}`)
      .where(where);
    total = c?.n ?? 0;
  }
  return { rows, total };
}

/** One location with its aggregates, or null when it is not visible to the user. */
export async function findLocation(db: Executor, s: LocationScope, id: string) {
  const [row] = await db
    .select(listColumns)
    .from(customerLocations)
    .leftJoin(sql`${aggregate(s.tenantId)} as agg`, sql`agg.location_id = ${customerLocations.id}`)
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

/** The ids of the books linked to these locations, per location. */
export async function bookIdsOf(db: Executor, locationIds: string[]) {
  const map = new Map<string, string[]>(locationIds.map((id) => [id, []]));
  if (locationIds.length === 0) return map;
  const rows = await db
    .select({ locationId: customerLocationBooks.locationId, bookId: customerLocationBooks.bookId })
    .from(customerLocationBooks)
    .where(sql`${customerLocationBooks.locationId} in ${locationIds}`)
    .orderBy(asc(customerLocationBooks.createdAt));
  for (const r of rows) map.get(r.locationId)?.push(r.bookId);
  return map;
}

/** The books of a location the user may see, worst ampel first. */
export async function booksOfLocation(db: Executor, s: LocationScope, locationId: string): Promise<LocationBook[]> {
  const rows = await db
    .select({
      id: books.id,
      title: books.title,
      object: books.object,
      site: books.site,
      active: books.active,
      nextInspectionDate: books.nextInspectionDate,
      inspectionAmpel: books.inspectionAmpel,
      nextInspectionDateSelf: books.nextInspectionDateSelf,
      inspectionSelfAmpel: books.inspectionSelfAmpel,
      tenantId: books.tenantId,
    })
    .from(customerLocationBooks)
    .innerJoin(books, eq(books.id, customerLocationBooks.bookId))
    .where(
      and(
        eq(customerLocationBooks.locationId, locationId),
        eq(books.tenantId, s.tenantId),
        bookInScope(s.user, books.id),
      ),
    )
    .orderBy(desc(rankOf(books.inspectionAmpel)), asc(books.title));
  return rows.map((r) => ({
    _id: r.id,
    title: r.title,
    object: r.object,
    site: r.site,
    active: r.active,
    nextInspectionDate: r.nextInspectionDate,
    inspectionAmpel: r.inspectionAmpel,
    nextInspectionDateSelf: r.nextInspectionDateSelf,
    inspectionSelfAmpel: r.inspectionSelfAmpel,
    tenant: r.tenantId,
  }));
}

/** The location a book is linked to, if any (tenant-checked through the book). */
export async function locationOfBook(db: Executor, tenantId: string, bookId: string) {
  const [row] = await db
    .select({ id: customerLocations.id, znl: customerLocations.znl, nr: customerLocations.nr })
    .from(customerLocationBooks)
    .innerJoin(customerLocations, eq(customerLocations.id, customerLocationBooks.locationId))
    .where(and(eq(customerLocationBooks.bookId, bookId), eq(customerLocations.tenantId, tenantId)))
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
  return db
    .select({
      insp: sql<string>`(case when ${customerLocations.ruhend} then 'grey' else ${insp}::text end)`,
      self: sql<string>`(case when ${customerLocations.ruhend} then 'grey' else ${self}::text end)`,
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(customerLocations)
    .leftJoin(sql`${aggregate(s.tenantId)} as agg`, sql`agg.location_id = ${customerLocations.id}`)
    .where(and(visible(s), filter))
    .groupBy(sql`1`, sql`2`);
}

export const rankName = (rank: string) => (rank === 'grey' ? 'grey' : (AMPEL_BY_RANK[Number(rank)] ?? 'none'));

export type LocationListRow = Awaited<ReturnType<typeof listLocations>>['rows'][number];

export function toLocationDto(r: Omit<LocationListRow, 'total'>, bookIds: string[]): CustomerLocation {
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
    books: bookIds,
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
