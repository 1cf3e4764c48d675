/**
 * Demo orders (issue 13): 120 orders of the demo tenant in every status and department, for
 * supermarkets, clinics, office buildings, car parks and public buildings in Hesse. Their planned
 * calendar weeks lie around today (some late, some this week), deliveries are ordered, planned and
 * delivered (some overdue), installed orders carry booked minutes and extra-effort entries, and most
 * have a door configuration (drive, wings, power type and component codes). The offers of the demo
 * that were handed over to order processing (take_over_requested_at) become orders with their
 * object, CS-Nr, TP, contact and sum, and the offer links to its order. installedAt, acceptedAt and
 * billedAt follow the status; the ampels are computed with the domain's rule (orderAmpels) as the
 * server stores them; the protocol shows each order's creation and its status steps.
 *
 * Deterministic: one seeded random sequence, dates relative to today (Europe/Berlin).
 */
import { randomUUID } from 'node:crypto';
import { Department, Role } from '@pruefbuch/domain/roles';
import { weekOf } from '@pruefbuch/domain/rules/calendar-week';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { orderAmpels } from '@pruefbuch/domain/rules/order-ampel';
import { ORDER_STATUSES, type OrderStatus, statusRank } from '@pruefbuch/domain/rules/order-status';
import type { DivisionFlags } from '@pruefbuch/domain/schemas/offer';
import type { Delivery, DoorConfig, MawEntry } from '@pruefbuch/domain/schemas/order';
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { auditLogs, offers, orders, users } from '../db/schema/index';
import type { ServiceKindFlags } from '../db/schema/orders';
import { updateBook } from '../modules/books/books.write';
import { createBookOfOrder } from '../modules/doorbooks/doorbooks.create';
import { offerRowColumns } from '../modules/offers/offers.repo';
import { keepListItems } from '../modules/offers/offers.store';
import { insertOrderRows, type NewOrderRow, newOrderRow } from '../modules/orders/orders.store';
import type { TenantContext } from '../platform/context';
import { addDays, at, maxDay, minDay } from './seed-days';
import { generator, type Random } from './seed-random';

export const DEMO_ORDER_COUNT = 120;

/**
 * How many orders of each status (120 in all). The hand-overs from offers (the oldest requests, at
 * most 20; the newer ones still wait) take the place of billed ones.
 */
const STATUS_COUNTS: Record<OrderStatus, number> = {
  CREATED: 14,
  AKT_KW_VKID: 16,
  AKT_KW: 18,
  MONTAGE: 12,
  MONTAGE_ABGESCHLOSSEN: 14,
  ZIVI_BESTELLT: 8,
  ZIVI_MANGEL: 5,
  ZIVI_ERLEDIGT: 8,
  VERRECHNET: 25,
};

/** The departments an order of a status is usually with (all five occur). */
const DEPARTMENTS_OF: Record<OrderStatus, number[]> = {
  CREATED: [Department.NO_DEPARTMENT, Department.OPM, Department.OFM],
  AKT_KW_VKID: [Department.OPM, Department.EL],
  AKT_KW: [Department.EL, Department.EL, Department.OPM],
  MONTAGE: [Department.EL],
  MONTAGE_ABGESCHLOSSEN: [Department.OPM, Department.KTB],
  ZIVI_BESTELLT: [Department.KTB, Department.OPM],
  ZIVI_MANGEL: [Department.KTB, Department.EL],
  ZIVI_ERLEDIGT: [Department.OPM],
  VERRECHNET: [Department.NO_DEPARTMENT, Department.OFM, Department.OPM],
};

/** Days from creation to the installation, and how long ago an order of a status was created. */
const AGE_OF: Record<OrderStatus, [number, number]> = {
  CREATED: [0, 18],
  AKT_KW_VKID: [5, 40],
  AKT_KW: [12, 60],
  MONTAGE: [20, 80],
  MONTAGE_ABGESCHLOSSEN: [30, 150],
  ZIVI_BESTELLT: [45, 200],
  ZIVI_MANGEL: [60, 220],
  ZIVI_ERLEDIGT: [60, 260],
  VERRECHNET: [70, 420],
};

// ---------------------------------------------------------------------------------------------
// Objects, people, suppliers, door codes

interface Site {
  objekt: string;
  kunde: string;
  objektdaten: string;
  tp: string;
  divisions: (keyof DivisionFlags)[];
}

const CITIES = [
  ['Frankfurt am Main', '60311'],
  ['Wiesbaden', '65183'],
  ['Mainz', '55116'],
  ['Darmstadt', '64283'],
  ['Offenbach am Main', '63065'],
  ['Hanau', '63450'],
  ['Bad Homburg', '61348'],
  ['Rüsselsheim am Main', '65428'],
  ['Gießen', '35390'],
  ['Aschaffenburg', '63739'],
] as const;
const STREETS = [
  'Hauptstraße',
  'Bahnhofstraße',
  'Mainzer Landstraße',
  'Kaiserstraße',
  'Rheinstraße',
  'Berliner Straße',
  'Am Marktplatz',
  'Industriestraße',
  'Friedrich-Ebert-Anlage',
  'Schillerstraße',
  'Goethestraße',
  'Hanauer Landstraße',
];
const PLACES: { name: (city: string) => string; kunde: string; divisions: (keyof DivisionFlags)[]; data: string }[] = [
  {
    name: (c) => `REWE Markt ${c}`,
    kunde: 'REWE Markt GmbH',
    divisions: ['autSchieber'],
    data: 'Haupteingang, Teleskop-Schiebetür 2-flügelig',
  },
  {
    name: (c) => `EDEKA Center ${c}`,
    kunde: 'EDEKA Hessenring',
    divisions: ['autSchieber'],
    data: 'Eingang und Ausgang, je eine Schiebetür',
  },
  {
    name: (c) => `Klinikum ${c}, Haus C`,
    kunde: 'Klinikverbund Rhein-Main gGmbH',
    divisions: ['autDreher', 'bau'],
    data: 'Stationstüren Ebene 2, Flucht- und Rettungsweg',
  },
  {
    name: (c) => `Seniorenzentrum ${c}`,
    kunde: 'Caritas Altenhilfe',
    divisions: ['autDreher'],
    data: 'Drehflügeltüren Speisesaal und Pflegebereich',
  },
  {
    name: (c) => `Bürohaus ${c}`,
    kunde: 'Main Real Estate GmbH & Co. KG',
    divisions: ['autSchieber', 'umbau'],
    data: 'Foyer, Karusselltür ersetzt durch Schiebetür',
  },
  {
    name: (c) => `Parkhaus Altstadt ${c}`,
    kunde: 'Parkhausbetriebe Hessen',
    divisions: ['autDreher'],
    data: 'Treppenhaustüren, Rauchschutz',
  },
  {
    name: (c) => `Stadtbibliothek ${c}`,
    kunde: 'Stadtverwaltung',
    divisions: ['autDreher', 'bau'],
    data: 'Barrierefreier Zugang, Taster innen und außen',
  },
  {
    name: (c) => `Sparkasse ${c}, Filiale Mitte`,
    kunde: 'Sparkasse Rhein-Main',
    divisions: ['autSchieber'],
    data: 'SB-Foyer mit Nachtverriegelung',
  },
  {
    name: (c) => `Gesamtschule ${c}`,
    kunde: 'Schulamt des Kreises',
    divisions: ['autDreher', 'umbau'],
    data: 'Aula und Verwaltung, Feststellanlage',
  },
  {
    name: (c) => `Hotel am Park ${c}`,
    kunde: 'Hotelbetriebs GmbH',
    divisions: ['autSchieber', 'ersatzteile'],
    data: 'Rundbogen-Schiebetür Lobby',
  },
  {
    name: (c) => `Logistikzentrum ${c}`,
    kunde: 'Logistik Süd-West AG',
    divisions: ['autSchieber', 'export'],
    data: 'Personaleingänge, Schleuse',
  },
  {
    name: (c) => `Ärztehaus ${c}`,
    kunde: 'MVZ Praxisgemeinschaft',
    divisions: ['autDreher'],
    data: 'Aufzugsvorraum und Praxiseingänge',
  },
];
const CONTACTS = [
  ['Sabine Keller', 'Haustechnik'],
  ['Thomas Brandt', 'Objektleitung'],
  ['Jürgen Wagner', 'Facility Management'],
  ['Anja Hoffmann', 'Einkauf'],
  ['Markus Schäfer', 'Bauleitung'],
  ['Claudia Becker', 'Marktleitung'],
  ['Stefan Neumann', 'Elektro Neumann GmbH'],
  ['Katrin Weber', 'Verwaltung'],
] as const;
const SUPPLIERS = ['record Türautomation', 'GEZE GmbH', 'dormakaba Deutschland', 'TORMAX', 'Hörmann KG', 'ASSA ABLOY'];
const PARTS = [
  'Schiebetürantrieb komplett',
  'Drehtürantrieb mit Gleitschiene',
  'Radarbewegungsmelder',
  'Sicherheitssensor Nebenschließkante',
  'Programmschalter mit Schlüssel',
  'Akku-Notstromeinheit',
  'Glasflügel ESG 10 mm',
  'Bodenführung Edelstahl',
  'Elektromechanische Verriegelung',
];
const TEAMS = ['Team Nord (Kaya/Brandt)', 'Team Süd (Lehmann/Yilmaz)', 'Team Mitte (Roth/Fischer)', 'Tobias Techniker'];
const INNENDIENST = ['Petra Schmitt', 'Ralf Hoffmann', 'Miriam Köhler'];
const AD = ['MKR', 'SHO', 'TWE', 'JBA'];

/**
 * Door configurations in the codes of the component catalogue's starter set (components.starter.ts), so
 * that a book created from a demo order gets every component's text: the drive, its wings (the drive's
 * wing count), a power type that says whether the door is on an escape route ('-FR' sliding drives and
 * 'DA-RW' swing drives for escape-route doors), and the sensors and controls of the door type.
 */
const SLIDING = {
  antrieb: ['SA-1', 'SA-2', 'SA-2-FR', 'SA-TEL-2', 'SA-TEL-4', 'SA-SLIM-2'],
  fluegel: { 'SA-1': 'SFL1', 'SA-TEL-2': 'TEL2', 'SA-TEL-4': 'TEL4' } as Record<string, string>,
  defaultFluegel: 'SFL2',
  komponenten: [
    'SE-KOMBI',
    'SE-RADAR',
    'SE-IR-SK',
    'SE-IR-NSK',
    'PS-MECH',
    'PS-EL',
    'TA-NOTAUF',
    'USV-24',
    'OP-VERR-EM',
  ],
};
const SWING = {
  antrieb: ['DA-EM-1', 'DA-EH-1', 'DA-EM-2', 'DA-RW-1', 'DA-RW-2', 'DA-LE-1'],
  fluegel: { 'DA-EM-2': 'FL2', 'DA-RW-2': 'FL2' } as Record<string, string>,
  defaultFluegel: 'FL1',
  komponenten: ['SE-OEFF', 'SE-SCHL', 'SE-RADAR', 'TA-AP', 'TA-IR', 'PS-MECH', 'TA-NOTAUF', 'USV-24', 'OP-VERR-EM'],
};
const POWER = { standard: ['STD-230', 'STD-230-AKKU'], escapeRoute: ['FR-230', 'FR-230-AKKU', 'FR-24'] };
/** A customer's own sensor, not in the catalogue: the demo's one confirmed code outside it. */
const OWN_SENSOR = 'KD-PRAESENZ-7';
const isEscapeRouteDrive = (antrieb: string) => antrieb.endsWith('-FR') || antrieb.startsWith('DA-RW');

// ---------------------------------------------------------------------------------------------
// The plan

type AuditRow = typeof auditLogs.$inferInsert;

/** An offer handed over to order processing: what the order takes from it. */
export interface HandOver {
  id: string;
  objekt: string;
  objektdaten: string;
  csnr: string;
  tp: string;
  contactPerson: string;
  customerEmail: string;
  contactPersonTelNr: string;
  debitor: string;
  offerSum: number | null;
  orderSum: number | null;
  abteilung: DivisionFlags;
  opmUser: string | null;
  takeOverRequestedAt: Date;
}

export interface OrderPeople {
  admin: string;
  opm: string[];
  el: string[];
  abbreviation: Map<string, string>;
}

/** The status of a hand-over by its age: older ones went further. */
function statusByAge(age: number, rnd: Random): OrderStatus {
  const fits = ORDER_STATUSES.filter((s) => AGE_OF[s][0] <= age && (s !== 'CREATED' || age <= 30));
  // The furthest two statuses its age allows, one of them.
  return rnd.pick(fits.slice(-2));
}

const money = (v: number) => Math.round(v * 100) / 100;

/**
 * The orders: a status each (counts of STATUS_COUNTS, hand-overs first), then the dates the status
 * implies, relative to today.
 */
export function planDemoOrders(
  tenantId: string,
  today: string,
  people: OrderPeople,
  handOvers: HandOver[],
): { rows: NewOrderRow[]; audit: AuditRow[] } {
  const rnd = generator(20_260_113);
  const statuses: OrderStatus[] = [];
  const toDrop = Math.min(handOvers.length, STATUS_COUNTS.VERRECHNET - 5);
  for (const s of ORDER_STATUSES) {
    const n = s === 'VERRECHNET' ? STATUS_COUNTS[s] - toDrop : STATUS_COUNTS[s];
    for (let i = 0; i < n; i++) statuses.push(s);
  }
  // A fixed shuffle, so neighbours in the list differ.
  for (let i = statuses.length - 1; i > 0; i--) {
    const j = rnd.int(0, i);
    [statuses[i], statuses[j]] = [statuses[j] as OrderStatus, statuses[i] as OrderStatus];
  }
  const taken = handOvers.slice(0, DEMO_ORDER_COUNT - statuses.length);

  const rows: NewOrderRow[] = [];
  const audit: AuditRow[] = [];
  const plans: { status: OrderStatus; created: string; offer: HandOver | null }[] = [
    ...taken.map((o) => {
      const created = o.takeOverRequestedAt.toISOString().slice(0, 10);
      const age = Math.round((Date.parse(today) - Date.parse(created)) / 86_400_000);
      return { status: statusByAge(age, rnd), created, offer: o };
    }),
    ...statuses.map((status) => ({
      status,
      created: addDays(today, -rnd.int(...AGE_OF[status])),
      offer: null as HandOver | null,
    })),
  ];
  const newestCreated = plans.reduce(
    (best, p, i) => (p.status === 'CREATED' && (best < 0 || p.created > (plans[best]?.created ?? '')) ? i : best),
    -1,
  );
  /** The share of orders not installed yet whose planned installation has passed (late). */
  const lateShare = 0.25;
  /** Whether a sliding door already keeps the customer's own sensor (below). */
  let ownSensorShown = false;

  for (const [i, p] of plans.entries()) {
    const id = randomUUID();
    const rank = statusRank(p.status);
    const installed = rank >= statusRank('MONTAGE_ABGESCHLOSSEN');
    const [cityName, zip] = rnd.pick(CITIES);
    const place = rnd.pick(PLACES);
    const street = `${rnd.pick(STREETS)} ${rnd.int(1, 140)}`;
    const site: Site = p.offer
      ? {
          objekt: p.offer.objekt,
          kunde: p.offer.debitor,
          objektdaten: p.offer.objektdaten,
          tp: p.offer.tp,
          divisions: (Object.keys(p.offer.abteilung) as (keyof DivisionFlags)[]).filter((k) => p.offer?.abteilung[k]),
        }
      : {
          objekt: `${place.name(cityName)}, ${street}, ${zip} ${cityName}`,
          kunde: place.kunde,
          objektdaten: place.data,
          tp: place.divisions.includes('bau') || place.divisions.includes('umbau') ? `TP ${rnd.int(1, 4)}` : '',
          divisions: place.divisions,
        };
    const created = p.created;
    const createdYear = created.slice(2, 4);

    // The installation: done (installed statuses), under way (MONTAGE, this week or last) or planned.
    let installDay: string;
    if (installed) {
      installDay = minDay(addDays(created, rnd.int(14, 70)), addDays(today, -rnd.int(1, 12)));
      installDay = maxDay(installDay, addDays(created, 1));
    } else if (p.status === 'MONTAGE') {
      installDay = addDays(today, -rnd.int(0, 6));
      installDay = maxDay(installDay, created);
    } else {
      // Planned: mostly in the coming weeks, some this week, some passed a week or more ago (late: in an earlier
      // calendar week whichever weekday the demo is seeded on).
      const r = rnd.next();
      const offset = r < lateShare ? -rnd.int(7, 24) : r < 0.4 ? rnd.int(0, 4) : rnd.int(5, 56);
      installDay = maxDay(addDays(today, offset), addDays(created, 7));
    }
    // Late orders were planned for an earlier week than they were installed in.
    const plannedDay = installed && rnd.next() < 0.3 ? addDays(installDay, -rnd.int(7, 21)) : installDay;
    const plannedWeek = weekOf(plannedDay);
    const elWeek =
      rank < statusRank('AKT_KW') ? '' : rnd.next() < 0.15 && !installed ? weekOf(addDays(plannedDay, 7)) : plannedWeek;
    const vkidWeek = p.status === 'CREATED' && rnd.next() < 0.6 ? '' : plannedWeek;
    const geplant = p.status === 'CREATED' && !vkidWeek ? null : plannedDay;

    // Goods: usually a week before the installation; sometimes missing, sometimes after it (red).
    const g = rnd.next();
    const warenb = !geplant
      ? null
      : g < 0.12
        ? null
        : g < 0.2
          ? addDays(geplant, rnd.int(2, 10))
          : addDays(geplant, -rnd.int(3, 14));

    const betrag = money(Math.round(rnd.logNormal(7800, 0.75) / 10) * 10);
    const offerSum = p.offer ? (p.offer.orderSum ?? p.offer.offerSum) : null;
    const vkidBetrag = offerSum ?? betrag;
    const vergabe = rnd.next() < 0.2 ? null : money(vkidBetrag * (0.88 + rnd.next() * 0.12));
    const montageTage = rnd.int(1, 4);
    const kalkMin = montageTage * 8 * 60 - rnd.pick([0, 60, 120, 180]);
    const bookedMin = installed ? Math.round((kalkMin * (0.75 + rnd.next() * 0.7)) / 15) * 15 : null;
    const zivi = rank >= statusRank('ZIVI_BESTELLT') && rank <= statusRank('ZIVI_ERLEDIGT') ? true : rnd.next() < 0.35;

    // Status dates: installed, accepted (civil acceptance done), billed.
    const installedAt = installed ? at(installDay, 15, rnd.int(0, 59)) : null;
    const acceptDay =
      installed && zivi && rank >= statusRank('ZIVI_ERLEDIGT')
        ? minDay(addDays(installDay, rnd.int(7, 35)), addDays(today, -1))
        : null;
    const acceptedAt = acceptDay ? at(maxDay(acceptDay, installDay), 11, rnd.int(0, 59)) : null;
    const billDay =
      p.status === 'VERRECHNET'
        ? maxDay(minDay(addDays(acceptDay ?? installDay, rnd.int(5, 40)), today), acceptDay ?? installDay)
        : null;
    const billedAt = billDay ? at(billDay, 9, rnd.int(0, 59)) : null;
    // Only statuses after installation may be billed; a billed order without Zivi was not accepted.
    const billedZivi = p.status === 'VERRECHNET' && zivi && !acceptedAt ? false : zivi;

    // Deliveries: ordered soon after creation, planned before the installation; overdue ones are open.
    const deliveries: Delivery[] = [];
    const deliveryCount = p.status === 'CREATED' ? rnd.int(0, 1) : rnd.int(0, 3);
    for (let d = 0; d < deliveryCount; d++) {
      const ordered = minDay(addDays(created, rnd.int(1, 6)), today);
      const planned = warenb ?? addDays(installDay, -rnd.int(2, 10));
      const overdue = !installed && planned < today && rnd.next() < 0.5;
      const delivered =
        installed || (planned <= today && !overdue) ? minDay(addDays(planned, rnd.int(-2, 2)), today) : null;
      deliveries.push({
        _id: randomUUID(),
        bezeichnung: rnd.pick(PARTS),
        lieferant: rnd.pick(SUPPLIERS),
        bestelltAm: ordered,
        geplantAm: planned,
        geliefertAm: delivered,
        menge: rnd.int(1, 4),
        bemerkung: overdue ? 'Liefertermin beim Lieferanten angefragt' : '',
      });
    }

    // Extra effort of installed orders, now and then.
    const maw: MawEntry[] = [];
    if (installed && rnd.next() < 0.35) {
      for (let m = rnd.int(1, 3); m > 0; m--) {
        maw.push({
          _id: randomUUID(),
          datum: minDay(addDays(installDay, rnd.int(0, 10)), today),
          art: rnd.pick(['int', 'ext'] as const),
          stunden: rnd.pick([0.5, 1, 1.5, 2, 3, 4, 6]),
          anfahrt: rnd.next() < 0.6,
          versand: rnd.next() < 0.2,
          bemerkung: rnd.pick([
            'Zusätzliche Bohrungen in Betondecke',
            'Wartezeit, Baustelle nicht frei',
            'Nachjustierung nach Kundenwunsch',
            'Zusätzlicher Taster montiert',
          ]),
          verrechnet: p.status === 'VERRECHNET',
        });
      }
    }

    // The door configuration (none for pure service or repair orders, one in eight).
    const sliding =
      site.divisions.includes('autSchieber') || (!site.divisions.includes('autDreher') && rnd.next() < 0.5);
    const codes = sliding ? SLIDING : SWING;
    const antrieb = rnd.pick(codes.antrieb);
    // The newest order just created is still being configured: it has no door data yet (decision 049).
    const drawn: DoorConfig =
      rnd.next() < 0.125
        ? { tuertyp: null, antrieb: '', fluegel: '', stromart: '', komponenten: [] }
        : {
            tuertyp: sliding ? 'schieber' : 'dreher',
            antrieb,
            fluegel: codes.fluegel[antrieb] ?? codes.defaultFluegel,
            stromart: rnd.pick(isEscapeRouteDrive(antrieb) ? POWER.escapeRoute : POWER.standard),
            komponenten: [...new Set(Array.from({ length: rnd.int(2, 5) }, () => rnd.pick(codes.komponenten)))],
          };
    const justTaken = i === newestCreated;
    // One sliding door keeps the customer's presence sensor of another make: a code outside the catalogue
    // that an admin confirmed (decision 052); its book shows the code itself.
    const keepsOwnSensor = !justTaken && !ownSensorShown && drawn.tuertyp === 'schieber';
    if (keepsOwnSensor) ownSensorShown = true;
    const tuer: DoorConfig = justTaken
      ? { tuertyp: null, antrieb: '', fluegel: '', stromart: '', komponenten: [] }
      : keepsOwnSensor
        ? { ...drawn, komponenten: [...drawn.komponenten, OWN_SENSOR], bestaetigt: [OWN_SENSOR] }
        : drawn;
    const leistungsart: ServiceKindFlags = {
      ibn: installed && rnd.next() < 0.5,
      maw: maw.length > 0,
      mon: tuer.tuertyp !== null,
      okl: rnd.next() < 0.1,
      rep: tuer.tuertyp === null && rnd.next() < 0.6,
      ser: tuer.tuertyp === null || rnd.next() < 0.15,
      umr: site.divisions.includes('umbau'),
    };
    const abteilung: DivisionFlags = {
      autSchieber: site.divisions.includes('autSchieber'),
      autDreher: site.divisions.includes('autDreher'),
      bau: site.divisions.includes('bau'),
      umbau: site.divisions.includes('umbau'),
      export: site.divisions.includes('export'),
      ersatzteile: site.divisions.includes('ersatzteile'),
    };
    const [contactName, contactRole] = rnd.pick(CONTACTS);
    const mail = (name: string) =>
      `${name
        .toLowerCase()
        .replace(/ä/g, 'ae')
        .replace(/ö/g, 'oe')
        .replace(/ü/g, 'ue')
        .replace(/ß/g, 'ss')
        .replace(/\s+/g, '.')}@example.de`;
    const contact = (name: string, role: string) => ({
      bezeichnung: `${name} (${role})`,
      email: mail(name),
      tel: `069 ${rnd.int(200, 999)} ${rnd.int(100, 999)}-${rnd.int(10, 99)}`,
    });
    const kunde = p.offer?.contactPerson
      ? { bezeichnung: p.offer.contactPerson, email: p.offer.customerEmail, tel: p.offer.contactPersonTelNr }
      : contact(contactName, contactRole);
    const [elekName] = rnd.pick(CONTACTS);

    const montagedatum =
      rank >= statusRank('MONTAGE') || (p.status === 'AKT_KW' && rnd.next() < 0.5) ? installDay : null;
    const vkid = {
      belegdatum: created,
      betrag: vkidBetrag,
      vergabepreis: vergabe,
      innendienst: rnd.pick(INNENDIENST),
      ad: rnd.pick(AD),
      warenbtermin_date: warenb,
      geplante_montage_date: geplant,
      fixtermin: rnd.next() < 0.2,
      bemerkungen: rnd.next() < 0.3 ? 'Montage nur außerhalb der Öffnungszeiten möglich.' : '',
      zivi: billedZivi,
      vorverrechnet: p.status === 'VERRECHNET' || (installed && rnd.next() < 0.3),
      verrechnet: p.status === 'VERRECHNET',
      montage_tage: montageTage,
      kalkulierte_min: kalkMin,
      kalkulierte_std: Math.round(kalkMin / 60),
      bestellnummer: rnd.next() < 0.6 ? `BE-${rnd.int(100000, 999999)}` : '',
      akt_kw: vkidWeek,
      verrechneteMaw:
        p.status === 'VERRECHNET' && maw.length ? money(maw.reduce((s, m) => s + m.stunden * 78, 0)) : null,
    };
    const el = {
      service_id: rank >= statusRank('AKT_KW') ? `SV-${createdYear}${String(4000 + i).padStart(5, '0')}` : '',
      akt_kw: elWeek,
      benoetigte_min: bookedMin,
      bemerkungen: p.status === 'ZIVI_MANGEL' ? 'Mängel aus der Abnahme: Schließkantensicherung nachrüsten.' : '',
      montage: rank >= statusRank('AKT_KW') ? rnd.pick(TEAMS) : '',
      montagedatum,
    };
    const ampels = orderAmpels({ status: p.status, vkid, el, logistik: deliveries }, today);

    // The status steps, in order, at their moments (for statusLastModified and the protocol).
    const steps: { status: OrderStatus; when: Date }[] = [];
    const createdAt = p.offer ? p.offer.takeOverRequestedAt : at(created, 8, rnd.int(0, 59));
    const stepAt = (status: OrderStatus, day: string, hour: number) => {
      if (statusRank(status) <= rank) steps.push({ status, when: at(minDay(day, today), hour, rnd.int(0, 59)) });
    };
    if (p.status !== 'CREATED') {
      stepAt('AKT_KW_VKID', minDay(addDays(created, rnd.int(1, 4)), installDay), 10);
      stepAt('AKT_KW', minDay(addDays(created, rnd.int(5, 10)), installDay), 11);
      stepAt('MONTAGE', installDay, 7);
      if (installedAt) steps.push({ status: 'MONTAGE_ABGESCHLOSSEN', when: installedAt });
      if (zivi && rank >= statusRank('ZIVI_BESTELLT') && installedAt) {
        stepAt('ZIVI_BESTELLT', addDays(installDay, 1), 9);
        if (p.status === 'ZIVI_MANGEL') stepAt('ZIVI_MANGEL', addDays(installDay, rnd.int(3, 10)), 14);
        if (acceptedAt) steps.push({ status: 'ZIVI_ERLEDIGT', when: acceptedAt });
      }
      if (billedAt) steps.push({ status: 'VERRECHNET', when: billedAt });
    }
    // Never before the creation, never after now, and each a minute or more after the step before it: an order
    // accepted on its installation day had its acceptance before the next day's 'Zivi bestellt' otherwise, and the
    // protocol showed the steps out of order.
    let earliest = createdAt.getTime() + 60_000;
    const ordered = steps
      .filter((s) => s.status !== 'CREATED')
      .map((s) => {
        const when = new Date(Math.max(s.when.getTime(), earliest));
        earliest = when.getTime() + 60_000;
        return { ...s, when };
      });
    const last = ordered[ordered.length - 1]?.when ?? createdAt;
    const creator = p.offer
      ? (people.opm[i % people.opm.length] ?? people.admin)
      : rnd.pick([people.admin, ...people.opm]);
    const stepper = (s: OrderStatus) =>
      statusRank(s) >= statusRank('MONTAGE') && statusRank(s) <= statusRank('MONTAGE_ABGESCHLOSSEN')
        ? (people.el[0] ?? creator)
        : creator;

    const aktuelleAbteilung = rnd.pick(DEPARTMENTS_OF[p.status]);
    const row = newOrderRow({
      id,
      tenantId,
      objekt: site.objekt,
      tp: site.tp,
      abnr: `AB-${createdYear}-${1001 + i}`,
      csnr: p.offer?.csnr ?? `CS-${createdYear}${String(rnd.int(1000, 9999))}`,
      objektdaten: site.objektdaten,
      objektnummer: rnd.next() < 0.5 ? `OBJ-${rnd.int(10000, 99999)}` : '',
      kunde: site.kunde,
      // The OPM of the offer it came from, else the one who made it (every demo order has one).
      opmUser: p.offer?.opmUser ?? people.opm[i % Math.max(1, people.opm.length)] ?? null,
      offerId: p.offer?.id ?? null,
      active: true,
      antriebe: tuer.antrieb ? `${tuer.antrieb} (${tuer.fluegel})` : '',
      antriebeOther: '',
      bemerkungen: p.offer ? 'Aus Angebot übernommen.' : '',
      anzahl_bemerkungen_bei_uebergabe: installed ? rnd.int(0, 3) : null,
      leistungsart,
      abteilung,
      aktuelleAbteilung,
      ansprechpartner_elektrik:
        rnd.next() < 0.6 ? contact(elekName, 'Elektro') : { bezeichnung: '', email: '', tel: '' },
      ansprechpartner_baustelle: contact(rnd.pick(CONTACTS)[0], 'Baustelle'),
      ansprechpartner_kunde: kunde,
      entscheidungstraeger:
        rnd.next() < 0.5 ? contact(rnd.pick(CONTACTS)[0], 'Geschäftsführung') : { bezeichnung: '', email: '', tel: '' },
      vkid,
      vkidAmpel: ampels.vkid,
      el,
      elAmpel: ampels.el,
      logistik: deliveries,
      maw,
      tuer,
      gesamtAmpel: ampels.gesamt,
      gesamtRank: ampels.gesamt ? { green: 1, orange: 2, red: 3 }[ampels.gesamt] : 0,
      status: p.status,
      statusLastModified: last,
      installedAt: ordered.find((s) => s.status === 'MONTAGE_ABGESCHLOSSEN')?.when ?? null,
      acceptedAt: ordered.find((s) => s.status === 'ZIVI_ERLEDIGT')?.when ?? null,
      billedAt: ordered.find((s) => s.status === 'VERRECHNET')?.when ?? null,
      version: ordered.length,
      createdBy: creator,
      createdAt,
      updatedAt: last,
    });
    rows.push(row);

    const entry = (action: 'create' | 'update', when: Date, by: string, field: string, value: unknown) => {
      if (value === null || value === undefined || value === '' || value === false) return;
      audit.push({
        tenantId,
        entity: 'order',
        entityId: id,
        action,
        field,
        oldValue: null,
        newValue: String(value),
        editorId: by,
        editorAbbreviation: people.abbreviation.get(by) ?? '',
        createdAt: when,
      });
    };
    entry('create', createdAt, creator, 'objekt', row.objekt);
    entry('create', createdAt, creator, 'abnr', row.abnr);
    entry('create', createdAt, creator, 'csnr', row.csnr);
    entry('create', createdAt, creator, 'vkid.betrag', row.vkid.betrag);
    entry('create', createdAt, creator, 'status', 'CREATED');
    let previous: OrderStatus = 'CREATED';
    for (const s of ordered) {
      audit.push({
        tenantId,
        entity: 'order',
        entityId: id,
        action: 'update',
        field: 'status',
        oldValue: previous,
        newValue: s.status,
        editorId: stepper(s.status),
        editorAbbreviation: people.abbreviation.get(stepper(s.status)) ?? '',
        createdAt: s.when,
      });
      previous = s.status;
    }
  }
  return { rows, audit };
}

export interface SeedOrdersOptions {
  /** Today (YYYY-MM-DD, Europe/Berlin); for tests. */
  today?: string;
}

/** Seeds the demo orders of a tenant (after its offers, some of which they take over). */
export async function seedDemoOrders(tx: Executor, tenantId: string, opts: SeedOrdersOptions = {}) {
  const today = opts.today ?? berlinToday();
  const staff = await tx
    .select({ id: users.id, email: users.email, department: users.department, abbreviation: users.abbreviation })
    .from(users)
    .where(
      inArray(users.email, [
        'admin@demo.test',
        'project@demo.test',
        'projectonly@demo.test',
        'servicetechniker@demo.test',
      ]),
    );
  const admin = staff.find((u) => u.email === 'admin@demo.test')?.id;
  if (!admin) return { orders: 0, takenOver: 0 };
  const people: OrderPeople = {
    admin,
    opm: staff.filter((u) => u.department === Department.OPM).map((u) => u.id),
    el: staff.filter((u) => u.department === Department.EL).map((u) => u.id),
    abbreviation: new Map(staff.map((u) => [u.id, u.abbreviation])),
  };
  const handOvers = (
    await tx
      .select({
        id: offers.id,
        objekt: offers.objekt,
        objektdaten: offers.objektdaten,
        csnr: offers.csnr,
        tp: offers.tp,
        contactPerson: offers.contactPerson,
        customerEmail: offers.customerEmail,
        contactPersonTelNr: offers.contactPersonTelNr,
        debitor: offers.debitor,
        offerSum: offers.offerSum,
        orderSum: offers.orderSum,
        abteilung: offers.abteilung,
        opmUser: offers.opmUser,
        takeOverRequestedAt: offers.takeOverRequestedAt,
      })
      .from(offers)
      .where(and(eq(offers.tenantId, tenantId), isNotNull(offers.takeOverRequestedAt), isNull(offers.orderId)))
      .orderBy(asc(offers.takeOverRequestedAt), asc(offers.csnr))
  ).map((o) => ({ ...o, takeOverRequestedAt: o.takeOverRequestedAt as Date }));

  const { rows, audit } = planDemoOrders(tenantId, today, people, handOvers);
  await insertOrderRows(tx, rows, 40);
  const links = rows.filter((r) => r.offerId);
  for (const r of links) {
    const taken = await tx
      .update(offers)
      .set({ orderId: r.id })
      .where(and(eq(offers.tenantId, tenantId), eq(offers.id, r.offerId as string)))
      .returning(offerRowColumns);
    await keepListItems(tx, taken);
  }
  for (let i = 0; i < audit.length; i += 500) await tx.insert(auditLogs).values(audit.slice(i, i + 500));
  return { orders: rows.length, takenOver: links.length };
}

/**
 * A few installed orders get their inspection book the way 'Prüfbuch anlegen' makes it (the doorbooks
 * module's own use case, as the demo's admin), so the demo shows books that link to their order.
 */
export async function seedDemoOrderBooks(tx: Executor, tenantId: string, count = 3) {
  const [admin] = await tx
    .select({ id: users.id, email: users.email, abbreviation: users.abbreviation })
    .from(users)
    .where(eq(users.email, 'admin@demo.test'));
  if (!admin) return 0;
  const candidates = await tx
    .select({ id: orders.id, tuer: orders.tuer })
    .from(orders)
    .where(
      and(
        eq(orders.tenantId, tenantId),
        isNull(orders.bookId),
        inArray(orders.status, ['MONTAGE_ABGESCHLOSSEN', 'ZIVI_ERLEDIGT', 'VERRECHNET']),
      ),
    )
    .orderBy(asc(orders.abnr));
  const ctx = {
    db: tx,
    tenantId,
    lang: 'de',
    ip: '127.0.0.1',
    user: { id: admin.id, email: admin.email, abbreviation: admin.abbreviation, role: Role.ADMIN_ROLE },
  } as unknown as TenantContext;
  let made = 0;
  for (const order of candidates) {
    if (made >= count) break;
    if (!order.tuer?.tuertyp) continue;
    const { bookId } = await createBookOfOrder(ctx, order.id, { folder: null });
    made += 1;
    // The door's serial number, as the installer enters it into the book: the order's serial search finds it.
    await updateBook(ctx, bookId, { __v: 0, glasbocknr: `GB-AUF-${String(made).padStart(4, '0')}` });
  }
  return made;
}
