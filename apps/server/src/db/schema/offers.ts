import type { Grain } from '@pruefbuch/domain/rules/figure-buckets';
import type { OfferStatus, TalkResult } from '@pruefbuch/domain/rules/offer-ampel';
import type { OfferGroup, OfferSpanKind } from '@pruefbuch/domain/rules/offer-figures';
import type { Angebot, DivisionFlags, Ersatzteile, Opm, ReceivedVia } from '@pruefbuch/domain/schemas/offer';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { books } from './books';
import { createdAt, stamps } from './columns';
import { blobs } from './documents';
import { tenants } from './tenants';
import { users } from './users';

/** The fields of the offer search's text, in its order (searchText; offers.list.ts finds a field by its place). */
export const OFFER_SEARCH_FIELDS = [
  'csnr',
  'debitor',
  'objekt',
  'plz',
  'offerNr',
  'contactPerson',
  'customerEmail',
  'contactPersonTelNr',
] as const;
export type OfferSearchField = (typeof OFFER_SEARCH_FIELDS)[number];

/**
 * The text the offer search looks in (decision 076): OFFER_SEARCH_FIELDS in lower case, joined by a unit separator
 * (chr 31) so that a term never matches across two fields, as for orders. Stored, so a search compares one text with
 * LIKE (case-blind as ILIKE is: PostgreSQL's ILIKE lowers both sides the same way) and a trigram index finds a rare
 * term. The offer number is read from its block: a generated column cannot name another (offer_nr).
 */
const searchText = (t: Record<Exclude<OfferSearchField, 'offerNr'> | 'angebot', AnyPgColumn>): SQL => {
  const fields = OFFER_SEARCH_FIELDS.map((f) =>
    f === 'offerNr' ? sql`coalesce(${t.angebot} ->> 'offerNr', '')` : t[f],
  );
  // A separator typed into a field becomes a space: each field keeps its place in the text.
  return sql`lower(${sql.join(
    fields.map((f) => sql`replace(${f}, chr(31), ' ')`),
    sql` || chr(31) || `,
  )})`;
};

const day = (name: string) => date(name, { mode: 'string' });
const euros = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const userRef = (name: string) => uuid(name).references(() => users.id, { onDelete: 'set null' });

/** A field of a block as SQL: its text, or null. */
const inBlock = (block: string, key: string) => `"${block}" ->> '${key}'`;
/** A text field of a block, kept as a column of its own. */
const blockText = (name: string, block: string, key: string) =>
  text(name).generatedAlwaysAs(sql.raw(inBlock(block, key)));
/**
 * A day of a block, kept as a column of its own. Built with make_date: a generated column's expression
 * must be immutable, and casting text to date is not (it reads the DateStyle setting).
 */
const blockDay = (name: string, block: string, key: string) => {
  const part = (from: number, length: number) => `substr(${inBlock(block, key)}, ${from}, ${length})::int`;
  return day(name).generatedAlwaysAs(sql.raw(`make_date(${part(1, 4)}, ${part(6, 2)}, ${part(9, 2)})`));
};
/** An amount of a block, kept as a column of its own. */
const blockEuros = (name: string, block: string, key: string) =>
  euros(name).generatedAlwaysAs(sql.raw(`(${inBlock(block, key)})::numeric(12, 2)`));

/**
 * A technical offer (SPEC §3 Offer) of a tenant. The main fields are columns named as the schema's
 * fields, each block (angebot, opm, ersatzteile) one jsonb column typed from its schema, so that a new
 * field of the schema needs no mapping (offers.repo.ts). What the list sorts, filters and searches on,
 * the evaluation sums and groups on and the daily job selects on is generated from its block as a
 * column of its own, under an index where it needs one. ampel, ampel_rank, status and type are
 * derived (rules/offer-ampel.ts) and written with every change and by the daily job.
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    receivedVia: text('received_via').$type<ReceivedVia>(),
    csnr: text('csnr').notNull().default(''),
    receivedDate: day('received_date'),
    receivedFrom: text('received_from').notNull().default(''),
    debitor: text('debitor').notNull().default(''),
    tp: text('tp').notNull().default(''),
    objekt: text('objekt').notNull().default(''),
    objektdaten: text('objektdaten').notNull().default(''),
    bauObjektNr: text('bau_objekt_nr').notNull().default(''),
    plz: text('plz').notNull().default(''),
    contactPerson: text('contact_person').notNull().default(''),
    customerEmail: text('customer_email').notNull().default(''),
    contactPersonTelNr: text('contact_person_tel_nr').notNull().default(''),
    opmUser: userRef('opm_user'),
    ofmUser: userRef('ofm_user'),
    ktb: userRef('ktb'),
    deliveryDate: day('delivery_date'),
    deleteFilesDate: day('delete_files_date'),
    /** Who set deleteFilesDate last: the attachment purge is recorded in their name. */
    deleteFilesSetBy: userRef('delete_files_set_by'),
    notes: text('notes').notNull().default(''),
    abteilung: jsonb('abteilung').$type<DivisionFlags>().notNull(),
    aktuelle_abteilung: smallint('aktuelle_abteilung').notNull().default(5),
    angebot: jsonb('angebot').$type<Angebot>().notNull(),
    opm: jsonb('opm').$type<Opm>().notNull(),
    ersatzteile: jsonb('ersatzteile').$type<Ersatzteile>().notNull(),
    // From the blocks: the list's sorts and filters, the evaluation's sums and groups, the daily job.
    offerNr: blockText('offer_nr', 'angebot', 'offerNr').notNull(),
    offerDate: blockDay('offer_date', 'angebot', 'offerDate'),
    offerSum: blockEuros('offer_sum', 'angebot', 'offerSum'),
    offerFollowUpDate: blockDay('offer_follow_up_date', 'angebot', 'offerFollowUpDate'),
    talkResult: blockText('talk_result', 'angebot', 'talkResult').$type<TalkResult>(),
    orderSum: blockEuros('order_sum', 'ersatzteile', 'orderSum'),
    /** When the talk result was last set (offer times: offer to talk result). */
    talkResultAt: at('talk_result_at'),
    /** The order of order processing that took the offer over (no foreign key until orders exist). */
    orderId: uuid('order_id'),
    // derived and server-set
    ampel: text('ampel').notNull(),
    /** 3 red, 2 orange, 1 green: the list sorts worst first. */
    ampelRank: smallint('ampel_rank').notNull(),
    status: text('status').notNull().default('waiting'),
    type: text('type').notNull().default('offer'),
    ktbInformedAt: at('ktb_informed_at'),
    takeOverRequestedAt: at('take_over_requested_at'),
    /** The follow-up date the OFM was last mailed about (one mail per date). */
    followUpMailedFor: day('follow_up_mailed_for'),
    /** The defect the offer was started from (a record's defect id inside the record). */
    sourceBookId: uuid('source_book_id').references(() => books.id, { onDelete: 'set null' }),
    sourceRecordId: uuid('source_record_id'),
    sourceDefectId: text('source_defect_id'),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(0),
    createdBy: uuid('created_by'),
    /**
     * The offer as the list shows it, what of it is the offer's own, as JSON text (offers.store.ts keepListItems,
     * written with every write); '' until the first write or the daily run fills it (offers.job.ts).
     */
    listItem: text('list_item').notNull().default(''),
    /** The search's text (searchText), kept by the database. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => searchText(offers)),
    ...stamps,
  },
  (t) => [
    index('offers_tenant_rank_idx').on(t.tenantId, t.ampelRank, t.receivedDate),
    index('offers_tenant_received_idx').on(t.tenantId, t.receivedDate),
    index('offers_tenant_offer_date_idx').on(t.tenantId, t.offerDate),
    index('offers_tenant_ofm_idx').on(t.tenantId, t.ofmUser, t.offerFollowUpDate),
    index('offers_tenant_updated_idx').on(t.tenantId, t.updatedAt),
    index('offers_source_book_idx').on(t.sourceBookId),
    // The list's filters at 50,000 offers (bench/offers.ts): an OFM's offers in a range of the received date;
    index('offers_tenant_ofm_received_idx').on(t.tenantId, t.ofmUser, t.receivedDate),
    // 'Meine Nachfassungen': an OFM's offers whose talk is still open, soonest follow-up first;
    index('offers_follow_up_open_idx')
      .on(t.tenantId, t.ofmUser, t.offerFollowUpDate, t.id)
      .where(
        sql`${t.active} and ${t.offerFollowUpDate} is not null and (${t.talkResult} is null or ${t.talkResult} = 'angebot_war_nicht_verstaendlich')`,
      ),
    // the list's default order, worst first (the first pages of the list as it opens, and its count). Not with the
    // search text (decision 076): an index entry may hold 2,704 bytes, and an offer's eight fields may hold more;
    index('offers_tenant_list_idx')
      .on(t.tenantId, t.ampelRank.desc().nullsFirst(), t.offerFollowUpDate, t.id)
      .where(sql`${t.active}`),
    // a status (and colour) in the list's default order, worst first;
    index('offers_tenant_status_list_idx')
      .on(t.tenantId, t.status, t.ampelRank.desc().nullsFirst(), t.offerFollowUpDate, t.id)
      .where(sql`${t.active}`),
    // a rare term of the search: trigrams within the tenant (pg_trgm and btree_gin, as for books and orders).
    index('offers_search_trgm_idx').using('gin', t.tenantId, sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** The attachments of an offer: blobs of the document store (type 'offer-attachment'). */
export const offerFiles = pgTable(
  'offer_files',
  {
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    blobId: uuid('blob_id')
      .notNull()
      .references(() => blobs.id, { onDelete: 'cascade' }),
    createdAt,
  },
  (t) => [primaryKey({ columns: [t.offerId, t.blobId] }), index('offer_files_blob_idx').on(t.blobId)],
);

/** SPEC §3 Last search: per user and tenant what the offer list was last searched for. */
export const offerLastSearches = pgTable(
  'offer_last_searches',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    value: text('value').notNull().default(''),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('offer_last_searches_user_tenant_idx').on(t.userId, t.tenantId)],
);

/**
 * The offer evaluation's figures (rules/offer-figures.ts, rules/figure-buckets.ts, decision 046): per
 * tenant, department (0: all), bucket of the offer date (grain 'd' its day, 'w' its week dated the
 * Monday, 'm' its month dated the 1st) and group (month, KTB, talk result, received via, with its key). Moved by the server with every write of offers
 * (offers.store.ts), so a view reads the buckets of its range instead of every offer.
 */
export const offerFigures = pgTable(
  'offer_figures',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    groupBy: text('group_by').$type<OfferGroup>().notNull(),
    grain: text('grain').$type<Grain>().notNull(),
    day: day('day').notNull(),
    department: smallint('department').notNull(),
    key: text('key').notNull(),
    offerCnt: integer('offer_cnt').notNull().default(0),
    offerCents: bigint('offer_cents', { mode: 'number' }).notNull().default(0),
    orderCents: bigint('order_cents', { mode: 'number' }).notNull().default(0),
    cancelledCnt: integer('cancelled_cnt').notNull().default(0),
    commissionedCnt: integer('commissioned_cnt').notNull().default(0),
    waitingCnt: integer('waiting_cnt').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.groupBy, t.grain, t.day, t.department, t.key] })],
);

/**
 * The active offers of a tenant per status (rules/offer-lists.ts, decision 063): the offer list's total
 * without a search or a filter but the status reads these rows instead of counting the offers. Moved by
 * the server with every write of offers (offers.store.ts).
 */
export const offerListCounts = pgTable(
  'offer_list_counts',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    status: text('status').$type<OfferStatus>().notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.status] })],
);

/**
 * The offer times as histograms of whole days (rules/offer-figures.ts): per tenant, department (0:
 * all), bucket of the received date (as offer_figures) and kind (n: the offer, o: received to offer
 * date, r: offer date to talk result), how many offers had each span, as {"span": count}. A view reads
 * one histogram per bucket and kind and computes the quartiles from their sum.
 */
export const offerTimeSpans = pgTable(
  'offer_time_spans',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<OfferSpanKind>().notNull(),
    grain: text('grain').$type<Grain>().notNull(),
    day: day('day').notNull(),
    department: smallint('department').notNull(),
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind, t.grain, t.day, t.department] })],
);
