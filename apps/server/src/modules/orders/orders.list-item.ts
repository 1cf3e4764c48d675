/**
 * An order as the lists show it, written as JSON by PostgreSQL (decision 024): a list page is 20 orders of
 * 60 columns, and reading them into rows and writing them out again cost the server more than the query.
 */
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { offers, orders } from '../../db/schema/index';

/** A JSON object of the fields (keys are code, never input). */
const jsonObject = (fields: Record<string, AnyColumn | SQL>) =>
  sql`json_build_object(${sql.join(
    Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  )})`;
/** A timestamp as toISOString writes it. */
const isoTime = (column: AnyColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * An order as a list shows it (orderListItemSchema), as JSON text: the order without deliveries, extra
 * effort, object data and production. expectListItemsAreOrders (orders.fixtures.ts) holds every item
 * against the schema and against the order itself (GET orders/{id}).
 */
export const listItemJson = sql<string>`${jsonObject({
  objekt: orders.objekt,
  tp: orders.tp,
  abnr: orders.abnr,
  csnr: orders.csnr,
  objektnummer: orders.objektnummer,
  kunde: orders.kunde,
  active: orders.active,
  antriebe: orders.antriebe,
  antriebeOther: orders.antriebeOther,
  bemerkungen: orders.bemerkungen,
  anzahl_bemerkungen_bei_uebergabe: orders.anzahlBemerkungenBeiUebergabe,
  leistungsart: orders.leistungsart,
  abteilung: orders.abteilung,
  ansprechpartner_elektrik: orders.ansprechpartnerElektrik,
  ansprechpartner_baustelle: orders.ansprechpartnerBaustelle,
  ansprechpartner_kunde: orders.ansprechpartnerKunde,
  entscheidungstraeger: orders.entscheidungstraeger,
  vkid: jsonObject({
    belegdatum: orders.vkidBelegdatum,
    betrag: orders.vkidBetrag,
    vergabepreis: orders.vkidVergabepreis,
    innendienst: orders.vkidInnendienst,
    ad: orders.vkidAd,
    warenbtermin_date: orders.vkidWarenbterminDate,
    geplante_montage_date: orders.vkidGeplanteMontageDate,
    fixtermin: orders.vkidFixtermin,
    bemerkungen: orders.vkidBemerkungen,
    zivi: orders.vkidZivi,
    vorverrechnet: orders.vkidVorverrechnet,
    verrechnet: orders.vkidVerrechnet,
    montage_tage: orders.vkidMontageTage,
    kalkulierte_min: orders.vkidKalkulierteMin,
    kalkulierte_std: orders.vkidKalkulierteStd,
    bestellnummer: orders.vkidBestellnummer,
    akt_kw: orders.vkidAktKw,
    verrechneteMaw: orders.vkidVerrechneteMaw,
    ampel: orders.vkidAmpel,
  }),
  el: jsonObject({
    service_id: orders.elServiceId,
    akt_kw: orders.elAktKw,
    benoetigte_min: orders.elBenoetigteMin,
    bemerkungen: orders.elBemerkungen,
    montage: orders.elMontage,
    montagedatum: orders.elMontagedatum,
    ampel: orders.elAmpel,
  }),
  tuer: orders.tuer,
  _id: orders.id,
  tenant: orders.tenantId,
  offerId: orders.offerId,
  offerNr: sql`coalesce(${offers.offerNr}, '')`,
  bookId: orders.bookId,
  aktuelle_abteilung: orders.aktuelleAbteilung,
  status: orders.status,
  statusLastModified: isoTime(orders.statusLastModified),
  gesamt_ampel: orders.gesamtAmpel,
  __v: orders.version,
  createdAt: isoTime(orders.createdAt),
  updatedAt: isoTime(orders.updatedAt),
})}::text`;
