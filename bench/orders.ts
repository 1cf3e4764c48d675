/**
 * Orders at scale (issue 13): one tenant with 100,000 orders on PostgreSQL. The eight search lists
 * and six counts of SPEC §7 (orders/getOrdersBySearch/…, getVkidOrders/all, countVkidOrders/all, …)
 * and the operations evaluation, through the API at 20 clients, against the same SQL the API runs,
 * sent straight through the driver with the same pool. Targets: API p50 ≤ 2 × SQL p50 + 2 ms, and
 * API p99 < 50 ms at 20 clients.
 *
 * The SQL side is the API's own: each call is made once through the orders module's list functions
 * (orders.lists.ts) and the evaluation's repository on the bench's pool, and every statement it sent
 * is recorded with its parameters (the page's ids, its rows by id, the total); the floor replays all
 * of them one after the other. The load comes from autocannon in this process, the server is a child
 * process. The orders are made like the server makes them: the ampels and their rank from the
 * domain's rule (orderAmpels).
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Department } from '@pruefbuch/domain/roles';
import { weekOf } from '@pruefbuch/domain/rules/calendar-week';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { orderAmpels } from '@pruefbuch/domain/rules/order-ampel';
import { ORDER_STATUSES, type OrderStatus, statusRank } from '@pruefbuch/domain/rules/order-status';
import { ORDER_DEFAULTS, orderListQuery, orderPageQuery, orderWeeksQuery } from '@pruefbuch/domain/schemas/order';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema/index';
import { seedDemo } from '../apps/server/src/demo/seed';
import { generator } from '../apps/server/src/demo/seed-random';
import { opFigures } from '../apps/server/src/modules/opevaluation/opevaluation.repo';
import {
  type CountedList,
  listCount,
  type OrderListKind,
  searchList,
} from '../apps/server/src/modules/orders/orders.lists';
import { list as orderList } from '../apps/server/src/modules/orders/orders.read';
import { insertOrderRows, type NewOrderRow, newOrderRow } from '../apps/server/src/modules/orders/orders.store';
import { weeks } from '../apps/server/src/modules/orders/orders.weeks';
import {
  adminToken,
  type Call,
  cpuTimes,
  evaluationTarget,
  type Floor,
  floorsOf,
  ms,
  qs,
  recorder,
  rowsOf,
} from './harness';
import { api, base, PORT } from './offers';
import { onEachDatabase, startServer, stop, waitHealthy } from './server';

/** The free search's terms: common (a city, a chain's branch, a component) and rare (an order, a book). */
const SEARCH_TERMS = ['Klinikum', 'REWE Markt Hanau', 'AB-25-0012', 'Wiesbaden', 'CS-2400123', 'TP 3'];
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
/** The orders were created over this many days before today. */
const SPAN_DAYS = 4 * 365;

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const minDay = (a: string, b: string) => (a < b ? a : b);

const CITIES = ['Frankfurt', 'Wiesbaden', 'Mainz', 'Darmstadt', 'Offenbach', 'Hanau', 'Gießen', 'Fulda', 'Kassel'];
const PLACES = ['REWE Markt', 'Klinikum', 'Bürohaus', 'Parkhaus', 'Sparkasse', 'Stadtbibliothek', 'Hotel', 'Ärztehaus'];
const KUNDEN = ['REWE Markt GmbH', 'Klinikverbund gGmbH', 'Main Real Estate KG', 'Parkhausbetriebe', 'Sparkasse'];
export const INNENDIENST = ['Petra Schmitt', 'Ralf Hoffmann', 'Miriam Köhler', 'Jonas Weber', 'Eva Braun', 'Timo Graf'];
export const TEAMS = ['Team Nord', 'Team Süd', 'Team Mitte', 'Team West', 'Team Ost', 'Montage Extern'];
export const ADS = ['MKR', 'SHO', 'TWE', 'JBA', 'LKO', 'PWI', 'CRA', 'DNE', 'FMU', 'HSC'];
const DRIVES = ['AS-1F', 'AS-2F', 'AS-2F-FR', 'AS-TEL-2F', 'DT-1F', 'DT-1F-FR', 'DT-2F'];
const COMPONENTS = ['RM-IR', 'RM-RADAR', 'PS-KEY', 'SENS-NSK', 'TA-INNEN', 'NOT-AUS', 'USV-30'];
/** Most orders are done: the open ones are about a fifth, as in a company that has run for years. */
const STATUS_WEIGHTS: Record<OrderStatus, number> = {
  CREATED: 3,
  AKT_KW_VKID: 4,
  AKT_KW: 5,
  MONTAGE: 3,
  MONTAGE_ABGESCHLOSSEN: 5,
  ZIVI_BESTELLT: 2,
  ZIVI_MANGEL: 1,
  ZIVI_ERLEDIGT: 3,
  VERRECHNET: 74,
};

export function benchOrders(tenantId: string, today: string, count = ORDERS) {
  const rnd = generator(20_260_200);
  const total = Object.values(STATUS_WEIGHTS).reduce((a, b) => a + b, 0);
  const statusOf = () => {
    let r = rnd.next() * total;
    for (const s of ORDER_STATUSES) {
      r -= STATUS_WEIGHTS[s];
      if (r < 0) return s;
    }
    return 'VERRECHNET' as OrderStatus;
  };
  const rows: NewOrderRow[] = [];
  for (let i = 0; i < count; i++) {
    const status = statusOf();
    const rank = statusRank(status);
    const isInstalled = rank >= statusRank('MONTAGE_ABGESCHLOSSEN');
    // Done orders spread over the years, open ones are recent.
    const created = isInstalled ? addDays(today, -rnd.int(20, SPAN_DAYS)) : addDays(today, -rnd.int(0, 90));
    const installDay = isInstalled
      ? minDay(addDays(created, rnd.int(10, 60)), addDays(today, -1))
      : addDays(today, rnd.int(-14, 56));
    const week = weekOf(installDay);
    const deliveries =
      rnd.next() < 0.5
        ? [
            {
              bezeichnung: 'Antrieb',
              lieferant: 'GEZE GmbH',
              bestelltAm: created,
              geplantAm: addDays(installDay, -5),
              geliefertAm: isInstalled || rnd.next() < 0.6 ? addDays(installDay, -6) : null,
              menge: 1,
              bemerkung: '',
            },
          ]
        : [];
    const vkid = {
      geplante_montage_date: installDay,
      warenbtermin_date: rnd.next() < 0.8 ? addDays(installDay, -7) : null,
      akt_kw: week,
    };
    const el = {
      akt_kw: rank >= statusRank('AKT_KW') ? week : '',
      montagedatum: rank >= statusRank('MONTAGE') ? installDay : null,
    };
    const ampels = orderAmpels({ status, vkid, el, logistik: deliveries }, today);
    const city = rnd.pick(CITIES);
    const year = created.slice(2, 4);
    const drive = rnd.pick(DRIVES);
    const kalk = rnd.int(2, 24) * 60;
    const createdAt = new Date(`${created}T08:00:00Z`);
    const installedAt = isInstalled ? new Date(`${installDay}T15:00:00Z`) : null;
    const billedAt =
      status === 'VERRECHNET' ? new Date(`${minDay(addDays(installDay, rnd.int(5, 30)), today)}T09:00:00Z`) : null;
    rows.push(
      newOrderRow({
        id: randomUUID(),
        tenantId,
        objekt: `${rnd.pick(PLACES)} ${city}, Hauptstraße ${1 + (i % 200)}`,
        abnr: `AB-${year}-${String(i).padStart(6, '0')}`,
        csnr: `CS-${year}${String(i).padStart(6, '0')}`,
        kunde: rnd.pick(KUNDEN),
        tp: rnd.next() < 0.3 ? `TP ${rnd.int(1, 4)}` : '',
        active: rnd.next() < 0.98,
        leistungsart: { ...ORDER_DEFAULTS.leistungsart, mon: true },
        abteilung: { ...ORDER_DEFAULTS.abteilung, [drive.startsWith('AS') ? 'autSchieber' : 'autDreher']: true },
        aktuelleAbteilung: rnd.pick([
          Department.NO_DEPARTMENT,
          Department.EL,
          Department.OPM,
          Department.KTB,
          Department.OFM,
        ]),
        ansprechpartner_elektrik: ORDER_DEFAULTS.ansprechpartner_elektrik,
        ansprechpartner_baustelle: ORDER_DEFAULTS.ansprechpartner_baustelle,
        ansprechpartner_kunde: {
          bezeichnung: 'Haustechnik',
          email: `kontakt${i % 997}@kunde.example`,
          tel: '069 1234-56',
        },
        entscheidungstraeger: ORDER_DEFAULTS.entscheidungstraeger,
        vkid: {
          ...ORDER_DEFAULTS.vkid,
          belegdatum: created,
          betrag: rnd.int(800, 40_000),
          vergabepreis: rnd.next() < 0.8 ? rnd.int(700, 38_000) : null,
          innendienst: rnd.pick(INNENDIENST),
          ad: rnd.next() < 0.9 ? rnd.pick(ADS) : '',
          warenbtermin_date: vkid.warenbtermin_date,
          geplante_montage_date: installDay,
          zivi: rnd.next() < 0.3,
          verrechnet: status === 'VERRECHNET',
          kalkulierte_min: kalk,
          kalkulierte_std: kalk / 60,
          akt_kw: week,
        },
        vkidAmpel: ampels.vkid,
        el: {
          ...ORDER_DEFAULTS.el,
          service_id: rank >= statusRank('AKT_KW') ? `SV-${year}${String(i).padStart(6, '0')}` : '',
          akt_kw: el.akt_kw,
          benoetigte_min: isInstalled ? Math.round((kalk * (0.7 + rnd.next() * 0.7)) / 15) * 15 : null,
          montage: rank >= statusRank('AKT_KW') ? rnd.pick(TEAMS) : '',
          montagedatum: el.montagedatum,
        },
        elAmpel: ampels.el,
        logistik: deliveries,
        tuer: {
          tuertyp: drive.startsWith('AS') ? 'schieber' : 'dreher',
          antrieb: drive,
          fluegel: drive.includes('2F') ? 'FL2' : 'FL1',
          stromart: drive.endsWith('-FR') ? 'STR-FR' : 'STR',
          komponenten: [rnd.pick(COMPONENTS), rnd.pick(COMPONENTS)],
        },
        gesamtAmpel: ampels.gesamt,
        gesamtRank: ampels.gesamt ? { green: 1, orange: 2, red: 3 }[ampels.gesamt] : 0,
        status,
        statusLastModified: billedAt ?? installedAt ?? createdAt,
        installedAt,
        acceptedAt: null,
        billedAt,
        createdAt,
        updatedAt: billedAt ?? installedAt ?? createdAt,
      }),
    );
  }
  return rows;
}

/** The bench tenant and its orders; the admin of the demo is a member. */
export async function seedOrderTenant(db: Db, today: string) {
  const [tenant] = await db
    .insert(schema.tenants)
    .values({ name: 'Bench-Aufträge GmbH', url: 'bench-auftraege' })
    .returning({ id: schema.tenants.id });
  if (!tenant) throw new Error('no tenant');
  const [admin] = rowsOf<{ id: string }>(await db.execute(sql`select id from users where email = 'admin@demo.test'`));
  if (!admin) throw new Error('no admin');
  await db.insert(schema.userTenants).values({ userId: admin.id, tenantId: tenant.id });
  const rows = benchOrders(tenant.id, today);
  await insertOrderRows(db, rows, 1000);
  await db.execute(sql.raw('vacuum analyze orders, order_figures'));
  return { tenantId: tenant.id, adminId: admin.id };
}

// ---------------------------------------------------------------------------------------------
// Workloads

/** recorder on the bench's own pool: the lists' functions run on the real orders (a page past the end counts). */
const recording = (database: Database) =>
  recorder((database.db as unknown as { $client: Parameters<typeof recorder>[0] }).$client);

/** What the API must answer for a call (checked before anything is timed). */
type Expected = { ids: string[]; total: number } | { count: number };
const expected = new Map<string, Expected>();

export async function orderCalls(database: Database, tenantId: string, today: string) {
  const { db, take } = recording(database);
  const ctx = { db, tenantId, lang: 'de' } as never;
  const calls: Record<string, Call[]> = {};
  const list = async (name: string, route: string, kind: OrderListKind, values: string[], pages = [1]) => {
    calls[name] = [];
    for (const value of values) {
      for (const page of pages) {
        const q = orderPageQuery.parse({ page, size: 20 });
        const reply = JSON.parse(await searchList(ctx, kind, value, q)) as { docs: { _id: string }[]; total: number };
        const path = `/api/v1/orders/${route}/${value ? encodeURIComponent(value) : 'all'}?${qs({ page, size: 20 })}`;
        expected.set(path, { ids: reply.docs.map((d) => d._id), total: reply.total });
        // Every statement of the call: the page's ids, its rows, and the total unless the page tells it.
        calls[name]?.push({ path, statements: take() });
      }
    }
  };
  const count = async (name: string, route: string, kind: CountedList, values: string[]) => {
    calls[name] = [];
    for (const value of values) {
      const reply = await listCount(ctx, kind, value);
      const path = `/api/v1/orders/${route}/${value ? encodeURIComponent(value) : 'all'}`;
      expected.set(path, reply);
      calls[name]?.push({ path, statements: take() });
    }
  };
  await list('list: getOrdersBySearch', 'getOrdersBySearch', 'search', SEARCH_TERMS);
  await list('list: getOrdersBySerialnummerSearch', 'getOrdersBySerialnummerSearch', 'serial', [
    'SV-250004',
    'AS-2F-FR',
    'RM-RADAR',
  ]);
  await list('list: getOrdersByOpm', 'getOrdersByOpm', 'opm', INNENDIENST);
  await list('list: getOrdersByEl', 'getOrdersByEl', 'el', TEAMS);
  await list('list: getOrdersByAd', 'getOrdersByAd', 'ad', ADS);
  await list('list: getVkidOrders/all', 'getVkidOrders', 'vkidAll', [''], [1, 2, 3, 5]);
  await list('list: getElOrders/all', 'getElOrders', 'elAll', [''], [1, 2, 3, 5]);
  await list('list: getAdOrders/all', 'getAdOrders', 'adAll', [''], [1, 2, 3, 5]);
  // The order list's landing page ('Alle', worst first) and its filters: the total from the kept counts.
  calls['list: orders (Alle)'] = [];
  for (const f of [{}, { department: String(Department.EL) }, { status: 'MONTAGE' }, { page: '3' }]) {
    const q = orderListQuery.parse({ size: 20, ...f });
    const reply = JSON.parse(await orderList(ctx, q)) as { docs: { _id: string }[]; total: number };
    const path = `/api/v1/orders?${qs({ size: 20, ...f })}`;
    expected.set(path, { ids: reply.docs.map((d) => d._id), total: reply.total });
    calls['list: orders (Alle)'].push({ path, statements: take() });
  }
  await count('count: countOrdersByVkid', 'countOrdersByVkid', 'opm', INNENDIENST);
  await count('count: countOrdersByEl', 'countOrdersByEl', 'el', TEAMS);
  await count('count: countOrdersByAd', 'countOrdersByAd', 'ad', ADS);
  await count('count: countVkidOrders/all', 'countVkidOrders', 'vkidAll', ['']);
  await count('count: countElOrders/all', 'countElOrders', 'elAll', ['']);
  await count('count: countAdOrders/all', 'countAdOrders', 'adAll', ['']);
  // The weeks of the list's 'Alle' tab (its week filter and KW groups): kept counts without a filter and
  // with the department or the status alone, counted over the matches with a search term.
  const facet = async (name: string, filters: Record<string, string>[]) => {
    calls[name] = [];
    for (const f of filters) {
      await weeks(ctx, orderWeeksQuery.parse(f));
      calls[name].push({ path: `/api/v1/orders/get/weeks?${qs(f)}`, statements: take() });
    }
  };
  await facet('facet: orders/get/weeks', [{}, { department: String(Department.EL) }, { status: 'MONTAGE' }]);
  // The list search's terms, common and rare: up to SEARCH_COUNT_CAP matches counted, past it `more`
  // (decision 073). Until 2026-12-01 only the two common ones (each matches more than the cap).
  await facet(
    'facet: orders/get/weeks (search)',
    SEARCH_TERMS.map((search) => ({ search })),
  );
  calls['evaluation: getOpevaluation/all'] = [];
  for (const f of [
    { from: addDays(today, -91), to: today },
    { from: addDays(today, -365), to: today },
    { from: addDays(today, -365), to: today, department: Department.EL },
    { from: addDays(today, -4 * 365), to: today },
  ]) {
    await opFigures(db, tenantId, f);
    calls['evaluation: getOpevaluation/all'].push({
      path: `/api/v1/orders/getOpevaluation/all?${qs(f)}`,
      statements: take(),
    });
  }
  return calls;
}

/** Every call answers 200 with what the functions answered on the same orders (the page's ids and total, the count), before anything is timed. */
async function check(token: string, tenantId: string, name: string, work: Call[]) {
  for (const c of work) {
    const res = await fetch(`${base}${c.path}`, {
      headers: { authorization: `Bearer ${token}`, 'x-tenant': tenantId },
    });
    if (res.status !== 200) throw new Error(`${name}: ${c.path} answered ${res.status}: ${await res.text()}`);
    const body = (await res.json()) as { docs?: { _id: string }[]; count?: number; total?: number };
    const want = expected.get(c.path);
    if (!want) continue;
    const got = 'count' in want ? { count: body.count } : { ids: body.docs?.map((d) => d._id), total: body.total };
    if (JSON.stringify(got) !== JSON.stringify(want)) {
      throw new Error(`${name}: ${c.path}: API ${JSON.stringify(got)}, functions ${JSON.stringify(want)}`);
    }
  }
}

type Row = Record<string, string | number>;

/** The PostgreSQL backends of the bench database (the server's pool among them). */
async function backends(database: Database) {
  const client = (database.db as unknown as { $client: { query: (t: string) => Promise<{ rows: { pid: number }[] }> } })
    .$client;
  return (await client.query('select pid from pg_stat_activity where datname = current_database()')).rows.map(
    (r) => r.pid,
  );
}

/**
 * What a run costs in CPU per request: the server process, and the database's backends (started
 * before or during the run). On 2 cores, 20 clients in a closed loop wait about 20 × (Node + PG) / 2 ms.
 */
async function cpuPerRequest<T extends { rps: number }>(database: Database, serverPid: number, run: () => Promise<T>) {
  const before = cpuTimes([serverPid, ...(await backends(database))]);
  const r = await run();
  const pgPids = await backends(database);
  const after = cpuTimes([serverPid, ...pgPids]);
  const used = (pid: number) => (after.get(pid) ?? 0) - (before.get(pid) ?? 0);
  const requests = r.rps * DURATION;
  const pg = pgPids.reduce((sum, pid) => sum + used(pid), 0);
  return {
    ...r,
    nodeCpu: after.size ? ms(used(serverPid) / requests) : Number.NaN,
    pgCpu: after.size ? ms(pg / requests) : Number.NaN,
  };
}

/**
 * What the machine does for a request that reads nothing (GET health, no token, no database) at 1 and 20
 * clients: below this no route can go, whatever its SQL (for information; it has no target).
 */
async function baseline(database: Database, label: string, serverEnv: Record<string, string>): Promise<Row> {
  const server = startServer(PORT, serverEnv);
  try {
    await waitHealthy(PORT);
    const work: Call[] = [{ path: '/api/v1/health', statements: [] }];
    await api('', '', work, 4, 2);
    const alone = await api('', '', work, 1, Math.min(DURATION, 5));
    const r = await cpuPerRequest(database, server.pid ?? 0, () => api('', '', work, CONNECTIONS, DURATION));
    const row: Row = {
      database: label,
      call: 'baseline: GET health (no database)',
      'API req/s': Math.round(r.rps),
      'API p50 ms': r.p50,
      'API p99 ms': r.p99,
      'API p50 ms (1 client)': alone.p50,
      'Node CPU ms/req': r.nodeCpu,
      'load (1 min)': ms(loadavg()[0] ?? 0),
      errors: r.errors,
      'p99 < 50 (20 clients)': 'none: the floor of any route',
    };
    console.log(`  ${row.call}: ${JSON.stringify(row)}`);
    return row;
  } finally {
    await stop(server);
  }
}

async function benchOne(label: string, open: () => Promise<Database>, serverEnv: Record<string, string>) {
  const database = await open();
  await database.migrate();
  await seedDemo(database.db);
  const today = berlinToday();
  const began = performance.now();
  const { tenantId } = await seedOrderTenant(database.db, today);
  console.log(`\n${label}: ${ORDERS} orders seeded in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  const workloads = Object.entries(await orderCalls(database, tenantId, today));
  const only = process.env.BENCH_ONLY;
  const chosen = only ? workloads.filter(([name]) => only.split(',').some((o) => name.includes(o))) : workloads;

  const floors = await floorsOf(database, chosen, CONNECTIONS, DURATION);

  // A fresh server per workload: the orders' daily run would read all orders in a measurement.
  const rows: Row[] = [];
  try {
    rows.push(await baseline(database, label, serverEnv));
    for (const [name, work] of chosen) {
      const server = startServer(PORT, serverEnv);
      try {
        await waitHealthy(PORT);
        const token = await adminToken(base);
        await check(token, tenantId, name, work);
        await api(token, tenantId, work, 4, 3).catch(() => {});
        const alone = await api(token, tenantId, work, 1, Math.min(DURATION, 5));
        const r = await cpuPerRequest(database, server.pid ?? 0, () =>
          api(token, tenantId, work, CONNECTIONS, DURATION),
        );
        const { alone: floorAlone, loaded: floor } = floors.get(name) as { alone: Floor; loaded: Floor };
        // The p50 rule, read both ways: at 20 clients (as the p99) and alone (1 client each side).
        const budget = 2 * floor.p50 + 2;
        const budgetAlone = 2 * floorAlone.p50 + 2;
        const mark = (ok: boolean) => (ok && r.errors === 0 ? 'met' : 'missed');
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
          'Node CPU ms/req': r.nodeCpu,
          'PG CPU ms/req': r.pgCpu,
          'load (1 min)': ms(loadavg()[0] ?? 0),
          'SQL p50 ms (1 client)': floorAlone.p50,
          errors: r.errors,
          'p99 < 50 (20 clients)': mark(r.p99 < 50),
          'p50 ≤ 2×SQL+2 (20 clients)': `${mark(r.p50 <= budget)} (≤ ${ms(budget)})`,
          'p50 ≤ 2×SQL+2 (1 client)': `${mark(alone.p50 <= budgetAlone)} (≤ ${ms(budgetAlone)})`,
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

export async function benchOrderLists() {
  const results = await onEachDatabase('orders', benchOne, 'postgres');
  console.log(
    `\nOrders: ${ORDERS} orders of one tenant, ${CONNECTIONS} clients (targets: API p50 ≤ 2 × SQL p50 + 2 ms, p99 < 50 ms)`,
  );
  console.table(results);
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchOrderLists();
