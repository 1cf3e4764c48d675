/**
 * Demo branches (decision 019): the retail customer FrischeMarkt with 40 branches in Hesse and Hamburg,
 * each with its entrance doors and, in larger ones, a smoke extraction system. The ampels come out in
 * every colour, one branch is dormant (ruhend, closed for renovation), and the three demo branch users
 * are assigned: Frieda (default) the Frankfurt Zeil branch, Rolf (regional manager) the region
 * Rhein-Main, Carla (control) sees all of the customer without assignment.
 */
import { randomUUID } from 'node:crypto';
import { Customer } from '@pruefbuch/domain/roles';
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import {
  books,
  customerLocationBooks,
  customerLocations,
  digestRuns,
  digestSnapshots,
  folders,
  userCustomerLocations,
  users,
} from '../db/schema/index';
import { refreshLocationAmpels } from '../platform/location-ampels';
import { dayFromToday } from './seed-days';
import { seedBranchRecords } from './seed-inspections';

export const RETAIL_CUSTOMER_NAME = 'FrischeMarkt GmbH & Co. KG';

/** [ZNL, Nr, street, house number, ZIP, city, region]. Region 'rm' is Rolf's. */
const BRANCHES: [string, string, string, string, string, string, 'rm' | 'nh' | 'hh'][] = [
  ['Rhein-Main', '4101', 'Zeil', '85', '60313', 'Frankfurt am Main', 'rm'],
  ['Rhein-Main', '4102', 'Berger Straße', '171', '60385', 'Frankfurt am Main', 'rm'],
  ['Rhein-Main', '4103', 'Leipziger Straße', '38', '60487', 'Frankfurt am Main', 'rm'],
  ['Rhein-Main', '4104', 'Schweizer Straße', '52', '60594', 'Frankfurt am Main', 'rm'],
  ['Rhein-Main', '4105', 'Frankfurter Straße', '12', '63065', 'Offenbach am Main', 'rm'],
  ['Rhein-Main', '4106', 'Kirchgasse', '34', '65185', 'Wiesbaden', 'rm'],
  ['Rhein-Main', '4107', 'Bahnhofstraße', '7', '65185', 'Wiesbaden', 'rm'],
  ['Rhein-Main', '4108', 'Ludwigsplatz', '3', '64283', 'Darmstadt', 'rm'],
  ['Rhein-Main', '4109', 'Nürnberger Straße', '19', '63450', 'Hanau', 'rm'],
  ['Rhein-Main', '4110', 'Louisenstraße', '88', '61348', 'Bad Homburg v. d. Höhe', 'rm'],
  ['Rhein-Main', '4111', 'Bahnhofsplatz', '2', '65428', 'Rüsselsheim am Main', 'rm'],
  ['Rhein-Main', '4112', 'Große Kaplaneigasse', '5', '55116', 'Mainz-Kastel', 'rm'],
  ['Hessen-Nord', '4201', 'Obere Königsstraße', '28', '34117', 'Kassel', 'nh'],
  ['Hessen-Nord', '4202', 'Wilhelmshöher Allee', '244', '34119', 'Kassel', 'nh'],
  ['Hessen-Nord', '4203', 'Seltersweg', '61', '35390', 'Gießen', 'nh'],
  ['Hessen-Nord', '4204', 'Universitätsstraße', '21', '35037', 'Marburg', 'nh'],
  ['Hessen-Nord', '4205', 'Bahnhofstraße', '12', '36037', 'Fulda', 'nh'],
  ['Hessen-Nord', '4206', 'Bahnhofstraße', '26', '35576', 'Wetzlar', 'nh'],
  ['Hessen-Nord', '4207', 'Grabenstraße', '9', '65549', 'Limburg an der Lahn', 'nh'],
  ['Hessen-Nord', '4208', 'Hersfelder Straße', '3', '36251', 'Bad Hersfeld', 'nh'],
  ['Hessen-Nord', '4209', 'Marktplatz', '14', '34576', 'Homberg (Efze)', 'nh'],
  ['Hessen-Nord', '4210', 'Bahnhofstraße', '40', '61169', 'Friedberg (Hessen)', 'nh'],
  ['Hessen-Nord', '4211', 'Untertor', '2', '35745', 'Herborn', 'nh'],
  ['Hessen-Nord', '4212', 'Am Markt', '6', '34497', 'Korbach', 'nh'],
  ['Hamburg', '4301', 'Mönckebergstraße', '16', '20095', 'Hamburg', 'hh'],
  ['Hamburg', '4302', 'Ottenser Hauptstraße', '10', '22765', 'Hamburg', 'hh'],
  ['Hamburg', '4303', 'Osterstraße', '120', '20259', 'Hamburg', 'hh'],
  ['Hamburg', '4304', 'Wandsbeker Marktstraße', '57', '22041', 'Hamburg', 'hh'],
  ['Hamburg', '4305', 'Lüneburger Straße', '25', '21073', 'Hamburg', 'hh'],
  ['Hamburg', '4306', 'Sachsentor', '31', '21029', 'Hamburg', 'hh'],
  ['Hamburg', '4307', 'Fuhlsbüttler Straße', '108', '22305', 'Hamburg', 'hh'],
  ['Hamburg', '4308', 'Mühlenkamp', '31', '22303', 'Hamburg', 'hh'],
  ['Hamburg', '4309', 'Tibarg', '41', '22459', 'Hamburg', 'hh'],
  ['Hamburg', '4310', 'Bergedorfer Straße', '99', '21033', 'Hamburg', 'hh'],
  ['Hamburg', '4311', 'Waitzstraße', '18', '22607', 'Hamburg', 'hh'],
  ['Hamburg', '4312', 'Eppendorfer Baum', '7', '20249', 'Hamburg', 'hh'],
  ['Hamburg', '4313', 'Alstertal-Einkaufszentrum, Heegbarg', '31', '22391', 'Hamburg', 'hh'],
  ['Hamburg', '4314', 'Steilshooper Straße', '80', '22305', 'Hamburg', 'hh'],
  ['Hamburg', '4315', 'Billstedter Hauptstraße', '33', '22111', 'Hamburg', 'hh'],
  ['Hamburg', '4316', 'Rathausmarkt', '4', '25421', 'Pinneberg', 'hh'],
];

/** The dormant branch: closed for renovation, shown grey. */
const DORMANT = '4208';

const SLIDING = '0b7c1a10-0001-4000-8000-000000000001';
const RWA = '0b7c1a10-0001-4000-8000-000000000004';

/** The ampel the schedule would give a due date this many days away (tenant thresholds 30/90). */
const ampelOf = (days: number) => (days < -90 ? 'black' : days < 0 ? 'red' : days <= 30 ? 'orange' : 'green');

/** Days until the next inspection of branch i's door: a spread over every colour, most of them green. */
const DUE = [140, 95, 22, -12, 210, 61, 8, -130, 175, 44, 260, 15, 120, -40, 300, 85, 27, 190, 66, -5];

export async function seedDemoLocations(tx: Executor, tenantId: string) {
  const [folder] = await tx
    .insert(folders)
    .values({ tenantId, folderName: 'FrischeMarkt Filialen' })
    .returning({ id: folders.id });
  if (!folder) throw new Error('demo folder insert returned nothing');

  const locations = await tx
    .insert(customerLocations)
    .values(
      BRANCHES.map(([znl, nr, street, housenumber, zip, location], i) => ({
        tenantId,
        customer: Customer.RETAIL_CUSTOMER,
        znl,
        nr,
        sapNr: `1000${nr}`,
        address: {
          _id: randomUUID(),
          street,
          housenumber,
          zip,
          location,
          tel: `+49 ${zip.startsWith('2') ? '40' : '69'} ${String(500_000 + i * 731).slice(0, 6)}`,
          email: `filiale${nr}@frischemarkt.example`,
          homepage: '',
          country: 'DE',
        },
        bemerkungen:
          nr === DORMANT
            ? 'Wegen Umbau bis Frühjahr geschlossen, Anlagen außer Betrieb genommen.'
            : i % 7 === 0
              ? 'Schlüssel für Technikraum beim Marktleiter.'
              : '',
        ruhend: nr === DORMANT,
      })),
    )
    .returning({ id: customerLocations.id, nr: customerLocations.nr });
  const byNr = new Map(locations.map((l) => [l.nr, l.id]));

  const bookRows = BRANCHES.flatMap(([znl, nr, street, housenumber, zip, city], i) => {
    const address = {
      _id: randomUUID(),
      street,
      housenumber,
      zip,
      location: city,
      tel: '',
      email: `filiale${nr}@frischemarkt.example`,
      homepage: '',
      country: 'DE',
    };
    const due = DUE[i % DUE.length] ?? 100;
    const door = {
      tenantId,
      folderId: folder.id,
      title: `FrischeMarkt ${nr} – Eingangstür`,
      customer: RETAIL_CUSTOMER_NAME,
      typ: 'Slimdrive SL NT',
      bookTypeId: SLIDING,
      location: 'EG, Kundeneingang',
      shortText: 'Automatische Schiebetür mit Fluchtwegfunktion (FR), Kundeneingang.',
      misc: {
        norm: 'DIN 18650 / EN 16005',
        baujahr: `0${(i % 9) + 1}/20${14 + (i % 10)}`,
        antriebsspannung: '230 V',
        steuerspannung: '24 V',
        schliesskraft: 'einstellbar',
        steuerung: 'mit Selbsthaltung',
      },
      controller: RETAIL_CUSTOMER_NAME,
      object: `FrischeMarkt Filiale ${nr} (${znl})`,
      objectnutzung: 'Lebensmitteleinzelhandel',
      objectaddress: address,
      manufacturer: 'GEZE GmbH',
      site: 'Kundeneingang',
      glasbocknr: `GB-FM-${nr}-1`,
      manufacturerNo: `GEZ-${nr}-${100 + i}`,
      orderNo: `AU-FM-${nr}`,
      completedOn: `20${14 + (i % 10)}-0${(i % 9) + 1}-10`,
      serviceinterval: 12,
      selfserviceinterval: 1,
      nextInspectionDate: dayFromToday(due),
      inspectionAmpel: ampelOf(due),
      nextInspectionDateSelf: dayFromToday(Math.min(due, 4 + (i % 25))),
      inspectionSelfAmpel: ampelOf(Math.min(due, 4 + (i % 25))),
      status: due < -90 ? 6 : 4,
      active: nr !== DORMANT,
      nr,
    };
    const rows: (Omit<typeof door, 'misc'> & { misc: Record<string, string> })[] = [door];
    // Every third branch is a larger market with a smoke extraction system in its stairwell.
    if (i % 3 === 0) {
      const rwaDue = DUE[(i + 7) % DUE.length] ?? 100;
      rows.push({
        ...door,
        title: `FrischeMarkt ${nr} – RWA Treppenhaus`,
        typ: 'RZN 4408-K',
        bookTypeId: RWA,
        location: 'Treppenhaus, Dach',
        shortText: 'Rauch- und Wärmeabzugsanlage im Treppenhaus mit Lichtkuppel.',
        misc: { norm: 'DIN 18232-2', baujahr: door.misc.baujahr },
        manufacturer: 'D+H Mechatronic AG',
        site: 'Treppenhaus',
        glasbocknr: `GB-FM-${nr}-2`,
        manufacturerNo: `DH-${nr}-${200 + i}`,
        selfserviceinterval: 3,
        nextInspectionDate: dayFromToday(rwaDue),
        inspectionAmpel: ampelOf(rwaDue),
        nextInspectionDateSelf: dayFromToday(Math.min(rwaDue, 40)),
        inspectionSelfAmpel: ampelOf(Math.min(rwaDue, 40)),
        status: 4,
      });
    }
    return rows;
  });
  const inserted = await tx
    .insert(books)
    .values(bookRows.map(({ nr: _nr, ...row }) => row))
    .returning({ id: books.id });
  await tx
    .insert(customerLocationBooks)
    .values(inserted.map((b, i) => ({ locationId: byNr.get(bookRows[i]?.nr ?? '') ?? '', bookId: b.id })));
  // A book shown as inspected has its records: the last inspection and the branch's last self-inspection,
  // in Frieda's branch signed by her.
  const friedas = new Set(demoBranchAssignments.default);
  await seedBranchRecords(
    tx,
    tenantId,
    inserted.map((b) => b.id),
    new Set(inserted.filter((_, i) => friedas.has(bookRows[i]?.nr ?? '')).map((b) => b.id)),
  );
  // The branches' ampels and counts from their books' schedules, as a link in the app stores them.
  await refreshLocationAmpels(
    tx,
    tenantId,
    locations.map((l) => l.id),
  );

  const demo = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['filiale-default@demo.test', 'filiale-regional@demo.test']));
  const idOf = (email: string) => demo.find((u) => u.email === email)?.id;
  const frieda = idOf('filiale-default@demo.test');
  const rolf = idOf('filiale-regional@demo.test');
  const assignments = [
    ...(frieda ? [{ userId: frieda, locationId: byNr.get('4101') ?? '' }] : []),
    ...(rolf
      ? BRANCHES.filter((b) => b[6] === 'rm').map(([, nr]) => ({ userId: rolf, locationId: byNr.get(nr) ?? '' }))
      : []),
  ];
  if (assignments.length) await tx.insert(userCustomerLocations).values(assignments);

  // The last weekly digest ran a week ago, when the branches now red were still orange: the first
  // digest after start-up (reminders.job.ts) has something to report to the branch users.
  await tx.insert(digestRuns).values({ tenantId, lastRunAt: new Date(Date.now() - 7 * 86_400_000) });
  await tx.execute(sql`insert into ${digestSnapshots} (book_id, inspection_ampel, self_ampel)
    select id, case when ${books.inspectionAmpel} = 'red' and ${books.title} like 'FrischeMarkt%' then 'orange' else ${books.inspectionAmpel} end,
      ${books.inspectionSelfAmpel}
    from ${books} where ${books.tenantId} = ${tenantId}`);
  return { locations: locations.length, books: inserted.length };
}

/** The demo branch users' locations, for tests. */
export const demoBranchAssignments = {
  default: ['4101'],
  regional: BRANCHES.filter((b) => b[6] === 'rm').map((b) => b[1]),
};
export const DEMO_BRANCH_COUNT = BRANCHES.length;
