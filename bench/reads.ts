/**
 * The reads people use most, under load (issue 8): GET users/{id} as the reference, the book
 * detail (books/{id}), its dto (books/dto/{id}), the paged book list of a folder, the book search
 * and the open-inspection search by ZIP. Seeds a tenant of 3,000 books in 10 folders with four
 * finalized records each (signatures as PNG data URLs, a checklist and a defect), then measures
 * each call alone at 50 clients (BENCH_SECONDS, default 10 s) and all six together at 200
 * clients (BENCH_MIX_SECONDS; default BENCH_SECONDS when set, else 60 s), on PGlite and on
 * PostgreSQL (PG_URL). Reports req/s, p50, p99, errors and the server's peak RSS per phase.
 * Target: every read at least 40 % of GET users/{id}'s req/s in the same run.
 *
 * Run alone with `node --import tsx bench/reads.ts`; `npm run bench` runs it after the others.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/demo/seed';
import { onEachDatabase, startServer, stop, waitHealthy } from './server';

const PORT = 3902;
const base = `http://127.0.0.1:${PORT}`;
const ALONE_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MIX_SECONDS = Number(process.env.BENCH_MIX_SECONDS ?? process.env.BENCH_SECONDS ?? 60);
const ALONE_CLIENTS = 50;
const MIX_CLIENTS = 200;
const BOOKS = 3000;
const FOLDERS = 10;
const RECORDS_PER_BOOK = 4;
const TARGET_SHARE = 0.4;

// ---------------------------------------------------------------------------------------------
// Data

const ZIPS = ['60311', '65183', '64283', '55116', '63065', '63450'];
const CITIES = ['Frankfurt am Main', 'Wiesbaden', 'Darmstadt', 'Mainz', 'Offenbach am Main', 'Hanau'];
const arr = (list: string[]) => `array[${list.map((s) => `'${s}'`).join(',')}]`;

/**
 * A tenant of BOOKS books in FOLDERS folders, each with RECORDS_PER_BOOK finalized records
 * (three staff, one self-inspection) carrying an inspector signature and an operator
 * acknowledgement of about 8 KB each, as drawn signatures are.
 */
export async function seedReads(db: Database['db']) {
  await db.execute(sql.raw(`insert into tenants (name, url) values ('Bench Lesen', 'bench-reads')`));
  await db.execute(
    sql.raw(`insert into folders (tenant_id, folder_name)
      select t.id, 'Ordner ' || lpad(f::text, 2, '0') from tenants t cross join generate_series(1, ${FOLDERS}) f
      where t.url = 'bench-reads'`),
  );
  await db.execute(
    sql.raw(`insert into books (tenant_id, folder_id, title, customer, typ, site, glasbocknr, manufacturer,
        manufacturer_no, order_no, objectaddress, manufactureraddress, misc, next_inspection_date, inspection_ampel,
        serviceinterval, selfserviceinterval, status, active)
      select tf.tenant_id, tf.fids[1 + g % ${FOLDERS}],
        'Kaufhof ' || c.city || ' – Haupteingang ' || g, 'Kaufhof ' || c.city, 'Slimdrive SL NT', 'Haupteingang',
        'GB-' || lpad(g::text, 5, '0'), 'GEZE GmbH', 'HN-' || lpad(g::text, 6, '0'), 'AU-2020-' || lpad(g::text, 5, '0'),
        jsonb_build_object('_id', gen_random_uuid()::text, 'street', 'Hauptstraße', 'housenumber', (1 + g % 200)::text,
          'zip', c.zip, 'location', c.city, 'tel', '', 'email', '', 'homepage', '', 'country', 'DE'),
        jsonb_build_object('_id', gen_random_uuid()::text, 'street', 'Reinhold-Vöster-Straße', 'housenumber', '21',
          'zip', '71229', 'location', 'Leonberg', 'tel', '', 'email', '', 'homepage', '', 'country', 'DE'),
        jsonb_build_object('baujahr', '2019', 'norm', 'DIN 18650', 'antriebsspannung', '230 V'),
        current_date + (g % 400 - 100), (array['green','orange','red'])[1 + g % 3], 12, 1, 4, true
      from (select t.id as tenant_id, array_agg(f.id order by f.folder_name) as fids
            from tenants t join folders f on f.tenant_id = t.id where t.url = 'bench-reads' group by t.id) tf
      cross join generate_series(1, ${BOOKS}) g
      cross join lateral (select (${arr(ZIPS)})[1 + g % ${ZIPS.length}] as zip,
        (${arr(CITIES)})[1 + g % ${CITIES.length}] as city) c`),
  );
  const image = `'data:image/png;base64,' || repeat('iVBORw0KGgoAAAANSUhEUgAAAZAAAABkCAYAAACoy2Z3', 180)`;
  await db.execute(
    sql.raw(`insert into inspections (tenant_id, book_id, kind, "when", "where", who, text, checklist_name, checklist,
        defects, continued_operation, inspector_signature, operator_acknowledgement, finalized_at)
      select b.tenant_id, b.id, (array['inspection','wartung','gutachten','self'])[r],
        current_date - (r * 90 + (row_number() over ()) % 30)::int, 'vor Ort', 'Max Prüfer',
        'Prüfung ohne Befund', 'general',
        (select jsonb_agg(jsonb_build_object('id', 'item' || i, 'label', 'Prüfpunkt ' || i, 'result', 'ok'))
          from generate_series(1, 20) i),
        jsonb_build_array(jsonb_build_object('id', gen_random_uuid()::text, 'text', 'Dichtung verschlissen',
          'severity', 'minor', 'photos', '[]'::jsonb)),
        true,
        jsonb_build_object('name', 'Max Prüfer', 'image', ${image}, 'signedAt', now()::text),
        jsonb_build_object('name', 'Erika Betreiber', 'image', ${image}, 'signedAt', now()::text),
        now() - (r || ' days')::interval
      from books b join tenants t on t.id = b.tenant_id and t.url = 'bench-reads'
      cross join generate_series(1, ${RECORDS_PER_BOOK}) r`),
  );
  await db.execute(sql.raw('vacuum analyze'));
}

interface Target {
  tenantId: string;
  folders: string[];
  books: string[];
}

export async function targetOf(db: Database['db']): Promise<Target> {
  const res = await db.execute<{ id: string; fids: string[]; bids: string[] }>(
    sql.raw(`select t.id,
        (select array_agg(f.id) from folders f where f.tenant_id = t.id) as fids,
        (select array_agg(id) from (select b.id from books b where b.tenant_id = t.id order by b.title limit 500) s) as bids
      from tenants t where t.url = 'bench-reads'`),
  );
  const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as {
    id: string;
    fids: string[];
    bids: string[];
  }[];
  const r = rows[0];
  if (!r) throw new Error('bench tenant missing');
  return { tenantId: r.id, folders: r.fids, books: r.bids };
}

// ---------------------------------------------------------------------------------------------
// Workloads

interface Route {
  name: string;
  paths: string[];
  tenant: boolean;
}

export function routesOf(t: Target, userId: string): Route[] {
  const pick = <T>(list: T[], n: number, f: (x: T, i: number) => string) =>
    Array.from({ length: n }, (_, i) => f(list[i % list.length] as T, i));
  const terms = ['kaufhof', 'GB-001', 'wiesbaden', 'HN-0002', 'AU-2020-01', 'haupteingang', 'mainz'];
  return [
    { name: 'GET users/{id} (reference)', paths: [`/api/v1/users/${userId}`], tenant: false },
    { name: 'GET books/{id}', paths: pick(t.books, 400, (id) => `/api/v1/books/${id}`), tenant: true },
    { name: 'GET books/dto/{id}', paths: pick(t.books, 400, (id) => `/api/v1/books/dto/${id}`), tenant: true },
    {
      name: 'GET books (list)',
      paths: pick(t.folders, 400, (f, i) => `/api/v1/books?folder=${f}&page=${1 + (i % 15)}&size=20&sort=title`),
      tenant: true,
    },
    {
      name: 'GET books?search=',
      paths: pick(terms, 400, (s) => `/api/v1/books?search=${encodeURIComponent(s)}&page=1&size=20&sort=title`),
      tenant: true,
    },
    {
      name: 'GET books/allInspectionByZip/{zip}',
      paths: pick(ZIPS, 400, (z, i) => `/api/v1/books/allInspectionByZip/${z.slice(0, 3 + (i % 3))}?page=1&size=20`),
      tenant: false,
    },
  ];
}

async function load(token: string, tenantId: string, route: Route, connections: number, duration: number) {
  let next = 0;
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (route.tenant) headers['x-tenant'] = tenantId;
  const r = await autocannon({
    url: base,
    connections,
    duration,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: route.paths[next++ % route.paths.length] as string, headers }),
      },
    ],
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

// ---------------------------------------------------------------------------------------------
// Server and its memory

/** Peak resident memory of the server since the last reset, in MB (VmHWM; Linux only). */
function peakRssMb(pid: number): number | null {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}
/** CPU time the server process has used so far (user + system), in ms: per request it shows the
 * server's own cost, which a busy shared machine distorts less than req/s. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}
/** Resets the peak to the current RSS, so each phase reports its own peak. */
function resetPeak(pid: number) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {}
}

async function login() {
  const res = await fetch(`${base}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'pruefbuch' }),
  });
  return (await res.json()) as { token: string; userId: string };
}

type Row = Record<string, string | number | null>;

async function benchOne(label: string, open: () => Promise<Database>, serverEnv: Record<string, string>) {
  const database = await open();
  const started = performance.now();
  await database.migrate();
  await seedDemo(database.db);
  await seedReads(database.db);
  const target = await targetOf(database.db);
  await database.close();
  console.log(
    `\n${label}: seeded ${BOOKS} books, ${BOOKS * RECORDS_PER_BOOK} signed records in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const server = startServer(PORT, serverEnv);
  const pid = server.pid as number;
  const rows: Row[] = [];
  try {
    await waitHealthy(PORT);
    const { token, userId } = await login();
    const routes = routesOf(target, userId);
    for (const route of routes) await load(token, target.tenantId, route, 10, 1); // warm-up

    const alone: Awaited<ReturnType<typeof load>>[] = [];
    for (const route of routes) {
      resetPeak(pid);
      const cpu0 = cpuMs(pid);
      const r = await load(token, target.tenantId, route, ALONE_CLIENTS, ALONE_SECONDS);
      const cpuPerReq = Math.round(((cpuMs(pid) - cpu0) / (r.rps * ALONE_SECONDS)) * 100) / 100;
      alone.push(r);
      rows.push({
        database: label,
        run: `alone, ${ALONE_CLIENTS} clients`,
        call: route.name,
        ...fmt(r),
        'server CPU ms/req': cpuPerReq,
        'peak RSS MB': peakRssMb(pid),
      });
      console.log(`  alone: ${route.name}: ${line(r)}, server CPU ${cpuPerReq} ms/req`);
    }

    // All together: the 200 clients split over the six calls, each call measured on its own.
    resetPeak(pid);
    const share = (i: number) => Math.floor(MIX_CLIENTS / routes.length) + (i < MIX_CLIENTS % routes.length ? 1 : 0);
    const mixed = await Promise.all(
      routes.map((route, i) => load(token, target.tenantId, route, share(i), MIX_SECONDS)),
    );
    const peak = peakRssMb(pid);
    const total = mixed.reduce((s, r) => ({ rps: s.rps + r.rps, errors: s.errors + r.errors }), { rps: 0, errors: 0 });
    for (const [i, route] of routes.entries()) {
      const r = mixed[i] as (typeof mixed)[number];
      rows.push({
        database: label,
        run: `mixed, ${MIX_CLIENTS} clients`,
        call: route.name,
        ...fmt(r),
        'server CPU ms/req': null,
        'peak RSS MB': peak,
      });
      console.log(`  mixed (${share(i)} clients): ${route.name}: ${line(r)}`);
    }
    console.log(`  mixed total: ${Math.round(total.rps)} req/s, errors ${total.errors}, peak RSS ${peak} MB`);
    // The target: each read at least 40 % of the reference's req/s, alone and mixed.
    for (const [run, list] of [
      ['alone', alone],
      ['mixed', mixed],
    ] as const) {
      const ref = (list[0] as (typeof list)[number]).rps;
      for (const [i, r] of list.entries()) {
        if (i === 0) continue;
        const row = rows.find((x) => x.call === routes[i]?.name && String(x.run).startsWith(run));
        if (row) row['% of users/{id}'] = Math.round((100 * r.rps) / ref);
        if (row) row.target = r.rps >= TARGET_SHARE * ref && r.errors === 0 ? 'met' : 'missed';
      }
    }
  } finally {
    await stop(server);
  }
  return rows;
}

const fmt = (r: { rps: number; p50: number; p99: number; errors: number }) => ({
  'req/s': Math.round(r.rps),
  'p50 ms': r.p50,
  'p99 ms': r.p99,
  errors: r.errors,
});
const line = (r: { rps: number; p50: number; p99: number; errors: number }) =>
  `${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}`;

export async function benchReads() {
  const results = await onEachDatabase('reads', benchOne, process.env.BENCH_READS_DB);
  console.log(
    `\nMixed reads: each alone at ${ALONE_CLIENTS} clients for ${ALONE_SECONDS} s, all together at ${MIX_CLIENTS} ` +
      `clients for ${MIX_SECONDS} s (target: every read ≥ ${TARGET_SHARE * 100} % of GET users/{id}, 0 errors)`,
  );
  console.table(results);
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchReads();
