/**
 * 'Prüfbuch anlegen' on an order (issue 13 item 5, SPEC §9 door book creation defaults, decision
 * 025): the fields of the inspection book made from the order's door configuration (`tuer`), the
 * tenant's company data and the texts of the door component catalogue. Pure: the caller looks the
 * codes up, passes today's date, writes the book and logs the codes the catalogue does not know
 * (SPEC §8: an unknown code is logged and shown unchanged).
 *
 * | book field / misc key | value                                                                 |
 * | --------------------- | --------------------------------------------------------------------- |
 * | misc.tuerart          | the door type: 'dreher' (swing) or 'schieber' (sliding)               |
 * | misc.norm             | NORM_TEXTS by door type; a sliding door on an escape route: the long one |
 * | misc.antriebsspannung | '230 V'                                                               |
 * | misc.steuerspannung   | '24 V'                                                                |
 * | misc.schliesskraft    | 'einstellbar'                                                         |
 * | misc.steuerung        | 'mit Selbsthaltung'                                                   |
 * | misc.baujahr          | today's month and year, 'MM/YYYY'                                     |
 * | misc.fluchtweg        | true when the power type code contains 'fr' (any case)                |
 * | misc.fluegel          | the last character of the wing-count code ('' without a code)         |
 * | misc.antrieb, .stromart, .komponenten | the catalogue texts of the codes; an unknown code itself |
 * | lagerort              | 'inFertigungsprozess'                                                 |
 * | bookType              | DOOR_BOOK_TYPES by door type (the fixed book types of migration 0003) |
 * | controller, manufacturer, raiser (+ addresses) | the tenant's company data               |
 * | title, object, customer, orderNo, contact…     | from the order                          |
 */
import type { AddressWrite } from '../schemas/address';
import type { BookFields } from '../schemas/book';
import { DEFAULT_LAGERORT } from '../schemas/book';
import type { DoorConfig, OrderFields } from '../schemas/order';

export type DoorType = 'dreher' | 'schieber';

/** The book types 'Automatische Schiebetür' and 'Automatische Drehflügeltür' (fixed ids, migration 0003). */
export const DOOR_BOOK_TYPES: Record<DoorType, string> = {
  schieber: '0b7c1a10-0001-4000-8000-000000000001',
  dreher: '0b7c1a10-0001-4000-8000-000000000002',
};

/** The norm text of the book by door type; sliding doors on an escape route get the longer one. */
export const NORM_TEXTS = {
  dreher:
    'DIN 18650-1/-2 und DIN EN 16005: Kraftbetätigte Drehflügeltür, Nutzungssicherheit; ' +
    'Prüfung vor der ersten Inbetriebnahme und mindestens einmal jährlich durch einen Sachkundigen.',
  schieber:
    'DIN 18650-1/-2 und DIN EN 16005: Kraftbetätigte Schiebetür, Nutzungssicherheit; ' +
    'Prüfung vor der ersten Inbetriebnahme und mindestens einmal jährlich durch einen Sachkundigen.',
  schieberFluchtweg:
    'DIN 18650-1/-2 und DIN EN 16005: Kraftbetätigte Schiebetür, Nutzungssicherheit; ' +
    'Automatische Schiebetür in Rettungswegen nach der Richtlinie über automatische Schiebetüren in ' +
    'Rettungswegen (AutSchR) und der Richtlinie über elektrische Verriegelungssysteme von Türen in ' +
    'Rettungswegen (EltVTR): redundante, fehlerüberwachte Steuerung und Antrieb, selbsttätiges Öffnen ' +
    'bei Störung und Stromausfall, bauaufsichtliche Zulassung erforderlich; ' +
    'Prüfung vor der ersten Inbetriebnahme und mindestens einmal jährlich durch einen Sachkundigen.',
} as const;

/** The fixed technical values of every door book (SPEC §9). */
export const DOOR_BOOK_CONSTANTS = {
  antriebsspannung: '230 V',
  steuerspannung: '24 V',
  schliesskraft: 'einstellbar',
  steuerung: 'mit Selbsthaltung',
} as const;

/** The tenant's company data: controller, manufacturer and raiser of the books it builds. */
export interface DoorBookCompany {
  name: string;
  address: AddressWrite | null;
}

export type DoorBookOrder = Pick<
  OrderFields,
  'objekt' | 'abnr' | 'csnr' | 'kunde' | 'objektdaten' | 'ansprechpartner_kunde' | 'ansprechpartner_baustelle'
> & { tuer: DoorConfig };

export interface DoorBookInput {
  order: DoorBookOrder;
  company: DoorBookCompany;
  /** The catalogue text of a component code, undefined when the catalogue does not know it. */
  textOf: (code: string) => string | undefined;
  /** Today in Europe/Berlin, 'YYYY-MM-DD'. */
  today: string;
}

export interface DoorBook {
  /** The book's fields without its folder (the caller's choice). */
  fields: BookFields;
  /** The codes the catalogue does not know, each once, in order of appearance: the caller logs them. */
  unknownCodes: string[];
}

/** An escape-route door: its power type code contains 'fr' (any case). */
export const isEscapeRoute = (stromart: string) => stromart.toLowerCase().includes('fr');

/** The wing count: the last character of the wing-count code ('' without a code). */
export const wingCountOf = (fluegel: string) => fluegel.trim().slice(-1);

/** Year of construction: the month and year of 'YYYY-MM-DD' as 'MM/YYYY'. */
export const constructionYearOf = (today: string) => `${today.slice(5, 7)}/${today.slice(0, 4)}`;

export const normTextOf = (type: DoorType, escapeRoute: boolean) =>
  type === 'schieber' && escapeRoute ? NORM_TEXTS.schieberFluchtweg : NORM_TEXTS[type];

/** The order can make a book: it names a door type. */
export const hasDoorType = (tuer: DoorConfig): tuer is DoorConfig & { tuertyp: DoorType } => tuer.tuertyp !== null;

/** The book of an order with a door type (SPEC §9); see the table at the top. */
export function doorBookOf(input: DoorBookInput & { order: { tuer: { tuertyp: DoorType } } }): DoorBook {
  const { order, company, textOf, today } = input;
  const { tuer } = order;
  const type = tuer.tuertyp;
  const unknown: string[] = [];
  const text = (code: string) => {
    const c = code.trim();
    if (!c) return '';
    const found = textOf(c);
    if (found !== undefined) return found;
    if (!unknown.includes(c)) unknown.push(c);
    return c;
  };
  const escapeRoute = isEscapeRoute(tuer.stromart);
  const antrieb = text(tuer.antrieb);
  const stromart = text(tuer.stromart);
  const fluegelText = text(tuer.fluegel);
  const komponenten = tuer.komponenten.map(text).filter((t) => t !== '');
  const contact = order.ansprechpartner_kunde.bezeichnung
    ? order.ansprechpartner_kunde
    : order.ansprechpartner_baustelle;
  const doorName = type === 'schieber' ? 'Automatische Schiebetür' : 'Automatische Drehflügeltür';
  const title = [order.objekt || order.kunde || doorName, order.abnr].filter(Boolean).join(' – ');
  const typ = antrieb || doorName;

  const fields: BookFields = {
    title: title.slice(0, 200),
    customer: order.kunde.slice(0, 200),
    typ: typ.slice(0, 200),
    bookType: DOOR_BOOK_TYPES[type],
    location: '',
    shortText: [doorName + (escapeRoute ? ' im Fluchtweg' : ''), fluegelText, order.objektdaten]
      .filter(Boolean)
      .join('. ')
      .slice(0, 2000),
    misc: {
      tuerart: type,
      norm: normTextOf(type, escapeRoute),
      ...DOOR_BOOK_CONSTANTS,
      baujahr: constructionYearOf(today),
      fluchtweg: escapeRoute,
      fluegel: wingCountOf(tuer.fluegel),
      antrieb,
      stromart,
      komponenten,
      ...(order.csnr ? { csnr: order.csnr } : {}),
    },
    controller: company.name.slice(0, 200),
    controlleraddress: company.address,
    object: order.objekt.slice(0, 200),
    objectnutzung: '',
    objectaddress: null,
    raiser: company.name.slice(0, 200),
    raiseraddress: company.address,
    manufacturer: company.name.slice(0, 200),
    manufactureraddress: company.address,
    contactName: contact.bezeichnung.slice(0, 200),
    contactMail: contact.email,
    contactTel: contact.tel.slice(0, 50),
    site: '',
    glasbocknr: '',
    manufacturerNo: '',
    orderNo: order.abnr.slice(0, 100),
    lagerort: DEFAULT_LAGERORT,
    completedOn: null,
    enableFrom: null,
    enableTo: null,
    visibleFrom: null,
    visibleTo: null,
    firstservice: null,
    serviceinterval: 12,
    selfserviceinterval: 1,
    slots: 1,
    status: 1,
    active: true,
  };
  return { fields, unknownCodes: unknown };
}
