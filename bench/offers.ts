/**
 * Technical offers at scale (issue 12): one tenant with 50,000 offers over three years on
 * PostgreSQL. The offer list with its filters (default sort, search in all fields and by debitor, status and colour,
 * OFM user and date range, 'Meine Nachfassungen') and each of the five evaluation views, through
 * the API at 20 clients, against the same SQL the API runs, sent straight through the driver with
 * the same pool. Target: API p50 ≤ 2 × SQL p50 + 2 ms.
 *
 * The SQL side is the API's own: the list's statements are recorded from the offers repository's listOffers
 * run on the bench's database, the evaluation's are captured from its repository functions run on a driver that
 * only records what it is sent. The offers are made like the server makes them: the ampel, its
 * rank, the status and the type from the domain's rules.
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { Department } from '@pruefbuch/domain/roles';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import {
  daysBetween,
  type OpmStatus,
  offerAmpel,
  offerStatusOf,
  type TalkResult,
} from '@pruefbuch/domain/rules/offer-ampel';
import {
  type DivisionFlags,
  type EvaluationView,
  OFFER_DEFAULTS,
  offerListQuery,
  offerTypeOf,
  type ReceivedVia,
} from '@pruefbuch/domain/schemas/offer';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema/index';
import { type offers, users, userTenants } from '../apps/server/src/db/schema/index';
import { seedDemo } from '../apps/server/src/demo/seed';
import { addDays, minDay } from '../apps/server/src/demo/seed-days';
import { generator } from '../apps/server/src/demo/seed-random';
import {
  type EvaluationFilter,
  figuresBy,
  type GroupKey,
  timesBy,
  userNames,
} from '../apps/server/src/modules/offerevaluation/offerevaluation.repo';
import { listOffers } from '../apps/server/src/modules/offers/offers.list';
import { insertOfferRows } from '../apps/server/src/modules/offers/offers.store';
import {
  adminToken,
  type Call,
  evaluationTarget,
  type Floor,
  floorsOf,
  loadApi,
  ms,
  qs,
  recorder,
  rowsOf,
} from './harness';
import { onEachDatabase, startServer, stop, waitHealthy } from './server';

export const PORT = Number(process.env.BENCH_PORT ?? 3904);
export const base = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const OFFERS = Number(process.env.BENCH_OFFERS ?? 50_000);
/** The offers come in over this many days before today. */
const SPAN_DAYS = 3 * 365;

// ---------------------------------------------------------------------------------------------
// Data

const NAMES = [
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  'Koch',
  'Richter',
  'Klein',
  'Wolf',
  'Neumann',
  'Schwarz',
  'Zimmermann',
  'Braun',
  'Krüger',
  'Hartmann',
  'Lange',
  'Werner',
  'Krause',
  'Lehmann',
  'Köhler',
  'Herrmann',
];
const KINDS = [
  'Klinikum',
  'Seniorenzentrum',
  'Supermarkt',
  'Getränkemarkt',
  'Parkhaus',
  'Bürohaus',
  'Hotel',
  'Autohaus',
  'Ärztehaus',
  'Logistikzentrum',
  'Bäckerei',
  'Baumarkt',
];
const FORMS = ['GmbH', 'GmbH & Co. KG', 'KG', 'AG', 'e.K.', 'gGmbH', 'OHG'];
const CITIES: [string, string][] = [
  ['Frankfurt am Main', '603'],
  ['Offenbach am Main', '630'],
  ['Darmstadt', '642'],
  ['Wiesbaden', '651'],
  ['Hanau', '634'],
  ['Bad Homburg', '613'],
  ['Rüsselsheim', '654'],
  ['Mainz', '551'],
  ['Gießen', '353'],
  ['Kassel', '341'],
];
const VIA: [ReceivedVia, number][] = [
  ['techniker', 30],
  ['kunde', 20],
  ['ktb', 16],
  ['einsatzleitung', 10],
  ['buchung_verrechnung', 7],
  ['neuanlagengeschaeft', 9],
  ['sonstiges', 4],
];
const RESULTS: [TalkResult, number][] = [
  ['angebot_ist_beauftragt', 34],
  ['materialangebot_beauftragt', 6],
  ['absage_preis_war_zu_hoch', 22],
  ['absage_mitbewerb_hat_auftrag_erhalten', 15],
  ['absage_wird_nicht_realisiert', 10],
  ['sonstiges_talk_result', 6],
  ['angebot_war_nicht_verstaendlich', 7],
];
const weighted = <T>(rnd: ReturnType<typeof generator>, list: [T, number][]) => {
  let r = rnd.next() * list.reduce((s, [, w]) => s + w, 0);
  for (const [v, w] of list) {
    r -= w;
    if (r < 0) return v;
  }
  return (list[list.length - 1] as [T, number])[0];
};

export interface BenchPeople {
  ofm: string[];
  opm: string[];
  ktb: string[];
}

/**
 * 50,000 offers of one tenant over three years: received through every channel, mostly written
 * within days, talked about within weeks, a third commissioned and most of those taken over; the
 * young ones still waiting. 10 OFM users (the admin one of them), 5 OPM, 8 KTB.
 */
export function benchOffers(tenantId: string, today: string, people: BenchPeople, count = OFFERS) {
  const rnd = generator(50_000);
  const debitors = Array.from(
    { length: 2500 },
    (_, i) =>
      `${KINDS[i % KINDS.length]} ${NAMES[Math.floor(i / KINDS.length) % NAMES.length]} ${FORMS[i % FORMS.length]}${i >= 240 ? ` ${Math.floor(i / 240)}` : ''}`,
  );
  const rows: (typeof offers.$inferInsert)[] = [];
  const perYear = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const received = addDays(today, -rnd.int(0, SPAN_DAYS - 1));
    const age = daysBetween(received, today);
    const [city, zip] = rnd.pick(CITIES);
    const debitor = rnd.pick(debitors);
    const written = age > 10 ? rnd.next() < 0.97 : rnd.next() < 0.6;
    const offerDate = written ? minDay(addDays(received, Math.floor(rnd.next() ** 2 * 30)), today) : null;
    const year = (offerDate ?? received).slice(0, 4);
    const n = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, n);
    const sum =
      Math.round(Math.min(48_000, Math.max(800, 6000 * Math.exp(0.8 * (rnd.next() + rnd.next() - 1) * 2))) * 100) / 100;
    const talked = offerDate !== null && rnd.next() < (age > 60 ? 0.9 : age > 20 ? 0.5 : 0.1);
    const talkResult: TalkResult | null = talked ? weighted(rnd, RESULTS) : null;
    const talkDay = talked && offerDate ? minDay(addDays(offerDate, rnd.int(1, 60)), today) : null;
    const status = offerStatusOf(talkResult);
    const commissioned = status === 'commissioned';
    const flags: DivisionFlags = {
      autSchieber: rnd.next() < 0.45,
      autDreher: rnd.next() < 0.3,
      bau: rnd.next() < 0.1,
      umbau: rnd.next() < 0.15,
      export: rnd.next() < 0.02,
      ersatzteile: talkResult === 'materialangebot_beauftragt' || rnd.next() < 0.15,
    };
    const ofmUser = rnd.next() < 0.02 ? null : rnd.pick(people.ofm);
    const ktb = rnd.next() < 0.5 ? rnd.pick(people.ktb) : null;
    const orderComplete = commissioned && rnd.next() < 0.92;
    const orderDate =
      commissioned && talkDay ? (orderComplete ? minDay(addDays(talkDay, rnd.int(0, 5)), today) : null) : null;
    const orderNumber = orderComplete ? `45${rnd.int(10_000_000, 99_999_999)}` : '';
    const deliveryDate = commissioned && talkDay ? addDays(talkDay, rnd.int(14, 80)) : null;
    const takeOver = commissioned && age > 60 && orderComplete && rnd.next() < 0.85;
    const ktbInformedAt =
      commissioned && ktb && orderDate && rnd.next() < 0.8 ? new Date(`${orderDate}T09:00:00Z`) : null;
    const takeOverRequestedAt = takeOver && orderDate ? new Date(`${orderDate}T13:00:00Z`) : null;
    const opmStatus: OpmStatus | null = commissioned
      ? rnd.pick(['open', 'waiting_for_clarification_sheets', 'clarification_sheets_received'] as const)
      : null;
    const followUp = offerDate ? addDays(offerDate, rnd.pick([7, 10, 14, 14, 21, 28])) : null;
    const offerNr = offerDate ? `AN-${year}-${String(n).padStart(5, '0')}` : '';
    const ampel = offerAmpel(
      {
        ofmUser,
        receivedDate: received,
        deliveryDate,
        ktb,
        ktbInformedAt: ktbInformedAt?.toISOString() ?? null,
        takeOverRequestedAt: takeOverRequestedAt?.toISOString() ?? null,
        angebot: { offerNr, offerDate, offerFollowUpDate: followUp, talkResult },
        opm: { orderId: null, status: opmStatus },
        ersatzteile: { orderNumber, orderDate },
      },
      today,
    );
    const createdAt = new Date(`${received}T08:00:00Z`);
    rows.push({
      id: randomUUID(),
      tenantId,
      receivedVia: weighted(rnd, VIA),
      csnr: `CS-${received.slice(2, 4)}${String(i).padStart(5, '0')}`,
      receivedDate: received,
      receivedFrom: rnd.pick(['Tobias Techniker', 'Marco Brandt', 'Einsatzleitung Frankfurt', '']),
      debitor,
      objekt: `${debitor.split(' ').slice(0, 2).join(' ')}, Hauptstraße ${1 + (i % 180)}, ${city}`,
      objektdaten: 'Automatische Schiebetür, 2-flügelig, Fluchtweg',
      plz: `${zip}${String(i % 100).padStart(2, '0')}`,
      contactPerson: `${rnd.pick(['Thomas', 'Sandra', 'Michael', 'Claudia', 'Stefan'])} ${rnd.pick(NAMES)}`,
      customerEmail: `kontakt${i % 997}@kunde.example`,
      contactPersonTelNr: `069 ${rnd.int(1000, 9999)}-${rnd.int(10, 99)}`,
      opmUser: commissioned ? rnd.pick(people.opm) : null,
      ofmUser,
      ktb,
      deliveryDate,
      notes: 'Anfrage: Austausch Antrieb und Sensorik.',
      abteilung: flags,
      aktuelle_abteilung: takeOver
        ? Department.OPM
        : commissioned && rnd.next() < 0.5
          ? Department.OPM
          : Department.OFM,
      angebot: {
        offerNr,
        offerDate,
        offerSum: offerDate ? sum : null,
        offerFollowUpDate: followUp,
        talkResult,
        notes: talkResult === 'sonstiges_talk_result' ? 'Maßnahme entfällt.' : '',
      },
      talkResultAt: talkDay ? new Date(`${talkDay}T11:00:00Z`) : null,
      opm: { ...OFFER_DEFAULTS.opm, status: opmStatus },
      ersatzteile: { ...OFFER_DEFAULTS.ersatzteile, orderNumber, orderDate, orderSum: orderComplete ? sum : null },
      ampel: ampel.label,
      ampelRank: { red: 3, orange: 2, green: 1 }[ampel.colour],
      status,
      type: offerTypeOf({ abteilung: flags, status }),
      ktbInformedAt,
      takeOverRequestedAt,
      // Steady state: the daily run has mailed every follow-up that came due.
      followUpMailedFor:
        followUp && followUp <= today && (talkResult === null || talkResult === 'angebot_war_nicht_verstaendlich')
          ? followUp
          : null,
      createdAt,
      updatedAt: talkDay ? new Date(`${talkDay}T11:00:00Z`) : createdAt,
    });
  }
  return rows;
}

/** The bench tenant, its users (the admin among the OFMs) and the offers. */
export async function seedBenchTenant(db: Db, today: string) {
  const [tenant] = await db
    .insert(schema.tenants)
    .values({ name: 'Bench-Angebote GmbH', url: 'bench-angebote' })
    .returning({ id: schema.tenants.id });
  if (!tenant) throw new Error('no tenant');
  const make = async (prefix: string, n: number, department: number) => {
    const made = await db
      .insert(users)
      .values(
        Array.from({ length: n }, (_, i) => ({
          email: `${prefix}${i + 1}@bench.test`,
          firstName: prefix.toUpperCase(),
          lastName: `Bench ${i + 1}`,
          abbreviation: `${prefix.slice(0, 1).toUpperCase()}${i + 1}`,
          role: 3,
          department,
        })),
      )
      .returning({ id: users.id });
    return made.map((u) => u.id);
  };
  const [admin] = rowsOf<{ id: string }>(await db.execute(sql`select id from users where email = 'admin@demo.test'`));
  if (!admin) throw new Error('no admin');
  const people: BenchPeople = {
    ofm: [admin.id, ...(await make('ofm', 9, Department.OFM))],
    opm: await make('opm', 5, Department.OPM),
    ktb: await make('ktb', 8, Department.KTB),
  };
  await db
    .insert(userTenants)
    .values([...people.ofm, ...people.opm, ...people.ktb].map((userId) => ({ userId, tenantId: tenant.id })));
  const rows = benchOffers(tenant.id, today, people);
  await insertOfferRows(db, rows, 1000);
  // Steady state: statistics and the visibility map as autovacuum would leave them.
  await db.execute(sql.raw('vacuum analyze offers, offer_figures, offer_time_spans'));
  return { tenantId: tenant.id, adminId: admin.id, people };
}

// ---------------------------------------------------------------------------------------------
// Workloads: each a rotating list of calls, as an API path and as the statements the API sends.

/**
 * The list's calls, each with the statements listOffers sends for it (the page's ids and total, then its rows),
 * recorded on the database's own pool, so the rows' statement names the page's real ids.
 */
export async function listCalls(
  database: Database,
  tenantId: string,
  adminId: string,
  people: BenchPeople,
  today: string,
) {
  const { db, take } = recorder((database.db as unknown as { $client: Parameters<typeof recorder>[0] }).$client);
  const scope = { tenantId, userId: adminId };
  const call = async (q: Record<string, string | number | undefined>): Promise<Call> => {
    await listOffers(db, scope, offerListQuery.parse(q), today);
    return { path: `/api/v1/offer?${qs(q)}`, statements: take() };
  };
  const range = (i: number) => ({ from: addDays(today, -90 * (i + 1)), to: addDays(today, -90 * i) });
  return {
    'list: default sort (red first)': await inTurn(
      Array.from({ length: 10 }, (_, i) => () => call({ page: 1 + i, size: 20 })),
    ),
    // The search as the list opens it: every searched field (decision 076).
    'list: search, all fields': await inTurn(
      ['Klinikum', 'Wagner', 'Parkhaus Köhler', 'gGmbH', 'Hotel Lange KG 3', 'Bäckerei', '4711'].map(
        (search) => () => call({ search, page: 1, size: 20 }),
      ),
    ),
    'list: search by debitor': await inTurn(
      ['Klinikum', 'Wagner', 'Parkhaus Köhler', 'gGmbH', 'Hotel Lange KG 3', 'Bäckerei'].map(
        (search) => () => call({ search, searchType: 'debitor', page: 1, size: 20 }),
      ),
    ),
    'list: status + colour': await inTurn(
      (
        [
          ['waiting', 'red'],
          ['waiting', 'green'],
          ['waiting', 'orange'],
          ['commissioned', 'red'],
          ['commissioned', 'orange'],
          ['commissioned', 'green'],
          ['cancelled', 'green'],
        ] as const
      ).map(
        ([status, colour]) =>
          () =>
            call({ status, colour, page: 1, size: 20 }),
      ),
    ),
    'list: OFM user + date range': await inTurn(
      people.ofm.flatMap((ofmUser, i) =>
        [0, 2].map((k) => () => call({ ofmUser, ...range((i % 4) + k), page: 1, size: 20 })),
      ),
    ),
    'list: followUp=mine': await inTurn([1, 2, 3].map((page) => () => call({ followUp: 'mine', page, size: 20 }))),
  } satisfies Record<string, Call[]>;
}

/** The calls one after the other: the recorder hands each its own statements. */
async function inTurn(calls: (() => Promise<Call>)[]): Promise<Call[]> {
  const done: Call[] = [];
  for (const c of calls) done.push(await c());
  return done;
}

const GROUP_OF: Record<Exclude<EvaluationView, 'angebotszeiten'>, GroupKey> = {
  erfolgsquote: 'month',
  ktbauswertung: 'ktb',
  gespraechsresultat: 'talkResult',
  erhaltenueber: 'receivedVia',
};

export async function evaluationCalls(tenantId: string, people: BenchPeople, today: string) {
  const { db, take } = recorder();
  const ranges: EvaluationFilter[] = [
    { from: addDays(today, -91), to: today },
    { from: addDays(today, -365), to: today },
    { from: addDays(today, -365), to: today, department: Department.OFM },
    { from: addDays(today, -3 * 365), to: today },
    { from: addDays(today, -730), to: addDays(today, -365), department: Department.OPM },
  ];
  const path = (view: EvaluationView, f: EvaluationFilter) =>
    `/api/v1/offer/evaluation/${view}?${qs({ from: f.from, to: f.to, department: f.department })}`;
  const calls: Record<string, Call[]> = {};
  for (const view of ['erfolgsquote', 'ktbauswertung', 'gespraechsresultat', 'erhaltenueber'] as const) {
    calls[`evaluation: ${view}`] = [];
    for (const f of ranges) {
      await figuresBy(db, tenantId, f, GROUP_OF[view]);
      // The KTB view names its users: a second statement on the server, with the KTB ids it found.
      if (view === 'ktbauswertung') await userNames(db, people.ktb);
      calls[`evaluation: ${view}`]?.push({ path: path(view, f), statements: take() });
    }
  }
  calls['evaluation: angebotszeiten'] = [];
  for (const f of ranges) {
    await timesBy(db, tenantId, f);
    calls['evaluation: angebotszeiten'].push({ path: path('angebotszeiten', f), statements: take() });
  }
  return calls;
}

// ---------------------------------------------------------------------------------------------
// Measuring

/** The API under load on this bench's server (see loadApi). */
export const api = (token: string, tenantId: string, work: Call[], connections = CONNECTIONS, duration = DURATION) =>
  loadApi(base, token, tenantId, work, connections, duration);

/** Every call answers 200 with what the SQL answers (the row count), before anything is timed. */
async function check(token: string, tenantId: string, database: Database, name: string, work: Call[]) {
  const client = (database.db as unknown as { $client: { query: (t: string, v: unknown[]) => Promise<unknown> } })
    .$client;
  for (const c of work) {
    const res = await fetch(`${base}${c.path}`, {
      headers: { authorization: `Bearer ${token}`, 'x-tenant': tenantId },
    });
    if (res.status !== 200) throw new Error(`${name}: ${c.path} answered ${res.status}: ${await res.text()}`);
    const body = (await res.json()) as { total?: number; docs?: unknown[] };
    // The last statement reads the page's rows (a search's first one reads up to 101 matches).
    const last = c.statements.at(-1);
    if (name.startsWith('list') && last) {
      const r = (await client.query(last.sql, last.params)) as { rows: unknown[][] };
      if ((body.docs?.length ?? -1) !== r.rows.length) {
        throw new Error(`${name}: ${c.path}: API ${body.docs?.length} rows, SQL ${r.rows.length}`);
      }
    }
  }
}

type Row = Record<string, string | number>;

async function benchOne(label: string, open: () => Promise<Database>, serverEnv: Record<string, string>) {
  const database = await open();
  await database.migrate();
  await seedDemo(database.db);
  const today = berlinToday();
  const began = performance.now();
  const { tenantId, adminId, people } = await seedBenchTenant(database.db, today);
  console.log(`\n${label}: ${OFFERS} offers seeded in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  const workloads: [string, Call[]][] = [
    ...Object.entries(await listCalls(database, tenantId, adminId, people, today)),
    ...Object.entries(await evaluationCalls(tenantId, people, today)),
  ];
  const only = process.env.BENCH_ONLY;
  const chosen = only ? workloads.filter(([name]) => only.split(',').some((o) => name.includes(o))) : workloads;

  // The SQL floor of every workload first, with no server running.
  const floors = await floorsOf(database, chosen, CONNECTIONS, DURATION);

  // Then the API, a fresh server per workload: the offers' daily run starts two minutes after
  // start-up and would read all offers in the middle of a measurement.
  const rows: Row[] = [];
  try {
    for (const [name, work] of chosen) {
      const server = startServer(PORT, serverEnv);
      try {
        await waitHealthy(PORT);
        const token = await adminToken(base);
        await check(token, tenantId, database, name, work);
        await api(token, tenantId, work, 4, 3).catch(() => {});
        const alone = await api(token, tenantId, work, 1, Math.min(DURATION, 5));
        const r = await api(token, tenantId, work);
        const { alone: floorAlone, loaded: floor } = floors.get(name) as { alone: Floor; loaded: Floor };
        const budget = 2 * floor.p50 + 2;
        const row: Row = {
          database: label,
          call: name,
          'API req/s': Math.round(r.rps),
          'API p50 ms': r.p50,
          'API p99 ms': r.p99,
          'SQL req/s': Math.round(floor.rps),
          'SQL p50 ms': floor.p50,
          'SQL p99 ms': floor.p99,
          'API p50 ms (1 client)': alone.p50,
          'SQL p50 ms (1 client)': floorAlone.p50,
          errors: r.errors,
          target: r.p50 <= budget && r.errors === 0 ? 'met' : `missed (p50 ≤ ${ms(budget)})`,
          'evaluation p50 ≤ 20, p99 < 50': evaluationTarget(name, r),
        };
        console.log(`  ${name}: ${JSON.stringify(row)}`);
        rows.push(row);
      } finally {
        await stop(server);
      }
    }
  } finally {
    await database.close();
  }
  return rows;
}

export async function benchOfferList() {
  const results = await onEachDatabase('offers', benchOne, 'postgres');
  console.log(
    `\nOffers: ${OFFERS} offers of one tenant, ${CONNECTIONS} clients (target: API p50 ≤ 2 × SQL p50 + 2 ms)`,
  );
  console.table(results);
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchOfferList();
