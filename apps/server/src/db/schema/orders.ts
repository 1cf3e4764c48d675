import type { Grain } from '@pruefbuch/domain/rules/figure-buckets';
import { PRODUCTION_DEFAULTS, type Production } from '@pruefbuch/domain/schemas/capacity';
import type { DivisionFlags } from '@pruefbuch/domain/schemas/offer';
import type { Delivery, DoorConfig, MawEntry, OrderFields } from '@pruefbuch/domain/schemas/order';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  type ExtraConfigColumn,
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
import { stamps } from './columns';
import { offers } from './offers';
import { tenants } from './tenants';
import { users } from './users';

const day = (name: string) => date(name, { mode: 'string' });

/**
 * The text the free search of orders looks in (SPEC §7: object, AB-Nr, CS-Nr, customer, TP, service
 * id), in lower case and joined by a unit separator (chr 31) so that a term never matches across two
 * fields, as for books. Stored (orders.search_text), so a search compares it with LIKE (case-blind as
 * ILIKE is: PostgreSQL's ILIKE lowers both sides the same way) without building it for every row, and the
 * list index holds it (orders_list_idx), so a search in the list's order reads the index only.
 */
const searchText = (t: Record<'objekt' | 'abnr' | 'csnr' | 'kunde' | 'tp' | 'el', AnyPgColumn>): SQL =>
  sql`lower(${t.objekt} || chr(31) || ${t.abnr} || chr(31) || ${t.csnr} || chr(31) || ${t.kunde} || chr(31) || ${t.tp} || chr(31) || coalesce(${t.el} ->> 'service_id', ''))`;

const euros = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

type Vkid = OrderFields['vkid'];
type El = OrderFields['el'];

/** A text field of a block as a column the database keeps ('' when the block lacks it). */
const blockText = (name: string, block: () => AnyPgColumn, field: string) =>
  text(name)
    .notNull()
    .generatedAlwaysAs((): SQL => sql`coalesce(${block()} ->> ${sql.raw(`'${field}'`)}, '')`);

/**
 * An ISO date of a block as a date column. A cast of text to date depends on the DateStyle setting, so
 * PostgreSQL does not allow it in a generated column; make_date of its parts does not.
 */
const blockDate = (block: AnyPgColumn, field: string): SQL => {
  const v = sql`(${block} ->> ${sql.raw(`'${field}'`)})`;
  return sql`make_date(substr(${v}, 1, 4)::integer, substr(${v}, 6, 2)::integer, substr(${v}, 9, 2)::integer)`;
};

export interface ContactValue {
  bezeichnung: string;
  email: string;
  tel: string;
}
export type ServiceKindFlags = Record<'ibn' | 'maw' | 'mon' | 'okl' | 'rep' | 'ser' | 'umr', boolean>;

/** The search lists' order as index keys: gesamt_rank desc, vkid_geplante_montage_date, id. */
const listOrder = (t: Record<'gesamtRank' | 'vkidGeplanteMontageDate' | 'id', ExtraConfigColumn>) =>
  [t.gesamtRank.desc().nullsFirst(), t.vkidGeplanteMontageDate.asc(), t.id.asc()] as const;

/**
 * The order awaits a delivery: one of its deliveries has no 'geliefertAm' (null, empty or missing): the
 * warehouse's deliveries, rules/order-lists.ts DELIVERY_RULES (decision 054). The deliveries list's page
 * and its partial index write it alike, so that PostgreSQL sees the page within the index.
 */
export const awaitsDeliverySql = (logistik: AnyPgColumn | ExtraConfigColumn) =>
  sql`${logistik} @? '$[*] ? (!(exists(@.geliefertAm)) || @.geliefertAm == null || @.geliefertAm == "")'`;

/**
 * An order (SPEC §3 Order) of a tenant: each top-level field of orderFieldsSchema is a column of the
 * same name, each block (vkid, el, the contacts, the flags, the door configuration, production, the
 * lists) one JSON column typed from its schema. The few block fields that lists search, filter, sort,
 * count and the evaluation sums on are generated columns beside their block. The ampels are derived
 * (rules/order-ampel.ts) and written with every change and daily.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    objekt: text('objekt').notNull().default(''),
    tp: text('tp').notNull().default(''),
    abnr: text('abnr').notNull().default(''),
    csnr: text('csnr').notNull().default(''),
    objektdaten: text('objektdaten').notNull().default(''),
    objektnummer: text('objektnummer').notNull().default(''),
    kunde: text('kunde').notNull().default(''),
    opmUser: uuid('opm_user').references(() => users.id, { onDelete: 'set null' }),
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    bookId: uuid('book_id').references(() => books.id, { onDelete: 'set null' }),
    /**
     * The serial number (glasbocknr) of the book made from the order, as the book has it: the serial number
     * search finds the door by it (issue 31 item 7). Kept by the server where a book is linked, changes its
     * serial or is deleted (platform/book-serial.ts); '' without a book.
     */
    bookSerial: text('book_serial').notNull().default(''),
    active: boolean('active').notNull().default(true),
    antriebe: text('antriebe').notNull().default(''),
    antriebeOther: text('antriebe_other').notNull().default(''),
    bemerkungen: text('bemerkungen').notNull().default(''),
    anzahl_bemerkungen_bei_uebergabe: integer('anzahl_bemerkungen_bei_uebergabe'),
    leistungsart: jsonb('leistungsart').$type<ServiceKindFlags>().notNull(),
    abteilung: jsonb('abteilung').$type<DivisionFlags>().notNull(),
    aktuelleAbteilung: smallint('aktuelle_abteilung').notNull().default(1),
    ansprechpartner_elektrik: jsonb('ansprechpartner_elektrik').$type<ContactValue>().notNull(),
    ansprechpartner_baustelle: jsonb('ansprechpartner_baustelle').$type<ContactValue>().notNull(),
    ansprechpartner_kunde: jsonb('ansprechpartner_kunde').$type<ContactValue>().notNull(),
    entscheidungstraeger: jsonb('entscheidungstraeger').$type<ContactValue>().notNull(),
    /** The sales block (SPEC §3 vkid) as the schema declares it; the ampel is derived, so a column of its own. */
    vkid: jsonb('vkid').$type<Vkid>().notNull(),
    vkidAmpel: text('vkid_ampel'),
    /** The operations block (SPEC §3 el). */
    el: jsonb('el').$type<El>().notNull(),
    elAmpel: text('el_ampel'),
    // The block fields that lists search, filter, sort or count on and the operations evaluation sums,
    // kept by the database from the blocks (every other block field lives in the block alone).
    vkidInnendienst: blockText('vkid_innendienst', (): AnyPgColumn => orders.vkid, 'innendienst'),
    vkidAd: blockText('vkid_ad', (): AnyPgColumn => orders.vkid, 'ad'),
    vkidAktKw: blockText('vkid_akt_kw', (): AnyPgColumn => orders.vkid, 'akt_kw'),
    vkidGeplanteMontageDate: day('vkid_geplante_montage_date').generatedAlwaysAs(
      (): SQL => blockDate(orders.vkid, 'geplante_montage_date'),
    ),
    vkidBetrag: euros('vkid_betrag').generatedAlwaysAs((): SQL => sql`(${orders.vkid} ->> 'betrag')::numeric(12, 2)`),
    vkidVergabepreis: euros('vkid_vergabepreis').generatedAlwaysAs(
      (): SQL => sql`(${orders.vkid} ->> 'vergabepreis')::numeric(12, 2)`,
    ),
    vkidKalkulierteMin: integer('vkid_kalkulierte_min').generatedAlwaysAs(
      (): SQL => sql`(${orders.vkid} ->> 'kalkulierte_min')::integer`,
    ),
    elServiceId: blockText('el_service_id', (): AnyPgColumn => orders.el, 'service_id'),
    elAktKw: blockText('el_akt_kw', (): AnyPgColumn => orders.el, 'akt_kw'),
    elMontage: blockText('el_montage', (): AnyPgColumn => orders.el, 'montage'),
    elBenoetigteMin: integer('el_benoetigte_min').generatedAlwaysAs(
      (): SQL => sql`(${orders.el} ->> 'benoetigte_min')::integer`,
    ),
    logistik: jsonb('logistik').$type<Delivery[]>().notNull().default([]),
    maw: jsonb('maw').$type<MawEntry[]>().notNull().default([]),
    tuer: jsonb('tuer').$type<DoorConfig>().notNull(),
    /** What production needs (template, counted items): the order's required time (issue 14). */
    fertigung: jsonb('fertigung').$type<Production>().notNull().default(PRODUCTION_DEFAULTS),
    gesamtAmpel: text('gesamt_ampel'),
    /** 3 red, 2 orange, 1 green, 0 none: the list sorts worst first. */
    gesamtRank: smallint('gesamt_rank').notNull().default(0),
    status: text('status').notNull().default('CREATED'),
    statusLastModified: timestamp('status_last_modified', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the order reached each status first (the operations evaluation counts installed, accepted, billed). */
    installedAt: timestamp('installed_at', { withTimezone: true, mode: 'date' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    billedAt: timestamp('billed_at', { withTimezone: true, mode: 'date' }),
    version: integer('version').notNull().default(0),
    createdBy: uuid('created_by'),
    ...stamps,
    /** The free search's text (searchText), kept by the database. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => searchText(orders)),
    /**
     * The serial number search's text: the service id and each code of the door configuration (drive,
     * wings, power type, every component) in lower case, joined by chr(31), so a term matches within one
     * code only (order_serial_text, migration 0020).
     */
    serialText: text('serial_text')
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`order_serial_text(coalesce(${orders.el} ->> 'service_id', ''), ${orders.tuer})`,
      ),
    /**
     * The order as the lists show it (orderListItemSchema: the order without deliveries, extra effort,
     * object data, production and the offer's number), as JSON text, written by the server with every
     * write of the order (orders.store.ts): a list page reads 20 of them instead of writing 20 orders of
     * 60 values as JSON on every call. The offer's number, which its editor changes, is added as the page
     * is read. A check refuses it empty. expectListItemsAreOrders (test/fixtures/orders.ts) holds every
     * list's items against the schema and against GET orders/{id}.
     */
    listItem: text('list_item').notNull().default(''),
  },
  (t) => [
    index('orders_tenant_rank_idx').on(t.tenantId, t.gesamtRank, t.vkidGeplanteMontageDate),
    index('orders_tenant_status_idx').on(t.tenantId, t.status),
    index('orders_tenant_dept_idx').on(t.tenantId, t.aktuelleAbteilung),
    index('orders_tenant_vkid_kw_idx').on(t.tenantId, t.vkidAktKw),
    index('orders_tenant_el_kw_idx').on(t.tenantId, t.elAktKw),
    index('orders_tenant_ad_idx').on(t.tenantId, t.vkidAd),
    index('orders_tenant_updated_idx').on(t.tenantId, t.updatedAt),
    // The search lists and counts (decision 024, bench/orders.ts): each of the tenant's active orders in
    // the lists' order (worst overall ampel first, then the soonest installation, then the id), so a
    // page is an index scan that stops after the page and a count an index-only scan.
    // The search text and the two weeks last: the capped search (orders.search-page.ts searchPage) and the
    // week facet of a search (orders.weeks.ts countedWeeks) read the list's order and check each order's
    // text in the index alone, the facet taking its weeks from there too. After the unique id they never
    // decide the order. They fit an index row (at most 2,704 bytes): the text's fields hold at most 765
    // UTF-16 units (schemas/order.ts), at most 3 bytes each in UTF-8, so about 2,300 bytes, and a week is 8
    // characters (orders-lists.test.ts stores the longest).
    index('orders_list_idx')
      .on(t.tenantId, ...listOrder(t), t.searchText, t.vkidAktKw, t.elAktKw)
      .where(sql`${t.active}`),
    // By person, matched case-blind (lower(column) = lower(value)); the column itself last, so a count
    // reads the index only (an index holding only lower(column) cannot answer without the row).
    index('orders_innendienst_list_idx')
      .on(t.tenantId, sql`lower(${t.vkidInnendienst})`, ...listOrder(t), t.vkidInnendienst)
      .where(sql`${t.active}`),
    index('orders_montage_list_idx')
      .on(t.tenantId, sql`lower(${t.elMontage})`, ...listOrder(t), t.elMontage)
      .where(sql`${t.active}`),
    index('orders_service_id_list_idx')
      .on(t.tenantId, sql`lower(${t.elServiceId})`, ...listOrder(t), t.elServiceId, t.elMontage)
      .where(sql`${t.active}`),
    index('orders_ad_list_idx')
      .on(t.tenantId, sql`lower(${t.vkidAd})`, ...listOrder(t), t.vkidAd)
      .where(sql`${t.active}`),
    // The department lists (/all): exactly their orders.
    index('orders_vkid_list_idx')
      .on(t.tenantId, ...listOrder(t))
      .where(sql`${t.active} and ${t.status} in ('CREATED', 'AKT_KW_VKID')`),
    // The EL tab's /all: the orders at the EL department (issue 31 item 7).
    index('orders_el_list_idx')
      .on(t.tenantId, ...listOrder(t))
      .where(sql`${t.active} and ${t.aktuelleAbteilung} = 2`),
    // The warehouse's deliveries (decision 054): the orders that await a delivery.
    index('orders_deliveries_list_idx')
      .on(t.tenantId, ...listOrder(t))
      .where(sql`${t.active} and ${awaitsDeliverySql(t.logistik)}`),
    index('orders_ad_open_list_idx')
      .on(t.tenantId, ...listOrder(t))
      .where(sql`${t.active} and ${t.vkidAd} <> '' and ${t.status} <> 'VERRECHNET'`),
    // The free search and the serial number search of a rare term: its trigrams (pg_trgm). Without the tenant
    // (migration 0022): as a key of the index, the tenant's list of every order was read for each search;
    // the few orders a rare term finds are checked for their tenant in the table.
    index('orders_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('orders_serial_trgm_idx').using('gin', sql`${t.serialText} gin_trgm_ops`),
    // The book's serial number, for the serial search's second column (an `or` of the two trigram indexes).
    index('orders_book_serial_trgm_idx').using('gin', sql`${t.bookSerial} gin_trgm_ops`),
    uniqueIndex('orders_offer_idx').on(t.offerId),
    uniqueIndex('orders_book_idx').on(t.bookId),
  ],
);

/**
 * How many active orders each search list holds (decision 024): `list` is the list (opm, el, ad by the
 * person's name or abbreviation in lower case as `key`; vkidAll, elAll, adAll with the key ''; the
 * weeks). Moved by the server with every write of orders, by the rule table rules/order-lists.ts
 * (orders.store.ts), so a tab's count and a page's total read one row instead of counting the list.
 */
export const orderListCounts = pgTable(
  'order_list_counts',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    key: text('key').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.list, t.key] })],
);

/**
 * The operations evaluation's figures (rules/order-figures.ts, rules/figure-buckets.ts, decision 046):
 * per tenant, department (0: all) and bucket (grain 'd' the day of an event, 'w' its week dated the
 * Monday, 'm' its month dated the 1st). Moved by the server with every write of orders
 * (orders.store.ts), so the evaluation reads the buckets of its range instead of every order.
 */
export const orderFigures = pgTable(
  'order_figures',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    department: smallint('department').notNull(),
    grain: text('grain').$type<Grain>().notNull(),
    day: day('day').notNull(),
    received: integer('received').notNull().default(0),
    betragCents: bigint('betrag_cents', { mode: 'number' }).notNull().default(0),
    vergabepreisCents: bigint('vergabepreis_cents', { mode: 'number' }).notNull().default(0),
    installed: integer('installed').notNull().default(0),
    calculatedMin: bigint('calculated_min', { mode: 'number' }).notNull().default(0),
    bookedMin: bigint('booked_min', { mode: 'number' }).notNull().default(0),
    minutesCnt: integer('minutes_cnt').notNull().default(0),
    installedNotBilled: integer('installed_not_billed').notNull().default(0),
    accepted: integer('accepted').notNull().default(0),
    billed: integer('billed').notNull().default(0),
    lateInstalled: integer('late_installed').notNull().default(0),
    pending: integer('pending').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.grain, t.day, t.department] })],
);

/**
 * The door component catalogue (issue 13, SPEC §8): drives, control elements, safety sensors,
 * options and UPS of swing and sliding doors, by code. Data, not code: seeded with a starter set
 * and kept by admins; 'Prüfbuch anlegen' writes the texts of an order's codes into the book.
 */
export const doorComponents = pgTable(
  'door_components',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    code: text('code').notNull(),
    /** drive, control, sensor, option, ups, wings, power */
    kind: text('kind').notNull(),
    /** dreher, schieber, or both */
    doorType: text('door_type').notNull().default('both'),
    text: text('text').notNull(),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(0),
    ...stamps,
  },
  (t) => [uniqueIndex('door_components_code_idx').on(t.code)],
);

/**
 * The AB-Nr counter of a tenant per calendar year (decision 049): the last number given and the prefix.
 * The take-over counts it up in its own transaction, so two take-overs never get one number and a
 * take-over that fails gives its number back. A year's row is made by its first take-over.
 */
export const orderNumbers = pgTable(
  'order_numbers',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    prefix: text('prefix').notNull(),
    lastNumber: integer('last_number').notNull(),
    ...stamps,
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.year] })],
);
