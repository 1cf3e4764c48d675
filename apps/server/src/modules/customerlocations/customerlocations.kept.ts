/**
 * Each tenant's branch list, kept by the process for staff while nothing it shows has changed (decision 075).
 *
 * A page of the list is a filter, a sort and a count over all of a tenant's locations: in PostgreSQL about
 * 1.5–2.5 ms of work for 2,000 locations, whatever the page. Kept here, the rows are read once with their
 * position in each of the list's 14 orders, computed by PostgreSQL with the list's own ORDER BY (so text sorts
 * in the database's collation, not in JavaScript's); a page is then one pass over the order asked for.
 *
 * What a list row shows lives in the locations, their links to books and the books' retirement. A write to
 * those, by any process or by hand, notifies `LOCATIONS_CHANGED` when it commits (migration 0049); every
 * process forgets its lists when the notice arrives, and on PostgreSQL, where the notice comes a moment later,
 * the reply to a write of its own waits until the listener has caught up. While the process does not listen,
 * nothing is kept and every page is read from the database as before. Branch users' lists depend on the
 * user (their locations, their books' visibility window): they are always read from the database.
 */
import { ampelRank } from '@pruefbuch/domain/rules/location-ampel';
import type { CustomerLocationListQuery, CustomerLocationSortField } from '@pruefbuch/domain/schemas/customerlocation';
import { type AnyColumn, count, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { customerLocations } from '../../db/schema/index';
import { isScoped, type ScopeUser } from '../../platform/branch-scope';
import { offsetOf } from '../../platform/paging';
import { feedFromNotices, type SessionCache, sessionCache } from '../../platform/session-cache';
import { aggregatesOf, type LocationListRow, listColumns } from './customerlocations.repo';

/** The channel the location tables notify on (migration 0049_location_notices). */
export const LOCATIONS_CHANGED = 'locations_changed';

/**
 * A tenant with more locations than this is not kept: its pages are read from the database. A kept branch takes
 * about 2 KB of memory (2,000 with all 14 orders sorted: 4.0 MB), so a process keeps 200 MB at the very most.
 */
export const KEPT_LIMITS = { branches: 10_000 };
/** Tenants kept at most; the one read longest ago goes first. */
const KEPT_TENANTS_MAX = 10;

/** A row's rank in each text key's order, as the database sorts that key (its collation; empty and missing). */
interface TextRanks {
  znl: number;
  nr: number;
  sapNr: number;
  zip: number;
  location: number;
}

/**
 * The list's sorts (customerlocations.repo.ts sortOf) over kept rows: each field's keys, and whether the plain field
 * sorts descending. Text keys compare by their rank in the database's order; after them come ZNL, Nr and id, as
 * `orderOf` breaks ties. The test compares every sort both ways with the database's pages.
 */
type Keyed = { row: LocationListRow['row']; ranks: TextRanks; overdue: number };
const SORT_KEYS: Record<CustomerLocationSortField, { keys: ((k: Keyed) => number)[]; descendingFirst?: boolean }> = {
  ampel: {
    keys: [(k) => (k.row.ruhend ? -1 : k.row.inspectionRank), (k) => (k.row.ruhend ? -1 : k.row.selfRank)],
    descendingFirst: true,
  },
  znl: { keys: [(k) => k.ranks.znl] },
  nr: { keys: [(k) => k.ranks.nr] },
  sapNr: { keys: [(k) => k.ranks.sapNr] },
  zip: { keys: [(k) => k.ranks.zip] },
  location: { keys: [(k) => k.ranks.location] },
  overdue: { keys: [(k) => k.overdue], descendingFirst: true },
};

/** The rows' indices in the order `sort` asks for. */
function sortedIndices(keyed: Keyed[], sort: string): Int32Array {
  const reversed = sort.startsWith('-');
  const field = SORT_KEYS[(reversed ? sort.slice(1) : sort) as CustomerLocationSortField] ?? SORT_KEYS.ampel;
  const sign = (field.descendingFirst ? !reversed : reversed) ? -1 : 1;
  const order = Int32Array.from(keyed, (_, i) => i);
  return order.sort((x, y) => {
    const a = keyed[x] as Keyed;
    const b = keyed[y] as Keyed;
    for (const key of field.keys) {
      const d = key(a) - key(b);
      if (d !== 0) return sign * d;
    }
    const ties = a.ranks.znl - b.ranks.znl || a.ranks.nr - b.ranks.nr;
    return ties !== 0 ? ties : a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0;
  });
}

interface KeptTenant {
  rows: LocationListRow[];
  /** The stored search text of each row (lower case, as the database made it), whole and in its six fields. */
  searchText: string[];
  searchFields: string[][];
  /** Whether every text split into its six fields: a field holding chr 31 itself is counted by the database. */
  fieldsApart: boolean;
  keyed: Keyed[];
  /** Per sort asked for so far, the rows' indices in that order. */
  orders: Map<string, Int32Array>;
}
/** A tenant too large to keep: its pages are read from the database. */
type Kept = KeptTenant | { tooLarge: true };

export type KeptLocations = SessionCache<Kept>;

/**
 * How long after a change the database answers (ms): a tenant read while writes come faster than its read takes
 * (an import, the ampel run) would be forgotten as it arrived, every time. Tests shorten it.
 */
export const KEPT_TIMING = { quiet: 100 };

/** Tenants read at once at most, whatever changes meanwhile (each read holds a pooled connection). */
const READS_AT_ONCE = 2;

/** The kept lists of each app's database, when the last change was heard, and the tenants being read. */
interface KeptState {
  kept: KeptLocations;
  changedAt: number;
  /** Tenants whose read runs, also one begun before a change (its answer is not kept, but it still runs). */
  reading: Set<string>;
}
const byDb = new WeakMap<Executor, KeptState>();

/**
 * Keeps the app's lists while its process hears the locations' notices. On PostgreSQL the reply to a write of the
 * process leaves once the notices up to it have been heard (on the embedded database the notice came with the
 * commit). At the app's root, so that it sees every write (a book retired, an inspection that moves a colour).
 */
export function registerKeptLocations(app: FastifyInstance) {
  const kept = sessionCache<Kept>({ maxEntries: KEPT_TENANTS_MAX });
  const state: KeptState = { kept, changedAt: Number.NEGATIVE_INFINITY, reading: new Set() };
  byDb.set(app.deps.database.db, state);
  const changed = () => {
    state.changedAt = performance.now();
    kept.clear();
  };
  const { noticesLag } = feedFromNotices(app, LOCATIONS_CHANGED, kept, changed);
  app.addHook('onReady', async () => app.deps.metrics.setKeptLocations(() => kept.stats));
  // A write of the process is shown by its next page: on PostgreSQL its notice comes a moment after the commit,
  // so the reply waits until the listener has heard every notice up to now (about a round trip), or forgets.
  // Not needed when nothing is kept or being read, nor for a refused request, which wrote nothing (decision 042).
  app.addHook('onSend', async (req, reply) => {
    if (!noticesLag() || req.method === 'GET' || req.method === 'HEAD' || reply.statusCode >= 400) return;
    if (!kept.stats.listening || (kept.stats.size === 0 && state.reading.size === 0)) return;
    if (!(await app.deps.database.sync(LOCATIONS_CHANGED))) changed();
  });
}

/** A staff user's list, whose statement names no user (customerlocations.repo.ts visible, listColumns). */
const servesUser = (user: ScopeUser) => !isScoped(user);
/**
 * A search the kept text answers as the database would: `lower()` of a term in ASCII is JavaScript's in every
 * character type but a Turkish one (where 'I' becomes 'ı', decision 075: not supported for the kept list); of
 * other letters it depends on the database's character type, so such a term is searched by the database.
 */
const ASCII = /^[\x20-\x7e]*$/;

/** The page of a staff list from the kept rows, or null when the database must answer it. */
export function keptPage(db: Executor, tenantId: string, user: ScopeUser, q: CustomerLocationListQuery) {
  if (!servesUser(user) || (q.search && !ASCII.test(q.search))) return null;
  const tenant = keptTenant(db, tenantId, user);
  if (!tenant) return null;
  return pageOf(tenant, q);
}

/**
 * The colours of a staff user's active locations found by a place term (ZIP, town, street) and a key term (ZNL, Nr,
 * SAP-Nr as the list shows them), as `ampelCounts` groups them, from the kept rows; null when the database must
 * count. The kept search text holds those six fields in lower case, each apart (customerlocations.ts searchText).
 */
export function keptAmpelCounts(
  db: Executor,
  tenantId: string,
  user: ScopeUser,
  place: string | undefined,
  keys: string | undefined,
) {
  if (!servesUser(user) || !ASCII.test(place ?? '') || !ASCII.test(keys ?? '')) return null;
  const tenant = keptTenant(db, tenantId, user);
  if (!tenant?.fieldsApart) return null;
  const placeTerm = place?.toLowerCase();
  const keysTerm = keys?.toLowerCase();
  const counts = new Map<string, { insp: string; self: string; n: number }>();
  tenant.rows.forEach((r, i) => {
    if (!r.row.active) return;
    const fields = tenant.searchFields[i] as string[];
    if (keysTerm && !fields.slice(0, 3).some((f) => f.includes(keysTerm))) return;
    if (placeTerm && !fields.slice(3).some((f) => f.includes(placeTerm))) return;
    const insp = r.row.ruhend ? 'grey' : String(r.row.inspectionRank);
    const self = r.row.ruhend ? 'grey' : String(r.row.selfRank);
    const key = `${insp}|${self}`;
    const count = counts.get(key) ?? { insp, self, n: 0 };
    count.n++;
    counts.set(key, count);
  });
  return [...counts.values()];
}
/** The separator of the search text's fields (chr 31); no term the kept rows answer holds it. */
const SEPARATOR = '\x1f';

/**
 * The tenant's kept rows; else null, and the database answers this call while the rows are read in the background
 * (no call waits for them: a read of 2,000 branches takes about 60 ms, a page from the database 2). Nothing is
 * read while the process does not listen, or in the quiet after a change; a tenant is read once at a time, also
 * across changes, and READS_AT_ONCE tenants at most.
 */
function keptTenant(db: Executor, tenantId: string, user: ScopeUser) {
  const state = byDb.get(db);
  if (!state?.kept.stats.listening || performance.now() - state.changedAt < KEPT_TIMING.quiet) return null;
  const tenant =
    state.kept.peek(tenantId) ??
    (state.reading.has(tenantId) || state.reading.size >= READS_AT_ONCE
      ? undefined
      : state.kept.ready(tenantId, () => {
          state.reading.add(tenantId);
          return readTenant(db, tenantId, user).finally(() => state.reading.delete(tenantId));
        }));
  return tenant && !('tooLarge' in tenant) ? tenant : null;
}

/** A page: the rows that pass the filters, in the order asked, counted whole and cut to the page. */
export function pageOf(t: KeptTenant, q: CustomerLocationListQuery) {
  const order = orderIn(t, q.sort);
  const term = q.search ? q.search.toLowerCase() : null;
  const rank = q.ampel && q.ampel !== 'grey' ? ampelRank(q.ampel) : null;
  const from = offsetOf(q);
  const to = from + q.size;
  const rows: LocationListRow[] = [];
  let total = 0;
  for (const i of order) {
    const r = t.rows[i] as LocationListRow;
    if (!q.inactive && !r.row.active) continue;
    if (term && !(t.searchText[i] as string).includes(term)) continue;
    if (q.ampel === 'grey' ? !r.row.ruhend : rank !== null && (r.row.ruhend || r.row.inspectionRank !== rank)) continue;
    if (total >= from && total < to) rows.push(r);
    total++;
  }
  return { rows, total };
}

/**
 * Every location of the tenant as the list shows it, with its search text and its rank in each text key's order.
 * One statement, so that all of it is of one moment. For 2,000 locations about 15 ms in PostgreSQL, and about as
 * much again to read its rows; positions in all 14 orders instead took 45–90 ms.
 */
async function readTenant(db: Executor, tenantId: string, user: ScopeUser): Promise<Kept> {
  const a = aggregatesOf(user);
  const [size] = await db
    .select({ n: count() })
    .from(customerLocations)
    .where(eq(customerLocations.tenantId, tenantId));
  if ((size?.n ?? 0) > KEPT_LIMITS.branches) return { tooLarge: true };
  const rank = (key: SQL | AnyColumn) => sql<number>`(dense_rank() over (order by ${key}))::int`;
  const read = await db
    .select({
      ...listColumns(user, a),
      searchText: customerLocations.searchText,
      ranks: {
        znl: rank(customerLocations.znl),
        nr: rank(customerLocations.nr),
        sapNr: rank(customerLocations.sapNr),
        zip: rank(sql`${customerLocations.address} ->> 'zip'`),
        location: rank(sql`${customerLocations.address} ->> 'location'`),
      },
    })
    .from(customerLocations)
    .where(eq(customerLocations.tenantId, tenantId));
  const t: KeptTenant = {
    rows: [],
    searchText: [],
    searchFields: [],
    fieldsApart: true,
    keyed: [],
    orders: new Map(),
  };
  for (const r of read) {
    const { row, inspectionAmpel, selfInspectionAmpel, bookCount, overdueCount, bookIds } = r;
    t.rows.push({ row, inspectionAmpel, selfInspectionAmpel, bookCount, overdueCount, bookIds });
    t.searchText.push(r.searchText);
    const fields = r.searchText.split(SEPARATOR);
    t.searchFields.push(fields);
    if (fields.length !== 6) t.fieldsApart = false;
    t.keyed.push({ row, ranks: r.ranks, overdue: overdueCount });
  }
  return t;
}

/** The rows' indices in the order asked for, sorted the first time it is asked. */
function orderIn(t: KeptTenant, sort: string) {
  let order = t.orders.get(sort);
  if (!order) {
    order = sortedIndices(t.keyed, sort);
    t.orders.set(sort, order);
  }
  return order;
}
