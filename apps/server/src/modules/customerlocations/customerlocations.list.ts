/**
 * The branch list's page (decision 067): one statement, the page cut first on the locations alone. For staff,
 * whose scope is the tenant alone, the statement of each shape of a list query (the sort, inactive locations,
 * a search, the colour filter's kind) is built once per database with every value a placeholder; a branch
 * user's statement names the user and is built for the call.
 */
import { ampelRank } from '@pruefbuch/domain/rules/location-ampel';
import type { CustomerLocationListQuery } from '@pruefbuch/domain/schemas/customerlocation';
import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { customerLocations } from '../../db/schema/index';
import { isScoped } from '../../platform/branch-scope';
import { containsPattern, offsetOf, orderTerm } from '../../platform/paging';
import { keptPage } from './customerlocations.kept';
import {
  type Aggregates,
  aggregatesOf,
  type LocationListRow,
  type LocationScope,
  listColumns,
  orderOf,
  visible,
} from './customerlocations.repo';

/** What a list statement's text depends on (not the values). */
interface ListShape {
  sort: string;
  inactive: boolean;
  search: boolean;
  colour: 'none' | 'grey' | 'rank';
}
const shapeOf = (q: CustomerLocationListQuery): ListShape => ({
  sort: q.sort,
  inactive: q.inactive === true,
  search: Boolean(q.search),
  colour: !q.ampel ? 'none' : q.ampel === 'grey' ? 'grey' : 'rank',
});
const shapeKey = (s: ListShape) => `${s.sort}|${s.inactive}|${s.search}|${s.colour}`;

/** The values of a list statement, as its placeholders take them. */
function listValues(s: LocationScope, q: CustomerLocationListQuery) {
  return {
    tenantId: s.tenantId,
    like: q.search ? containsPattern(q.search) : null,
    rank: q.ampel && q.ampel !== 'grey' ? ampelRank(q.ampel) : null,
    limit: q.size,
    offset: offsetOf(q),
  };
}
type ListValues = ReturnType<typeof listValues>;
/** Each value, or its placeholder. */
type Bound = { [K in keyof ListValues]: ListValues[K] | Placeholder };
const PLACEHOLDERS: Bound = {
  tenantId: sql.placeholder('tenantId'),
  like: sql.placeholder('like'),
  rank: sql.placeholder('rank'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

/**
 * The conditions: tenant and scope, search in ZNL, Nr, SAP-Nr (also as the list shows them, 'ZNL Hamburg'),
 * ZIP, city and street (the stored search text, lower case as the term is made), the colour: its rank
 * ('none' ranks 0), grey the dormant locations.
 */
function listWhere(s: LocationScope, shape: ListShape, v: Bound, a: Aggregates) {
  return and(
    visible(s, shape.inactive, v.tenantId),
    shape.search ? sql`${customerLocations.searchText} like lower(${v.like})` : undefined,
    shape.colour === 'grey' ? sql`${customerLocations.ruhend}` : undefined,
    shape.colour === 'rank' ? sql`not ${customerLocations.ruhend} and ${a.insp} = ${v.rank}` : undefined,
  );
}

/**
 * A page of the list in one statement: the page is cut first on the locations alone, carrying only
 * their ids and sort keys (and the total, a window over those narrow matches); only the page's rows
 * are then read whole, with their ampels, counts and book ids. Carrying every whole row through the
 * sort and the window took about twice as long: 2,000 locations, 5.2–6.9 ms against 2.8–3.5 ms a
 * page (bench/locations.ts, its SQL alone).
 */
function listQuery(db: Executor, s: LocationScope, shape: ListShape, v: Bound) {
  const a = aggregatesOf(s.user);
  const keys = orderOf(shape.sort, a);
  const keyColumns = Object.fromEntries(keys.map((k, i) => [`k${i}`, sql`${k.key}`.as(`k${i}`)]));
  const page = db.$with('page').as(
    db
      .select({
        pageId: sql<string>`${customerLocations.id}`.as('page_id'),
        total: sql<number>`count(*) over ()`.as('total'),
        ...keyColumns,
      })
      .from(customerLocations)
      .where(listWhere(s, shape, v, a))
      .orderBy(...keys.map(orderTerm))
      .limit(v.limit)
      .offset(v.offset),
  );
  const pageKeys = page as unknown as Record<string, SQL.Aliased>;
  return db
    .with(page)
    .select({ ...listColumns(s.user, a), total: sql<number>`${page.total}`.mapWith(Number) })
    .from(page)
    .innerJoin(customerLocations, eq(customerLocations.id, page.pageId))
    .where(eq(customerLocations.tenantId, v.tenantId))
    .orderBy(...keys.map((k, i) => orderTerm({ key: sql`${pageKeys[`k${i}`]}`, descending: k.descending })));
}

/** The SQL text and parameters of a list page, as the API runs it (for the benchmark's direct query). */
export const listLocationsSql = (db: Executor, s: LocationScope, q: CustomerLocationListQuery) =>
  listQuery(db, s, shapeOf(q), listValues(s, q)).toSQL();

const staffStatement = (db: Executor, s: LocationScope, shape: ListShape, name: string) =>
  listQuery(db, s, shape, PLACEHOLDERS).prepare(name);
const staffStatements = preparedStatements<ReturnType<typeof staffStatement>>();

/**
 * A staff list's statement, built once per database and shape (at most 14 sorts × 2 × 2 × 3 = 168, half of them
 * searching): named, so PostgreSQL plans it once per connection when its generic plan is no worse, unless it
 * searches, where the term decides the plan and the unnamed statement is planned per call with it.
 */
const staffStatementOf = (db: Executor, s: LocationScope, shape: ListShape) =>
  staffStatements(db, shapeKey(shape), (_key, n) =>
    staffStatement(db, s, shape, shape.search ? '' : `locations_list_${n}`),
  );

/** A page of the list: from the tenant's kept rows where they serve it (decision 075), else from the database. */
export async function listLocations(
  db: Executor,
  s: LocationScope,
  q: CustomerLocationListQuery,
): Promise<{ rows: LocationListRow[]; total: number }> {
  return (await keptPage(db, s.tenantId, s.user, q)) ?? readPage(db, s, q);
}

/** A page of the list read from the database. */
export async function readPage(db: Executor, s: LocationScope, q: CustomerLocationListQuery) {
  const shape = shapeOf(q);
  const values = listValues(s, q);
  const rows = isScoped(s.user)
    ? await listQuery(db, s, shape, values)
    : await staffStatementOf(db, s, shape).execute(values);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.page > 1) {
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(customerLocations)
      .where(listWhere(s, shape, values, aggregatesOf(s.user)));
    total = c?.n ?? 0;
  }
  return { rows, total };
}
