import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { type AddressValue, books, folders } from '../db/schema/index';

/** Demo books of the demo tenant (seed.ts): doors, smoke extraction, hold-open systems and gates in Rhein-Main. */

const TYPE = {
  sliding: '0b7c1a10-0001-4000-8000-000000000001',
  swing: '0b7c1a10-0001-4000-8000-000000000002',
  revolving: '0b7c1a10-0001-4000-8000-000000000003',
  rwa: '0b7c1a10-0001-4000-8000-000000000004',
  holdOpen: '0b7c1a10-0001-4000-8000-000000000005',
  gate: '0b7c1a10-0001-4000-8000-000000000006',
} as const;
type Kind = keyof typeof TYPE;

const addr = (street: string, housenumber: string, zip: string, location: string, tel = ''): AddressValue => ({
  _id: randomUUID(),
  street,
  housenumber,
  zip,
  location,
  tel,
  email: '',
  homepage: '',
  country: 'DE',
});

const MAKERS = {
  geze: { name: 'GEZE GmbH', address: () => addr('Reinhold-Vöster-Straße', '21-29', '71229', 'Leonberg') },
  dormakaba: { name: 'dormakaba Deutschland GmbH', address: () => addr('DORMA Platz', '1', '58256', 'Ennepetal') },
  record: { name: 'record Türautomation GmbH', address: () => addr('Otto-Wels-Straße', '9', '42111', 'Wuppertal') },
  dh: { name: 'D+H Mechatronic AG', address: () => addr('Georg-Sasse-Straße', '28-32', '22949', 'Ammersbek') },
  hoermann: {
    name: 'Hörmann KG Verkaufsgesellschaft',
    address: () => addr('Upheider Weg', '94-98', '33803', 'Steinhagen'),
  },
} as const;
type Maker = keyof typeof MAKERS;

const NORM: Record<Kind, string> = {
  sliding: 'DIN 18650 / EN 16005',
  swing: 'DIN 18650 / EN 16005',
  revolving: 'DIN 18650 / EN 16005',
  rwa: 'DIN 18232-2',
  holdOpen: 'DIN 14677',
  gate: 'ASR A1.7',
};
const SELF_INTERVAL: Record<Kind, number> = { sliding: 1, swing: 1, revolving: 1, rwa: 3, holdOpen: 1, gate: 0 };

interface Site {
  customer: string;
  object: string;
  nutzung: string;
  address: () => AddressValue;
  folder: string | null;
}
const SITES = {
  zeil: {
    customer: 'Kaufhof Zeil',
    object: 'Kaufhaus Zeil 106',
    nutzung: 'Verkaufsstätte',
    address: () => addr('Zeil', '106', '60313', 'Frankfurt am Main', '069 2191-0'),
    folder: 'Zeil 106 – Kaufhaus',
  },
  staedel: {
    customer: 'Städel Museum',
    object: 'Städel Museum',
    nutzung: 'Versammlungsstätte',
    address: () => addr('Schaumainkai', '63', '60596', 'Frankfurt am Main', '069 605098-0'),
    folder: 'Frankfurt am Main',
  },
  uniklinik: {
    customer: 'Universitätsklinikum Frankfurt',
    object: 'Haus 23 – Zentralbau',
    nutzung: 'Krankenhaus',
    address: () => addr('Theodor-Stern-Kai', '7', '60590', 'Frankfurt am Main', '069 6301-0'),
    folder: 'Frankfurt am Main',
  },
  messe: {
    customer: 'Messe Frankfurt Venue GmbH',
    object: 'Halle 12',
    nutzung: 'Versammlungsstätte',
    address: () => addr('Ludwig-Erhard-Anlage', '1', '60327', 'Frankfurt am Main', '069 7575-0'),
    folder: 'Frankfurt am Main',
  },
  konsti: {
    customer: 'Parkhaus Konstablerwache GmbH',
    object: 'Tiefgarage Konstablerwache',
    nutzung: 'Garage',
    address: () => addr('Kurt-Schumacher-Straße', '2', '60311', 'Frankfurt am Main'),
    folder: 'Frankfurt am Main',
  },
  sparkasse: {
    customer: 'Sparkasse Wiesbaden',
    object: 'Hauptstelle Rheinstraße',
    nutzung: 'Bürogebäude mit Publikumsverkehr',
    address: () => addr('Rheinstraße', '42-46', '65185', 'Wiesbaden', '0611 364-0'),
    folder: 'Wiesbaden',
  },
  rmcc: {
    customer: 'TriWiCon Wiesbaden',
    object: 'RheinMain CongressCenter',
    nutzung: 'Versammlungsstätte',
    address: () => addr('Friedrich-Ebert-Allee', '1', '65185', 'Wiesbaden', '0611 1729-0'),
    folder: 'Wiesbaden',
  },
  kurhaus: {
    customer: 'Kurhaus Wiesbaden',
    object: 'Kurhaus',
    nutzung: 'Versammlungsstätte',
    address: () => addr('Kurhausplatz', '1', '65189', 'Wiesbaden'),
    folder: 'Wiesbaden',
  },
  klinikum: {
    customer: 'Klinikum Darmstadt',
    object: 'Klinikum Darmstadt – Haus 1',
    nutzung: 'Krankenhaus',
    address: () => addr('Grafenstraße', '9', '64283', 'Darmstadt', '06151 107-0'),
    folder: 'Darmstadt',
  },
  tud: {
    customer: 'TU Darmstadt',
    object: 'Karo 5',
    nutzung: 'Hochschule',
    address: () => addr('Karolinenplatz', '5', '64289', 'Darmstadt', '06151 16-01'),
    folder: 'Darmstadt',
  },
  darmstadtium: {
    customer: 'darmstadtium Wissenschafts- und Kongresszentrum',
    object: 'darmstadtium',
    nutzung: 'Versammlungsstätte',
    address: () => addr('Schloßgraben', '1', '64283', 'Darmstadt'),
    folder: 'Darmstadt',
  },
  lager: {
    customer: 'Türservice Rhein-Main GmbH',
    object: 'Eigenes Lager',
    nutzung: 'Lager',
    address: () => addr('Hanauer Landstraße', '126', '60314', 'Frankfurt am Main', '+49 69 1234 5600'),
    folder: null,
  },
} satisfies Record<string, Site>;
type SiteKey = keyof typeof SITES;

/** [site, title, kind, maker, product, where, status, days to the next inspection (null: none), year] */
type Row = [SiteKey, string, Kind, Maker, string, string, number, number | null, number];
const ROWS: Row[] = [
  ['zeil', 'Haupteingang Zeil', 'sliding', 'geze', 'Slimdrive SL NT', 'EG, Eingang Zeil', 4, 210, 2019],
  ['zeil', 'Eingang Holzgraben', 'sliding', 'dormakaba', 'ES 200', 'EG, Eingang Holzgraben', 4, 12, 2018],
  ['zeil', 'Karusselltür Haupteingang', 'revolving', 'dormakaba', 'KTV 4', 'EG, Haupteingang', 3, 95, 2021],
  ['zeil', 'RWA Treppenhaus Nord', 'rwa', 'dh', 'RZN 4408-K', 'Treppenhaus Nord, 7. OG', 4, 40, 2017],
  ['zeil', 'Feststellanlage Lager 2. OG', 'holdOpen', 'geze', 'TS 5000 R-ISM', '2. OG, Zugang Lager', 6, -20, 2016],
  ['staedel', 'Haupteingang Schaumainkai', 'swing', 'geze', 'Powerturn', 'EG, Foyer', 4, 150, 2020],
  ['staedel', 'Gartenhallen Zugang', 'sliding', 'record', 'STA 20', 'UG, Gartenhallen', 5, -45, 2012],
  ['uniklinik', 'Notaufnahme Liegendzufahrt', 'sliding', 'record', 'STA 20 FR', 'EG, Notaufnahme', 4, 60, 2022],
  ['uniklinik', 'OP-Trakt Schleuse 3', 'swing', 'dormakaba', 'ED 250', '2. OG, OP-Trakt', 2, null, 2025],
  ['uniklinik', 'Feststellanlage Flur B3', 'holdOpen', 'dormakaba', 'EMF', '3. OG, Flur B', 4, 25, 2019],
  ['messe', 'Halle 12 Ostzugang', 'sliding', 'geze', 'ECdrive T2', 'EG, Ostzugang', 3, 300, 2023],
  ['messe', 'RWA Halle 12 Dach', 'rwa', 'dh', 'CPS-M', 'Dach, Lichtband', 4, 5, 2018],
  ['konsti', 'Rolltor Zufahrt', 'gate', 'hoermann', 'Decotherm S', 'Einfahrt Ebene -1', 4, 180, 2015],
  ['sparkasse', 'Schalterhalle Rheinstraße', 'sliding', 'record', 'K-Serie', 'EG, Schalterhalle', 4, 120, 2019],
  ['sparkasse', 'Nebeneingang Kundenhalle', 'swing', 'geze', 'Slimdrive EMD', 'EG, Nebeneingang', 4, 8, 2017],
  ['sparkasse', 'RWA Treppenhaus', 'rwa', 'dh', 'RZN 4416-E', 'Treppenhaus, 5. OG', 5, -3, 2014],
  ['rmcc', 'Haupteingang Friedrich-Ebert-Allee', 'revolving', 'record', 'FlipFlow', 'EG, Haupteingang', 3, 330, 2018],
  ['kurhaus', 'Feststellanlage Foyer', 'holdOpen', 'geze', 'TS 4000 R', 'EG, Foyer', 4, 70, 2016],
  ['klinikum', 'Notaufnahme Eingang', 'sliding', 'geze', 'Slimdrive SL NT', 'EG, Notaufnahme', 4, 35, 2020],
  ['klinikum', 'Intensivstation Zugang', 'swing', 'dormakaba', 'ED 100', '1. OG, Intensivstation', 6, -10, 2019],
  ['klinikum', 'RWA Haus 1', 'rwa', 'dh', 'RZN 4408-K', 'Treppenhaus Haus 1', 4, 88, 2021],
  ['klinikum', 'Feststellanlage Flur 3. OG', 'holdOpen', 'dormakaba', 'RMZ', '3. OG, Stationsflur', 1, null, 2025],
  ['tud', 'Karo 5 Haupteingang', 'sliding', 'record', 'STA 20', 'EG, Haupteingang', 4, 160, 2015],
  ['darmstadtium', 'Anlieferung Rolltor', 'gate', 'hoermann', 'SPU F42', 'UG, Anlieferung', 4, 240, 2007],
  ['lager', 'Ersatzantrieb Slimdrive (Lager)', 'sliding', 'geze', 'Slimdrive SL NT', 'Regal 3', 1, null, 2025],
];

const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const ampelOf = (days: number | null, status: number) =>
  days === null ? null : status === 6 ? 'black' : days < 0 ? 'red' : days <= 30 ? 'orange' : 'green';

/** Seeds ~27 books, two of them templates, into the demo tenant's folders (found by name). */
export async function seedDemoBooks(tx: Executor, tenantId: string) {
  const folderRows = await tx
    .select({ id: folders.id, name: folders.folderName })
    .from(folders)
    .where(eq(folders.tenantId, tenantId));
  const folderId = (name: string | null) => folderRows.find((f) => f.name === name)?.id ?? null;
  const raiser = () => addr('Hanauer Landstraße', '126', '60314', 'Frankfurt am Main', '+49 69 1234 5600');

  const values = ROWS.map(([siteKey, title, kind, maker, product, where, status, days, year], i) => {
    const site: Site = SITES[siteKey];
    const m = MAKERS[maker];
    const n = String(i + 1).padStart(3, '0');
    const door = kind === 'sliding' || kind === 'swing' || kind === 'revolving';
    const inService = status !== 1 && status !== 2;
    return {
      tenantId,
      folderId: folderId(site.folder),
      title: `${site.customer} – ${title}`,
      customer: site.customer,
      typ: product,
      bookTypeId: TYPE[kind],
      location: where,
      shortText: `${product} von ${m.name}, ${where}.`,
      misc: {
        baujahr: `${String((i % 12) + 1).padStart(2, '0')}/${year}`,
        norm: NORM[kind],
        ...(door
          ? {
              antriebsspannung: '230 V',
              steuerspannung: '24 V',
              schliesskraft: 'einstellbar',
              steuerung: 'mit Selbsthaltung',
            }
          : {}),
      },
      controller: site.customer,
      controlleraddress: site.address(),
      object: site.object,
      objectnutzung: site.nutzung,
      objectaddress: site.address(),
      raiser: 'Türservice Rhein-Main GmbH',
      raiseraddress: raiser(),
      manufacturer: m.name,
      manufactureraddress: m.address(),
      contactName: ['Herr Becker', 'Frau Schneider', 'Herr Wagner', 'Frau Hoffmann'][i % 4] ?? '',
      contactMail: `haustechnik${i + 1}@kunde.example`,
      contactTel: site.address().tel,
      site: where.split(',')[0] ?? where,
      glasbocknr: `GB-${year}-${n}${(i * 37) % 10}`,
      manufacturerNo: `${maker.toUpperCase().slice(0, 3)}-${year}-${4100 + i * 13}`,
      orderNo: `AU-${year}-${String(200 + i * 7).padStart(4, '0')}`,
      lagerort: siteKey === 'lager' ? where : 'inFertigungsprozess',
      completedOn: inService || status === 2 ? `${year}-${String((i % 12) + 1).padStart(2, '0')}-15` : null,
      nextInspectionDate: days === null ? null : isoDay(days),
      inspectionAmpel: ampelOf(days, status),
      nextInspectionDateSelf: days === null || SELF_INTERVAL[kind] === 0 ? null : isoDay(Math.min(days, 20 + (i % 10))),
      inspectionSelfAmpel:
        days === null || SELF_INTERVAL[kind] === 0 ? null : ampelOf(Math.min(days, 20 + (i % 10)), status),
      firstservice: inService ? `${year + 1}-${String((i % 12) + 1).padStart(2, '0')}-15` : null,
      serviceinterval: 12,
      selfserviceinterval: SELF_INTERVAL[kind],
      // A few installations take registrations for the next appointment (POST books/{id}/inspection):
      // one window open now, one opening in two weeks.
      ...(i === 4 ? { enableFrom: isoDay(-10), enableTo: isoDay(20), slots: 2 } : {}),
      ...(i === 7 ? { enableFrom: isoDay(14), enableTo: isoDay(45), slots: 3 } : {}),
      status,
    };
  });

  const templates = [
    {
      tenantId,
      folderId: null,
      title: 'Vorlage: GEZE Slimdrive SL NT Schiebetür',
      typ: 'Slimdrive SL NT',
      bookTypeId: TYPE.sliding,
      shortText: 'Vorlage für automatische Schiebetüren GEZE Slimdrive SL NT nach DIN 18650 / EN 16005.',
      misc: { norm: NORM.sliding, antriebsspannung: '230 V', steuerspannung: '24 V', schliesskraft: 'einstellbar' },
      raiser: 'Türservice Rhein-Main GmbH',
      raiseraddress: raiser(),
      manufacturer: MAKERS.geze.name,
      manufactureraddress: MAKERS.geze.address(),
      serviceinterval: 12,
      selfserviceinterval: 1,
      status: 7,
    },
    {
      tenantId,
      folderId: null,
      title: 'Vorlage: dormakaba ED 100 Drehflügeltür',
      typ: 'ED 100',
      bookTypeId: TYPE.swing,
      shortText: 'Vorlage für automatische Drehflügeltüren dormakaba ED 100 nach DIN 18650 / EN 16005.',
      misc: { norm: NORM.swing, antriebsspannung: '230 V', steuerspannung: '24 V', schliesskraft: 'einstellbar' },
      raiser: 'Türservice Rhein-Main GmbH',
      raiseraddress: raiser(),
      manufacturer: MAKERS.dormakaba.name,
      manufactureraddress: MAKERS.dormakaba.address(),
      serviceinterval: 12,
      selfserviceinterval: 1,
      status: 7,
    },
  ];
  await tx.insert(books).values([...values, ...templates]);
}
