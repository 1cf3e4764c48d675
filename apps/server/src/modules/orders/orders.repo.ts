/**
 * Queries of orders and the mapping between the flat row (the vkid and el blocks as vkid_* and el_*
 * columns) and the order of the API (blocks as objects). Every query takes the tenant id of the
 * verified request.
 */
import { type OrderAmpel, type OrderAmpelInput, orderAmpels } from '@pruefbuch/domain/rules/order-ampel';
import type { OrderStatus } from '@pruefbuch/domain/rules/order-status';
import type { Order, OrderFields, OrderListQuery } from '@pruefbuch/domain/schemas/order';
import { type AnyColumn, and, eq, getTableColumns, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { offers, orders } from '../../db/schema/index';
import { containsPattern, offsetOf, orderBy, type SortField, searchAny } from '../../platform/paging';

/**
 * Every column of an order but its list item: the lists' JSON (about 2 KB, migration 0023), which only
 * the lists read. The daily run reads every order in batches, and read the items' 200 MB with them.
 */
const { listItem: _listItem, ...orderColumns } = getTableColumns(orders);

export { orderColumns };
export type OrderRow = Omit<typeof orders.$inferSelect, 'listItem'>;

/** The overall ampel's rank in gesamt_rank: the list sorts worst first (0 when there is none). */
export const RANK: Record<'red' | 'orange' | 'green', number> = { red: 3, orange: 2, green: 1 };

// ---------------------------------------------------------------------------------------------
// Row ↔ fields

export function fieldsOf(row: OrderRow): OrderFields {
  return {
    objekt: row.objekt,
    tp: row.tp,
    abnr: row.abnr,
    csnr: row.csnr,
    objektdaten: row.objektdaten,
    objektnummer: row.objektnummer,
    kunde: row.kunde,
    active: row.active,
    antriebe: row.antriebe,
    antriebeOther: row.antriebeOther,
    bemerkungen: row.bemerkungen,
    anzahl_bemerkungen_bei_uebergabe: row.anzahlBemerkungenBeiUebergabe,
    leistungsart: row.leistungsart,
    abteilung: row.abteilung,
    ansprechpartner_elektrik: row.ansprechpartnerElektrik,
    ansprechpartner_baustelle: row.ansprechpartnerBaustelle,
    ansprechpartner_kunde: row.ansprechpartnerKunde,
    entscheidungstraeger: row.entscheidungstraeger,
    vkid: {
      belegdatum: row.vkidBelegdatum,
      betrag: row.vkidBetrag,
      vergabepreis: row.vkidVergabepreis,
      innendienst: row.vkidInnendienst,
      ad: row.vkidAd,
      warenbtermin_date: row.vkidWarenbterminDate,
      geplante_montage_date: row.vkidGeplanteMontageDate,
      fixtermin: row.vkidFixtermin,
      bemerkungen: row.vkidBemerkungen,
      zivi: row.vkidZivi,
      vorverrechnet: row.vkidVorverrechnet,
      verrechnet: row.vkidVerrechnet,
      montage_tage: row.vkidMontageTage,
      kalkulierte_min: row.vkidKalkulierteMin,
      kalkulierte_std: row.vkidKalkulierteStd,
      bestellnummer: row.vkidBestellnummer,
      akt_kw: row.vkidAktKw,
      verrechneteMaw: row.vkidVerrechneteMaw,
    },
    el: {
      service_id: row.elServiceId,
      akt_kw: row.elAktKw,
      benoetigte_min: row.elBenoetigteMin,
      bemerkungen: row.elBemerkungen,
      montage: row.elMontage,
      montagedatum: row.elMontagedatum,
    },
    logistik: row.logistik,
    maw: row.maw,
    tuer: row.tuer,
    fertigung: row.fertigung,
  };
}

export function columnsOf(f: OrderFields) {
  return {
    objekt: f.objekt,
    tp: f.tp,
    abnr: f.abnr,
    csnr: f.csnr,
    objektdaten: f.objektdaten,
    objektnummer: f.objektnummer,
    kunde: f.kunde,
    active: f.active,
    antriebe: f.antriebe,
    antriebeOther: f.antriebeOther,
    bemerkungen: f.bemerkungen,
    anzahlBemerkungenBeiUebergabe: f.anzahl_bemerkungen_bei_uebergabe,
    leistungsart: f.leistungsart,
    abteilung: f.abteilung,
    ansprechpartnerElektrik: f.ansprechpartner_elektrik,
    ansprechpartnerBaustelle: f.ansprechpartner_baustelle,
    ansprechpartnerKunde: f.ansprechpartner_kunde,
    entscheidungstraeger: f.entscheidungstraeger,
    vkidBelegdatum: f.vkid.belegdatum,
    vkidBetrag: f.vkid.betrag,
    vkidVergabepreis: f.vkid.vergabepreis,
    vkidInnendienst: f.vkid.innendienst,
    vkidAd: f.vkid.ad,
    vkidWarenbterminDate: f.vkid.warenbtermin_date,
    vkidGeplanteMontageDate: f.vkid.geplante_montage_date,
    vkidFixtermin: f.vkid.fixtermin,
    vkidBemerkungen: f.vkid.bemerkungen,
    vkidZivi: f.vkid.zivi,
    vkidVorverrechnet: f.vkid.vorverrechnet,
    vkidVerrechnet: f.vkid.verrechnet,
    vkidMontageTage: f.vkid.montage_tage,
    vkidKalkulierteMin: f.vkid.kalkulierte_min,
    vkidKalkulierteStd: f.vkid.kalkulierte_std,
    vkidBestellnummer: f.vkid.bestellnummer,
    vkidAktKw: f.vkid.akt_kw,
    vkidVerrechneteMaw: f.vkid.verrechneteMaw,
    elServiceId: f.el.service_id,
    elAktKw: f.el.akt_kw,
    elBenoetigteMin: f.el.benoetigte_min,
    elBemerkungen: f.el.bemerkungen,
    elMontage: f.el.montage,
    elMontagedatum: f.el.montagedatum,
    logistik: f.logistik,
    maw: f.maw,
    tuer: f.tuer,
    fertigung: f.fertigung,
  };
}

export const ampelInputOf = (f: OrderFields, status: OrderStatus): OrderAmpelInput => ({
  status,
  vkid: {
    geplante_montage_date: f.vkid.geplante_montage_date,
    warenbtermin_date: f.vkid.warenbtermin_date,
    akt_kw: f.vkid.akt_kw,
  },
  el: { akt_kw: f.el.akt_kw, montagedatum: f.el.montagedatum },
  logistik: f.logistik,
});

/** The derived columns (the three ampels and the overall rank) of an order in `status` on `today`. */
export function derivedOf(f: OrderFields, status: OrderStatus, today: string) {
  const a = orderAmpels(ampelInputOf(f, status), today);
  return { vkidAmpel: a.vkid, elAmpel: a.el, gesamtAmpel: a.gesamt, gesamtRank: a.gesamt ? RANK[a.gesamt] : 0 };
}

/** What the protocol records of an order: fields, the blocks field by field ('vkid.betrag'), what the server sets. */
export function auditViewOf(row: OrderRow): Record<string, unknown> {
  const { vkid, el, leistungsart, abteilung, tuer, fertigung, ...main } = fieldsOf(row);
  const view: Record<string, unknown> = { ...main };
  // Flags and the door configuration field by field, so the protocol names what changed ('Bau: Nein → Ja').
  for (const [k, v] of Object.entries(leistungsart)) view[`leistungsart.${k}`] = v;
  for (const [k, v] of Object.entries(abteilung)) view[`abteilung.${k}`] = v;
  view['tuer.tuertyp'] = tuer.tuertyp;
  view['tuer.antrieb'] = tuer.antrieb;
  view['tuer.fluegel'] = tuer.fluegel;
  view['tuer.stromart'] = tuer.stromart;
  view['tuer.komponenten'] = tuer.komponenten.join(', ');
  for (const [k, v] of Object.entries(fertigung)) view[`fertigung.${k}`] = v;
  for (const [k, v] of Object.entries(vkid)) view[`vkid.${k}`] = v;
  view['vkid.ampel'] = row.vkidAmpel;
  for (const [k, v] of Object.entries(el)) view[`el.${k}`] = v;
  view['el.ampel'] = row.elAmpel;
  view.offerId = row.offerId;
  view.bookId = row.bookId;
  view.aktuelle_abteilung = row.aktuelleAbteilung;
  view.gesamt_ampel = row.gesamtAmpel;
  view.status = row.status;
  return view;
}

// ---------------------------------------------------------------------------------------------
// Reading

const columns = { row: orderColumns, offerNr: offers.offerNr };
export type OrderSelect = { row: OrderRow; offerNr: string | null };

const selectOrders = (db: Executor) =>
  db
    .select(columns)
    .from(orders)
    .leftJoin(offers, and(eq(offers.id, orders.offerId), eq(offers.tenantId, orders.tenantId)));

export async function findOrder(db: Executor, tenantId: string, id: string): Promise<OrderSelect | null> {
  const [row] = await selectOrders(db)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, id)))
    .limit(1);
  return row ?? null;
}

export async function lockOrder(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select(orderColumns)
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, id)))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function orderExists(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, id)))
    .limit(1);
  return row ?? null;
}

/** The columns the free search of the list looks in (SPEC §7). */
export const SEARCH_COLUMNS: (AnyColumn | SQL)[] = [
  orders.objekt,
  orders.abnr,
  orders.csnr,
  orders.kunde,
  orders.tp,
  orders.elServiceId,
];

/**
 * The free search: the term anywhere in any of SEARCH_COLUMNS, case-blind, in the one lower-case search
 * text the order keeps (orders.search_text, with its trigram index). ILIKE lowers both sides as lower()
 * does, so LIKE on lower(term) finds the same orders. A term with the text's separator (chr 31) is
 * matched column by column.
 */
export function orderSearch(term: string | undefined): SQL | undefined {
  if (!term) return undefined;
  if (term.includes('\u001f')) return searchAny(term, SEARCH_COLUMNS);
  return sql`${orders.searchText} like lower(${containsPattern(term)})`;
}

const SORT: Record<string, SortField> = {
  // Worst overall colour first, then the soonest planned installation.
  gesamt_ampel: { keys: [orders.gesamtRank], thenBy: [orders.vkidGeplanteMontageDate], descendingFirst: true },
  status: {
    keys: [
      sql`array_position(array['CREATED','AKT_KW_VKID','AKT_KW','MONTAGE','MONTAGE_ABGESCHLOSSEN','ZIVI_BESTELLT','ZIVI_MANGEL','ZIVI_ERLEDIGT','VERRECHNET']::text[], ${orders.status})`,
    ],
  },
  objekt: { keys: [orders.objekt] },
  abnr: { keys: [orders.abnr] },
  csnr: { keys: [orders.csnr] },
  // Orders without a week come last both ways: a list sorted or grouped by week starts with the weeks.
  vkidKw: { first: [sql`${orders.vkidAktKw} = ''`], keys: [orders.vkidAktKw] },
  elKw: { first: [sql`${orders.elAktKw} = ''`], keys: [orders.elAktKw] },
  geplante_montage_date: { keys: [orders.vkidGeplanteMontageDate] },
  updatedAt: { keys: [orders.updatedAt], descendingFirst: true },
};

/** The conditions of a list query: tenant, search, every filter. */
export function listWhere(
  tenantId: string,
  q: Pick<OrderListQuery, 'inactive' | 'search' | 'status' | 'department' | 'division' | 'kw'>,
): SQL {
  return and(
    eq(orders.tenantId, tenantId),
    q.inactive ? undefined : eq(orders.active, true),
    orderSearch(q.search),
    q.status ? eq(orders.status, q.status) : undefined,
    q.department !== undefined ? eq(orders.aktuelleAbteilung, q.department) : undefined,
    q.division ? sql`${orders.abteilung} ->> ${q.division} = 'true'` : undefined,
    q.kw ? or(eq(orders.vkidAktKw, q.kw), eq(orders.elAktKw, q.kw)) : undefined,
  ) as SQL;
}

export const orderOf = (sort: string | undefined) => orderBy(sort, SORT, 'gesamt_ampel', [orders.id]);

/** The count of orders matching `where`, as a value for pageOf and countOf. */
export const countWhere = (where: SQL) => sql`(select count(*) from ${orders} where ${where})`;

/**
 * One page of orders matching `where`, sorted, with the total (`total`: a count such as countWhere(where)),
 * in one statement: the page's ids come from orders alone (the list's index, stopping after the page),
 * only the page's rows are read (their list items), and the total is computed once. A window
 * count over the joined rows made every list read all its matches in full; three statements cost three
 * round trips.
 */
export async function pageOf(
  db: Executor,
  where: SQL,
  total: SQL,
  p: { page: number; size: number; sort?: string },
): Promise<{ items: string[]; total: number }> {
  return pageRows(p, await pageStatement(db, where, total, p.sort, p.size, offsetOf(p)), () => countOf(db, total));
}

/**
 * The statement of pageOf, unsent. The page's size and offset are written into it as numbers (validated
 * integers), so that PostgreSQL plans a prepared page (orders.lists.ts) for the page it is: with them as
 * parameters its generic plan guesses a tenth of the matches for each, and PostgreSQL planned every call.
 */
export function pageStatement(
  db: Executor,
  where: SQL,
  total: SQL,
  sort: string | undefined,
  size: number,
  offset: number,
) {
  const order = sql.join(orderOf(sort), sql`, `);
  const pageIds = sql`(select ${orders.id} from ${orders} where ${where} order by ${order}
    limit ${sql.raw(String(Math.trunc(size)))} offset ${sql.raw(String(Math.trunc(offset)))})`;
  return db
    .select({ item: orders.listItem, total: sql<number>`${total}`.mapWith(Number) })
    .from(orders)
    .where(sql`${orders.id} in ${pageIds}`)
    .orderBy(...orderOf(sort));
}

/**
 * The total a page's rows carry (each row holds it); a page past the end has no row to carry it, so it is
 * counted apart (an empty first page has none).
 */
const totalOf = async (p: { page: number }, found: { total: number }[], count: () => Promise<number>) =>
  found[0]?.total ?? (p.page === 1 ? 0 : await count());

/** The page's rows and its total from what pageStatement found. */
export async function pageRows(
  p: { page: number },
  found: { item: string; total: number }[],
  count: () => Promise<number>,
): Promise<{ items: string[]; total: number }> {
  return { items: found.map((r) => r.item), total: await totalOf(p, found, count) };
}

/** The value of a count (countWhere, or a list's own). */
export async function countOf(db: Executor, count: SQL) {
  const [row] = await rowsOf<{ n: number | string }>(db, sql`select ${count} as n`);
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// The reply

const ampelOf = (v: string | null) => v as OrderAmpel;

export function toOrderDto(s: OrderSelect): Order {
  const r = s.row;
  const f = fieldsOf(r);
  return {
    ...f,
    _id: r.id,
    tenant: r.tenantId,
    offerId: r.offerId,
    offerNr: s.offerNr ?? '',
    bookId: r.bookId,
    aktuelle_abteilung: r.aktuelleAbteilung,
    status: r.status as OrderStatus,
    statusLastModified: r.statusLastModified.toISOString(),
    vkid: { ...f.vkid, ampel: ampelOf(r.vkidAmpel) },
    el: { ...f.el, ampel: ampelOf(r.elAmpel) },
    gesamt_ampel: ampelOf(r.gesamtAmpel),
    __v: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
