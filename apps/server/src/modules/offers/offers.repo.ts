/**
 * Queries of technical offers and the mapping between the row and the offer of the API, both named as
 * the schema's fields (a block one jsonb column). Every query takes the tenant id of the verified request.
 */
import { flattenRecord, type ObjectSchema, pickFields, readFields } from '@pruefbuch/domain/record-fields';
import { Role } from '@pruefbuch/domain/roles';
import {
  followUpDue as isFollowUpDue,
  type OfferAmpelColour,
  type OfferAmpelInput,
  type OfferAmpelLabel,
  type OfferStatus,
  offerAmpel,
  offerStatusOf,
} from '@pruefbuch/domain/rules/offer-ampel';
import {
  OFFER_DEFAULTS,
  OFFER_LIST_FILTERS,
  type Offer,
  type OfferFields,
  type OfferFile,
  type OfferListItem,
  type OfferListQuery,
  type OfferSearchType,
  type OfferType,
  offerFieldsSchema,
  offerTypeOf,
} from '@pruefbuch/domain/schemas/offer';
import {
  type AnyColumn,
  and,
  asc,
  eq,
  fillPlaceholders,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { blobs, books, inspections, offerFiles, offers, users, userTenants } from '../../db/schema/index';
import { containsPattern, offsetOf, orderBy, type SortField } from '../../platform/paging';

export type OfferRow = typeof offers.$inferSelect;

/** The colour's rank in ampel_rank: the list sorts worst first. */
export const AMPEL_RANK: Record<OfferAmpelColour, number> = { red: 3, orange: 2, green: 1 };
const COLOUR_OF_RANK: Record<number, OfferAmpelColour> = { 3: 'red', 2: 'orange', 1: 'green' };

/** Attachments are blobs of this type, without a book, linked in offer_files. */
export const OFFER_ATTACHMENT_TYPE = 'offer-attachment';

/** A talk is still to be had: no result, or the offer was not understood (a reminder is needed). */
export const talkOpen = () =>
  or(isNull(offers.talkResult), eq(offers.talkResult, 'angebot_war_nicht_verstaendlich')) as SQL;

// ---------------------------------------------------------------------------------------------
// Row ↔ fields

/**
 * The fields a client writes, read from the row. Every field is a column of the same name and type (a
 * block one jsonb column), so the schema's keys pick them; the compiler checks the types.
 */
export const fieldsOf = (row: OfferRow): OfferFields => readFields(offerFieldsSchema, OFFER_DEFAULTS, row);

/** The columns of the fields a client writes. */
export const columnsOf = (f: OfferFields) => pickFields(offerFieldsSchema, f);

/** What only the server sets and the ampel reads besides the fields. */
export interface ServerState {
  orderId: string | null;
  ktbInformedAt: Date | null;
  takeOverRequestedAt: Date | null;
}

export function ampelInputOf(f: OfferFields, s: ServerState): OfferAmpelInput {
  return {
    ofmUser: f.ofmUser,
    receivedDate: f.receivedDate,
    deliveryDate: f.deliveryDate,
    ktb: f.ktb,
    ktbInformedAt: s.ktbInformedAt?.toISOString() ?? null,
    takeOverRequestedAt: s.takeOverRequestedAt?.toISOString() ?? null,
    angebot: {
      offerNr: f.angebot.offerNr,
      offerDate: f.angebot.offerDate,
      offerFollowUpDate: f.angebot.offerFollowUpDate,
      talkResult: f.angebot.talkResult,
    },
    opm: { orderId: s.orderId, status: f.opm.status },
    ersatzteile: { orderNumber: f.ersatzteile.orderNumber, orderDate: f.ersatzteile.orderDate },
  };
}

/** The derived columns (ampel and its rank, status, type) of an offer on `today`. */
export function derivedOf(f: OfferFields, s: ServerState, today: string) {
  const ampel = offerAmpel(ampelInputOf(f, s), today);
  const status = offerStatusOf(f.angebot.talkResult);
  return {
    ampel: ampel.label,
    ampelRank: AMPEL_RANK[ampel.colour],
    status,
    type: offerTypeOf({ abteilung: f.abteilung, status }),
  };
}

/**
 * What the protocol records of offers of this schema: the fields, the blocks field by field
 * ('angebot.offerNr', 'abteilung.bau'), and what the server derives or sets (domain/protocol.ts OFFER).
 */
export const offerAuditView =
  (schema: ObjectSchema) =>
  (row: OfferRow): Record<string, unknown> => ({
    ...flattenRecord(schema, row),
    'opm.orderId': row.orderId,
    ampel: row.ampel,
    status: row.status,
    ktbInformedAt: row.ktbInformedAt,
    takeOverRequestedAt: row.takeOverRequestedAt,
  });

/** What the protocol records of an offer. */
export const auditViewOf = offerAuditView(offerFieldsSchema);

// ---------------------------------------------------------------------------------------------
// Reading

const ofmUsers = alias(users, 'ofm_users');
const opmUsers = alias(users, 'opm_users');
const ktbUsers = alias(users, 'ktb_users');
const person = (u: typeof ofmUsers | typeof opmUsers | typeof ktbUsers) => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  abbreviation: u.abbreviation,
});

/** The text of the source defect, read from its record (empty when the defect is gone). */
const defectText = sql<string | null>`(select d ->> 'text' from ${inspections} as i
  cross join lateral jsonb_array_elements(i.defects) as d
  where i.id = ${offers.sourceRecordId} and i.tenant_id = ${offers.tenantId} and d ->> '_id' = ${offers.sourceDefectId}
  limit 1)`;

const columns = {
  row: offers,
  ofm: person(ofmUsers),
  opm: person(opmUsers),
  ktb: person(ktbUsers),
  bookTitle: books.title,
  defectText,
  fileCount: sql<number>`(select count(*) from ${offerFiles} where ${offerFiles.offerId} = ${offers.id})::int`.mapWith(
    Number,
  ),
};

function selectOffers(db: Executor, extra: Record<string, SQL.Aliased | SQL> = {}) {
  return db
    .select({ ...columns, ...extra })
    .from(offers)
    .leftJoin(ofmUsers, eq(ofmUsers.id, offers.ofmUser))
    .leftJoin(opmUsers, eq(opmUsers.id, offers.opmUser))
    .leftJoin(ktbUsers, eq(ktbUsers.id, offers.ktb))
    .leftJoin(books, and(eq(books.id, offers.sourceBookId), eq(books.tenantId, offers.tenantId)));
}

type Person = { id: string | null; firstName: string | null; lastName: string | null; abbreviation: string | null };
export type OfferSelect = {
  row: OfferRow;
  ofm: Person | null;
  opm: Person | null;
  ktb: Person | null;
  bookTitle: string | null;
  defectText: string | null;
  fileCount: number;
};

/** One offer of the tenant with what its reply names, or null. */
export async function findOffer(db: Executor, tenantId: string, id: string): Promise<OfferSelect | null> {
  const [row] = await selectOffers(db)
    .where(and(eq(offers.tenantId, tenantId), eq(offers.id, id)))
    .limit(1);
  return row ?? null;
}

/** The row alone, locked for a write. */
export async function lockOffer(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.tenantId, tenantId), eq(offers.id, id)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Whether the offer exists in the tenant (the protocol asks this when it finds no rows). */
export async function offerExists(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.tenantId, tenantId), eq(offers.id, id)))
    .limit(1);
  return row ?? null;
}

/** The attachments of an offer, oldest first. */
export function filesOf(db: Executor, offerId: string) {
  return db
    .select({ blob: blobs, linkedAt: offerFiles.createdAt })
    .from(offerFiles)
    .innerJoin(blobs, eq(blobs.id, offerFiles.blobId))
    .where(eq(offerFiles.offerId, offerId))
    .orderBy(asc(offerFiles.createdAt), asc(blobs.id));
}

export const toFileDto = (b: typeof blobs.$inferSelect): OfferFile => ({
  _id: b.id,
  name: b.fileName,
  contentType: b.contentType,
  size: b.size,
  createdAt: b.createdAt.toISOString(),
});

const SEARCH: Record<OfferSearchType, (AnyColumn | SQL)[]> = {
  csnr: [offers.csnr],
  debitor: [offers.debitor],
  objekt: [offers.objekt],
  plz: [offers.plz],
  offerNr: [offers.offerNr],
  contact: [offers.contactPerson, offers.customerEmail, offers.contactPersonTelNr],
  all: [
    offers.csnr,
    offers.debitor,
    offers.objekt,
    offers.plz,
    offers.offerNr,
    offers.contactPerson,
    offers.customerEmail,
    offers.contactPersonTelNr,
  ],
};

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

/** The value of each set filter, the scope and the page, as the placeholders of a list statement take them. */
function listValues(s: ListScope, q: OfferListQuery) {
  return {
    tenantId: s.tenantId,
    userId: s.userId,
    like: q.search ? containsPattern(q.search) : null,
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
  searchType: q.search ? q.searchType : null,
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
    shape.inactive ? undefined : eq(offers.active, true),
    shape.searchType ? or(...SEARCH[shape.searchType].map((c) => ilike(c, $('like')))) : undefined,
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
function listQuery(db: Executor, shape: ListShape) {
  const apart = countApart(shape);
  const total = apart
    ? sql<number>`(select count(*) from ${offers} where ${listWhere(shape)})::int`
    : sql<number>`(count(*) over ())::int`;
  const page = db.$with('page').as(
    db
      .select({ id: offers.id, total: (apart ? sql<number>`0` : total).as('total') })
      .from(offers)
      .where(listWhere(shape))
      .orderBy(...orderOf(shape))
      .limit($('limit'))
      .offset($('offset')),
  );
  return db
    .with(page)
    .select({ ...columns, total: (apart ? total : sql<number>`${page.total}`).mapWith(Number) })
    .from(page)
    .innerJoin(offers, eq(offers.id, page.id))
    .leftJoin(ofmUsers, eq(ofmUsers.id, offers.ofmUser))
    .leftJoin(opmUsers, eq(opmUsers.id, offers.opmUser))
    .leftJoin(ktbUsers, eq(ktbUsers.id, offers.ktb))
    .leftJoin(books, and(eq(books.id, offers.sourceBookId), eq(books.tenantId, offers.tenantId)))
    .orderBy(...orderOf(shape));
}
const listStatement = (db: Executor, shape: ListShape, name: string) => listQuery(db, shape).prepare(name);
const countStatement = (db: Executor, shape: ListShape) =>
  db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(offers)
    .where(listWhere(shape))
    .prepare('');

/** The shapes a database keeps built at most; a list of another shape is built for its call alone. */
const KEPT_SHAPES = 200;
const listStatements = preparedStatements<ReturnType<typeof listStatement>>();

/**
 * The statement of a list's shape, built once per database: named (PostgreSQL plans it once per
 * connection, when its generic plan is no worse) unless it searches, where the term decides the plan
 * and an unnamed statement is planned per call with it.
 */
function statementOf(db: Executor, shape: ListShape) {
  const key = shapeKey(shape);
  const name = (n: number) => (shape.searchType ? '' : `offers_list_${n}`);
  if (listStatements.size(db) >= KEPT_SHAPES && !listStatements.has(db, key)) return listStatement(db, shape, '');
  return listStatements(db, key, (_shape, n) => listStatement(db, shape, name(n)));
}

/** The SQL text, parameters and statement name of a list page as the API runs it (for the benchmark's direct query). */
export function listOffersSql(db: Executor, s: ListScope, q: OfferListQuery) {
  const shape = shapeOf(q);
  const { sql: text, params } = listQuery(db, shape).toSQL();
  const name = shape.searchType ? {} : { name: `offers_list_bench_${shapeKey(shape)}`.slice(0, 63) };
  return { sql: text, params: fillPlaceholders(params, listValues(s, q)), ...name };
}

export async function listOffers(db: Executor, s: ListScope, q: OfferListQuery) {
  const shape = shapeOf(q);
  const values = listValues(s, q);
  const rows = (await statementOf(db, shape).execute(values)) as (OfferSelect & { total: number })[];
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.page > 1) {
    const [c] = await countStatement(db, shape).execute(values);
    total = c?.n ?? 0;
  }
  return { rows, total };
}

// ---------------------------------------------------------------------------------------------
// The reply

/** A left-joined user: null (or all fields null) when nobody is named or the user is gone. */
const userRefOf = (u: Person | null) =>
  u?.id
    ? { _id: u.id, name: `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim(), abbreviation: u.abbreviation ?? '' }
    : null;

function sourceOf(s: OfferSelect) {
  const r = s.row;
  if (!r.sourceBookId || !r.sourceRecordId || !r.sourceDefectId) return null;
  return {
    book: r.sourceBookId,
    record: r.sourceRecordId,
    defect: r.sourceDefectId,
    bookTitle: s.bookTitle ?? '',
    defectText: s.defectText ?? '',
  };
}

/** The fields a list row carries: all but the long object description. */
const listFieldsSchema = offerFieldsSchema.omit({ objektdaten: true });
const { objektdaten: _long, ...LIST_DEFAULTS } = OFFER_DEFAULTS;

/** What a list row has of its own besides the fields; of the fields it replaces only `opm` (adding the order). */
export const LIST_ITEM_OWN_KEYS = [
  '_id',
  'tenant',
  'ampel',
  'ampelColour',
  'status',
  'type',
  'followUpDue',
  'opm',
  'ktbInformedAt',
  'takeOverRequestedAt',
  'users',
  'source',
  'fileCount',
  '__v',
  'createdAt',
  'updatedAt',
] as const;

/**
 * The list row of an offer on `today` (followUpDue is a matter of the day). Its own part is written
 * out, the fields are copied in: spreading the fields into a literal with these 16 keys took 25 µs a
 * row (each row's fields have a shape of their own to V8), copying them 2 µs (bench/offers.ts lists).
 */
export function toListItem(s: OfferSelect, today: string): OfferListItem {
  const r = s.row;
  const fields = readFields(listFieldsSchema, LIST_DEFAULTS, r);
  const own = {
    _id: r.id,
    tenant: r.tenantId,
    ampel: r.ampel as OfferAmpelLabel,
    ampelColour: COLOUR_OF_RANK[r.ampelRank] ?? 'green',
    status: r.status as OfferStatus,
    type: r.type as OfferType,
    followUpDue: isFollowUpDue(fields, today),
    opm: { ...fields.opm, orderId: r.orderId },
    ktbInformedAt: r.ktbInformedAt?.toISOString() ?? null,
    takeOverRequestedAt: r.takeOverRequestedAt?.toISOString() ?? null,
    users: { ofm: userRefOf(s.ofm), opm: userRefOf(s.opm), ktb: userRefOf(s.ktb) },
    source: sourceOf(s),
    fileCount: s.fileCount,
    __v: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  } satisfies Record<(typeof LIST_ITEM_OWN_KEYS)[number], unknown>;
  const { opm } = own;
  return Object.assign(Object.assign(own, fields), { opm });
}

export function toOfferDto(s: OfferSelect, files: OfferFile[], today: string): Offer {
  const { fileCount: _count, ...item } = toListItem(s, today);
  return { ...item, objektdaten: s.row.objektdaten, files };
}

// ---------------------------------------------------------------------------------------------
// The people of an offer

/** Users that can be named OFM, OPM or KTB: members of the tenant, not resigned, no branch users. */
export function pickableUsers(db: Executor, tenantId: string, ids?: string[]) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      abbreviation: users.abbreviation,
      department: users.department,
      email: users.email,
    })
    .from(users)
    .innerJoin(userTenants, and(eq(userTenants.userId, users.id), eq(userTenants.tenantId, tenantId)))
    .where(
      and(
        ne(users.role, Role.ROLE_FILIALE),
        eq(users.isResigned, false),
        ids ? inArray(users.id, ids.length ? ids : [NO_ID]) : undefined,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}
const NO_ID = '00000000-0000-0000-0000-000000000000';

export const USER_FIELDS = ['ofmUser', 'opmUser', 'ktb'] as const;
