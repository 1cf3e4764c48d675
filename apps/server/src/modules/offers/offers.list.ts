/**
 * The offer list's statements: one per shape of a list query (the filters set, inactive offers,
 * 'Meine Nachfassungen', the search type, the sort), built once with every value a placeholder. A page
 * is found on offers alone and only its rows are joined with what the reply names (offers.repo.ts).
 */
import { OFFER_LIST_FILTERS, type OfferListQuery, type OfferSearchType } from '@pruefbuch/domain/schemas/offer';
import { type AnyColumn, and, asc, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { books, OFFER_SEARCH_FIELDS, type OfferSearchField, offerListCounts, offers } from '../../db/schema/index';
import { containsPattern, offsetOf, orderBy, type SortField, searchPageOf, searchReach } from '../../platform/paging';
import {
  AMPEL_RANK,
  findOffers,
  joinedListItemOf,
  ktbUsers,
  listItemText,
  offerColumns,
  ofmUsers,
  opmUsers,
  talkOpen,
  toListItem,
} from './offers.repo';

/** The fields each search type looks in (all of them: 'all'). */
const SEARCH: Record<Exclude<OfferSearchType, 'all'>, OfferSearchField[]> = {
  csnr: ['csnr'],
  debitor: ['debitor'],
  objekt: ['objekt'],
  plz: ['plz'],
  offerNr: ['offerNr'],
  contact: ['contactPerson', 'customerEmail', 'contactPersonTelNr'],
};

/**
 * A search's condition (decision 076). The term in the stored search text, which holds every searched field
 * (db/schema/offers.ts searchText): its trigrams find a rare term, the list's index a common one in the list's
 * order. A search type then looks for it in its own fields, each cut from the same text by its place. As `strpos`,
 * not LIKE: the planner takes it for a third of the rows and leaves the choice between the two indexes to the
 * text's histogram. LIKE on the cut field looked rare to it, and it read every match of a common term through the
 * trigrams and sorted them (21–27 ms for 'Klinikum' or 'Wagner' as debitor at 50,000 offers).
 */
function searchCondition(type: OfferSearchType): SQL {
  const inText = sql`${offers.searchText} like lower(${$('like')})`;
  if (type === 'all') return inText;
  const place = (f: OfferSearchField) => sql.raw(String(OFFER_SEARCH_FIELDS.indexOf(f) + 1));
  const inField = (f: OfferSearchField) =>
    sql`strpos(split_part(${offers.searchText}, chr(31), ${place(f)}), lower(${$('term')})) > 0`;
  return and(inText, or(...SEARCH[type].map(inField))) as SQL;
}

/** Newest or biggest first, and the offers without a value after them (PostgreSQL sorts nulls first when descending). */
const newestFirst = (c: AnyColumn): SortField => ({ keys: [sql`(${c} is not null)`, c], descendingFirst: true });

const SORT: Record<string, SortField> = {
  // Worst colour first, then the follow-up that comes soonest (none last).
  ampel: { keys: [offers.ampelRank], thenBy: [offers.offerFollowUpDate], descendingFirst: true },
  receivedDate: newestFirst(offers.receivedDate),
  offerDate: newestFirst(offers.offerDate),
  offerFollowUpDate: { keys: [offers.offerFollowUpDate] },
  offerNr: { keys: [offers.offerNr] },
  csnr: { keys: [offers.csnr] },
  debitor: { keys: [offers.debitor] },
  objekt: { keys: [offers.objekt] },
  plz: { keys: [offers.plz] },
  offerSum: newestFirst(offers.offerSum),
  updatedAt: { keys: [offers.updatedAt], descendingFirst: true },
};

export interface ListScope {
  tenantId: string;
  userId: string;
}

/** The filters a list query may set besides the search, each compared with a value of its own. */
const FILTERS = [...OFFER_LIST_FILTERS, 'book'] as const;
type Filter = (typeof FILTERS)[number];

/**
 * The term searched for, or null for none: a separator in it is a space, as in the stored text (db/schema/offers.ts
 * searchText), and a term of separators and spaces alone is none, as one of spaces is.
 */
const termOf = (q: OfferListQuery) => q.search?.replaceAll('\x1f', ' ').trim() || null;

/** The value of each set filter, the scope and the page, as the placeholders of a list statement take them. */
function listValues(s: ListScope, q: OfferListQuery) {
  const term = termOf(q);
  return {
    tenantId: s.tenantId,
    userId: s.userId,
    like: term ? containsPattern(term) : null,
    term,
    status: q.status,
    ampel: q.ampel,
    colour: q.colour ? AMPEL_RANK[q.colour] : undefined,
    department: q.department,
    division: q.division,
    ofmUser: q.ofmUser,
    opmUser: q.opmUser,
    type: q.type,
    from: q.from,
    to: q.to,
    book: q.book,
    limit: q.size,
    offset: offsetOf(q),
  };
}

/**
 * What a list statement's text depends on: which filters are set (not their values), inactive offers,
 * 'Meine Nachfassungen', the search type when there is a search, and the sort.
 */
interface ListShape {
  filters: Filter[];
  inactive: boolean;
  mine: boolean;
  searchType: OfferSearchType | null;
  sort: string;
}
const shapeOf = (q: OfferListQuery): ListShape => ({
  filters: FILTERS.filter((f) => q[f] !== undefined),
  inactive: !!q.inactive,
  mine: q.followUp === 'mine',
  searchType: termOf(q) ? q.searchType : null,
  sort: q.sort,
});
const shapeKey = (s: ListShape) => `${s.filters.join(',')}|${s.inactive}|${s.mine}|${s.searchType ?? ''}|${s.sort}`;

const $ = (name: keyof ReturnType<typeof listValues>) => sql.placeholder(name);
const CONDITION: Record<Filter, SQL> = {
  status: sql`${offers.status} = ${$('status')}`,
  ampel: sql`${offers.ampel} = ${$('ampel')}`,
  colour: sql`${offers.ampelRank} = ${$('colour')}`,
  department: sql`${offers.aktuelle_abteilung} = ${$('department')}`,
  division: sql`${offers.abteilung} ->> ${$('division')}::text = 'true'`,
  ofmUser: sql`${offers.ofmUser} = ${$('ofmUser')}`,
  opmUser: sql`${offers.opmUser} = ${$('opmUser')}`,
  type: sql`${offers.type} = ${$('type')}`,
  from: sql`${offers.receivedDate} >= ${$('from')}`,
  to: sql`${offers.receivedDate} <= ${$('to')}`,
  book: sql`${offers.sourceBookId} = ${$('book')}`,
};

/** The conditions of a list statement: tenant, search, every filter set, each value a placeholder. */
function listWhere(shape: ListShape): SQL {
  return and(
    eq(offers.tenantId, $('tenantId')),
    // `active` itself, not `active = $n`: a generic plan can prove the partial indexes' `where active` only from
    // the text (with a parameter, PostgreSQL planned every call anew, 1.9 ms each, since its generic plan
    // could not use them and scanned: 60–70 ms).
    shape.inactive ? undefined : sql`${offers.active}`,
    shape.searchType ? searchCondition(shape.searchType) : undefined,
    ...shape.filters.map((f) => CONDITION[f]),
    shape.mine ? and(eq(offers.ofmUser, $('userId')), talkOpen(), isNotNull(offers.offerFollowUpDate)) : undefined,
  ) as SQL;
}

/** 'Meine Nachfassungen' sorts the soonest follow-up first unless another order is asked for. */
const orderOf = (shape: ListShape) =>
  shape.mine && shape.sort === 'ampel'
    ? [asc(offers.offerFollowUpDate), asc(offers.id)]
    : orderBy(shape.sort, SORT, 'ampel', [offers.id]);

/**
 * Whether a list's page is read along an index in its order: active offers without a search, in the
 * default order (offers_tenant_list_idx, offers_tenant_status_list_idx) or any other. Then the page stops
 * after its rows and the total is counted on its own, from the index alone: at 50,000 offers the first
 * page takes 0.05 ms and the count 5 ms, where counting with the page (a window over every match) sorted
 * all 50,000 first (21 ms). A search reads its matches once for both (its trigram scan is the cost).
 */
const countApart = (shape: ListShape) => !shape.inactive;

/**
 * One page: the page's ids and the total are found on offers alone (its indexes, no joins), and only
 * the page's rows are joined with their people, book and counts.
 */
/**
 * Whether the list's total is one of the kept counts (offer_list_counts, rules/offer-lists.ts): all active
 * offers, or those of a status. At 50,000 offers that is a read of at most three rows instead of counting
 * every offer of the list (5–8 ms, most of the default list's time at 20 clients; bench/offers.ts).
 */
const countKept = (shape: ListShape) =>
  !shape.inactive && !shape.mine && !shape.searchType && shape.filters.every((f) => f === 'status');

/** The kept count of the list's shape (countKept). */
const keptTotal = (shape: ListShape) =>
  sql<number>`coalesce((select sum(${offerListCounts.n}) from ${offerListCounts}
    where ${offerListCounts.tenantId} = ${$('tenantId')}${
      shape.filters.includes('status') ? sql` and ${offerListCounts.status} = ${$('status')}` : sql``
    }), 0)::int`;

/**
 * A page's ids, in the list's order, with the list's total: on offers alone, along its indexes. Its plan
 * depends on the values (a search term, the page), so PostgreSQL plans it per call: 0.2 ms on one table,
 * where the page joined with its people and book took 2 ms to plan (bench/offers.ts). A search reads its first
 * matches instead, up to searchReach of them from the first (listOffers), and counts no further (decision 076).
 */
function pageQuery(db: Executor, shape: ListShape) {
  const total = shape.searchType
    ? sql<number>`0`
    : countKept(shape)
      ? keptTotal(shape)
      : countApart(shape)
        ? sql<number>`(select count(*) from ${offers} where ${listWhere(shape)})::int`
        : sql<number>`(count(*) over ())::int`;
  return db
    .select({ id: offers.id, total: total.mapWith(Number) })
    .from(offers)
    .where(listWhere(shape))
    .orderBy(...orderOf(shape))
    .limit($('limit'))
    .offset($('offset'));
}
const pageStatement = (db: Executor, shape: ListShape, name: string) => pageQuery(db, shape).prepare(name);

/**
 * A page's rows by their ids: each offer's stored list item (offers.store.ts) with what its row takes from
 * elsewhere (its people, book, defect and attachment count; offers.repo.ts ListJoins). One statement for every
 * list, planned once per connection (its plan reads each id by key, whatever the page). Reading the stored
 * item instead of the whole offer, and sending the page as text, doubled what the server answers: at 20 clients
 * 'Meine Nachfassungen' 2,283 pages a second at p50 8 ms against 1,078 at 17 ms (bench/offers.ts, decision 074).
 */
const rowsQuery = (db: Executor) =>
  db
    .select({
      id: offers.id,
      item: offers.listItem,
      row: {
        ofmUser: offers.ofmUser,
        opmUser: offers.opmUser,
        ktb: offers.ktb,
        talkResult: offers.talkResult,
        offerFollowUpDate: offers.offerFollowUpDate,
        sourceBookId: offers.sourceBookId,
        sourceRecordId: offers.sourceRecordId,
        sourceDefectId: offers.sourceDefectId,
      },
      ofm: offerColumns.ofm,
      opm: offerColumns.opm,
      ktb: offerColumns.ktb,
      bookTitle: offerColumns.bookTitle,
      defectText: offerColumns.defectText,
      fileCount: offerColumns.fileCount,
    })
    .from(offers)
    .leftJoin(ofmUsers, eq(ofmUsers.id, offers.ofmUser))
    .leftJoin(opmUsers, eq(opmUsers.id, offers.opmUser))
    .leftJoin(ktbUsers, eq(ktbUsers.id, offers.ktb))
    .leftJoin(books, and(eq(books.id, offers.sourceBookId), eq(books.tenantId, offers.tenantId)))
    .where(and(eq(offers.tenantId, $('tenantId')), sql`${offers.id} = any(${sql.placeholder('ids')}::uuid[])`));
const rowsStatements = preparedStatements<ReturnType<ReturnType<typeof rowsQuery>['prepare']>>();
const rowsStatement = (db: Executor) =>
  rowsStatements(db, 'rows', () => rowsQuery(db).prepare('offers_list_item_rows'));

/**
 * The list rows of offers whose item is not stored yet (written before the items were, until the daily run
 * stores theirs: offers.mails.ts refreshOfferAmpels), made from the whole offer as the item is.
 */
async function unstoredItems(db: Executor, tenantId: string, ids: string[], today: string) {
  const found = await findOffers(db, tenantId, ids);
  return new Map(found.map((s) => [s.row.id, JSON.stringify(toListItem(s, today))]));
}

const countStatement = (db: Executor, shape: ListShape) =>
  db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(offers)
    .where(listWhere(shape))
    .prepare('');

/** The shapes a database keeps built at most; a list of another shape is built for its call alone. */
const KEPT_SHAPES = 200;
const pageStatements = preparedStatements<ReturnType<typeof pageStatement>>();

/**
 * The statement of a list's shape, built once per database: named (PostgreSQL plans it once per
 * connection, when its generic plan is no worse) unless it searches, where the term decides the plan
 * and an unnamed statement is planned per call with it.
 */
function statementOf(db: Executor, shape: ListShape) {
  const key = shapeKey(shape);
  const name = (n: number) => (shape.searchType ? '' : `offers_list_${n}`);
  if (pageStatements.size(db) >= KEPT_SHAPES && !pageStatements.has(db, key)) return pageStatement(db, shape, '');
  return pageStatements(db, key, (_shape, n) => pageStatement(db, shape, name(n)));
}

/**
 * The ids of a list's page and its total: a search's first matches up to searchReach, cut to the page and counted
 * so far (`more` when there are further ones, decision 076); any other list's page with its total.
 */
async function pageIds(db: Executor, shape: ListShape, q: OfferListQuery, values: ReturnType<typeof listValues>) {
  if (shape.searchType) {
    const matches = await statementOf(db, shape).execute({ ...values, limit: searchReach(q) + 1, offset: 0 });
    const { page, total, more } = searchPageOf(matches, q);
    return { ids: page.map((m) => m.id), total, more };
  }
  const page = await statementOf(db, shape).execute(values);
  let total = page[0]?.total ?? 0;
  if (page.length === 0 && q.page > 1) {
    const [c] = await countStatement(db, shape).execute(values);
    total = c?.n ?? 0;
  }
  return { ids: page.map((p) => p.id), total, more: false };
}

/** One page of the list: its rows as JSON text, in the list's order, the list's total and whether it counted all. */
export async function listOffers(db: Executor, s: ListScope, q: OfferListQuery, today: string) {
  const shape = shapeOf(q);
  const { ids, total, more } = await pageIds(db, shape, q, listValues(s, q));
  if (ids.length === 0) return { items: [] as string[], total, more };
  const found = await rowsStatement(db).execute({ tenantId: s.tenantId, ids });
  const unstored = found.filter((r) => !r.item).map((r) => r.id);
  const made = unstored.length ? await unstoredItems(db, s.tenantId, unstored, today) : null;
  const items = new Map(found.map((r) => [r.id, made?.get(r.id) ?? listItemText(r.item, joinedListItemOf(r, today))]));
  // In the page's order; an offer deleted between the two reads is left out.
  return { items: ids.flatMap((id) => items.get(id) ?? []), total, more };
}
