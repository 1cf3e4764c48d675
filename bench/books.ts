import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/demo/seed';
import { type BookListParams, listSql } from '../apps/server/src/modules/books/books.search';
import { onEachDatabase, startServer, stop, waitHealthy } from './server';

const PORT = 3901;
const base = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const TENANTS = 20;
const FOLDERS_PER_TENANT = 10;
const BOOKS_PER_TENANT = 5000;
const PAGE_SIZE = 20;

// ---------------------------------------------------------------------------------------------
// Data

const CUSTOMERS = [
  'Kaufhof',
  'Sparkasse',
  'Klinikum',
  'Volksbank',
  'Stadtwerke',
  'Rewe Markt',
  'Edeka Center',
  'Rathaus',
  'Finanzamt',
  'Amtsgericht',
  'Universität',
  'Seniorenzentrum',
  'Hotel am Main',
  'Parkhaus',
  'Einkaufszentrum',
  'Bürgerhaus',
  'Stadtbibliothek',
  'Polizeipräsidium',
  'Messehalle',
  'Hallenbad',
  'Ärztehaus',
  'Bürohaus',
  'Autohaus',
  'Baumarkt',
  'Kino',
];
const CITIES: [string, number][] = [
  ['Frankfurt am Main', 60311],
  ['Wiesbaden', 65183],
  ['Darmstadt', 64283],
  ['Mainz', 55116],
  ['Offenbach am Main', 63065],
  ['Hanau', 63450],
  ['Bad Homburg', 61348],
  ['Rüsselsheim', 65428],
  ['Gießen', 35390],
  ['Marburg', 35037],
  ['Fulda', 36037],
  ['Kassel', 34117],
];
const PLACES = ['Haupteingang', 'Nebeneingang', 'Tiefgarage', 'Lieferzone', 'Foyer', 'Treppenhaus', 'Notausgang'];
const MAKERS = ['GEZE GmbH', 'dormakaba Deutschland GmbH', 'record Türautomation GmbH', 'D+H Mechatronic AG'];
const text = (list: string[]) => `array[${list.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;

/** 20 tenants, 10 folders each, 5,000 books per tenant (500 per folder). */
async function seedBooks(db: Database['db']) {
  await db.execute(
    sql.raw(`insert into tenants (name, url)
      select 'Bench-Mandant ' || g, 'bench-' || lpad(g::text, 2, '0') from generate_series(1, ${TENANTS}) g`),
  );
  await db.execute(
    sql.raw(`insert into folders (tenant_id, folder_name)
      select t.id, 'Ordner ' || lpad(f::text, 2, '0') from tenants t cross join generate_series(1, ${FOLDERS_PER_TENANT}) f
      where t.url like 'bench-%'`),
  );
  await db.execute(
    sql.raw(`insert into books (tenant_id, folder_id, title, customer, typ, site, glasbocknr, manufacturer,
        manufacturer_no, order_no, objectaddress, next_inspection_date, inspection_ampel, serviceinterval,
        selfserviceinterval, status, active, updated_at)
      select tf.tenant_id,
        tf.fids[1 + g % ${FOLDERS_PER_TENANT}],
        c.customer || ' ' || c.city || ' – ' || (${text(PLACES)})[1 + g % ${PLACES.length}] || ' ' || g,
        c.customer || ' ' || c.city,
        'Slimdrive SL NT',
        (${text(PLACES)})[1 + g % ${PLACES.length}],
        'GB-' || (2000 + g % 25) || '-' || lpad(g::text, 5, '0'),
        (${text(MAKERS)})[1 + g % ${MAKERS.length}],
        'HN-' || lpad(((g * 7919) % 1000000)::text, 6, '0'),
        'AU-' || (2015 + g % 10) || '-' || lpad(((g * 31) % 100000)::text, 5, '0'),
        jsonb_build_object('_id', gen_random_uuid()::text, 'street', 'Hauptstraße', 'housenumber', (1 + g % 200)::text,
          'zip', c.zip, 'location', c.city, 'tel', '', 'email', '', 'homepage', '', 'country', 'DE'),
        current_date + (g % 700 - 200),
        (array['green','orange','red','black'])[1 + g % 4],
        12, 1, 1 + g % 7, g % 13 <> 0,
        now() - (g || ' minutes')::interval
      from (select t.id as tenant_id, array_agg(f.id order by f.folder_name) as fids
            from tenants t join folders f on f.tenant_id = t.id where t.url like 'bench-%' group by t.id) tf
      cross join generate_series(1, ${BOOKS_PER_TENANT}) g
      cross join lateral (select
          (${text(CUSTOMERS)})[1 + (g * 7 + ascii(tf.tenant_id::text)) % ${CUSTOMERS.length}] as customer,
          (${text(CITIES.map((c) => c[0]))})[1 + g % ${CITIES.length}] as city,
          ((array[${CITIES.map((c) => c[1]).join(',')}])[1 + g % ${CITIES.length}] + g % 20)::text as zip) c`),
  );
  // Steady state: statistics and the visibility map (index-only scans) as autovacuum would leave them.
  await db.execute(sql.raw('vacuum analyze books'));
}

interface Target {
  tenantId: string;
  url: string;
  folders: string[];
}

async function targetsOf(db: Database['db']): Promise<Target[]> {
  const rows = await db.execute<{ id: string; url: string; fids: string[] }>(
    sql.raw(`select t.id, t.url, array_agg(f.id order by f.folder_name) as fids from tenants t
      join folders f on f.tenant_id = t.id where t.url like 'bench-%' group by t.id, t.url order by t.url`),
  );
  const list = (Array.isArray(rows) ? rows : (rows as { rows: typeof rows }).rows) as {
    id: string;
    url: string;
    fids: string[];
  }[];
  return list.map((r) => ({ tenantId: r.id, url: r.url, folders: r.fids }));
}

// ---------------------------------------------------------------------------------------------
// Workloads: each a rotating list of calls, as an API path and as the SQL the API runs.

const SORTS = ['title', '-title', 'customer', '-updatedAt', 'glasbocknr'];
const TERMS = ['kaufhof', '65190', 'GB-2007', 'AU-2019-0', 'wiesbaden', 'klinikum', 'HN-0042', 'lieferzone', '4711'];

interface Call {
  tenantId: string;
  path: string;
  params: BookListParams;
}

function folderCalls(targets: Target[]): Call[] {
  const calls: Call[] = [];
  for (let i = 0; i < 400; i++) {
    const t = targets[i % targets.length] as Target;
    const folder = t.folders[Math.floor(i / targets.length) % t.folders.length] as string;
    const page = 1 + ((i * 7) % (BOOKS_PER_TENANT / FOLDERS_PER_TENANT / PAGE_SIZE));
    const sort = SORTS[i % SORTS.length] as string;
    calls.push({
      tenantId: t.tenantId,
      path: `/api/v1/tenants/url/${t.url}/${folder}/${page}/${sort}/${PAGE_SIZE}`,
      params: { folder, page, size: PAGE_SIZE, sort, tenantUrl: t.url },
    });
  }
  return calls;
}

function searchCalls(targets: Target[]): Call[] {
  const calls: Call[] = [];
  for (let i = 0; i < 400; i++) {
    const t = targets[i % targets.length] as Target;
    const search = TERMS[i % TERMS.length] as string;
    calls.push({
      tenantId: t.tenantId,
      path: `/api/v1/books?search=${encodeURIComponent(search)}&page=1&size=${PAGE_SIZE}&sort=title`,
      params: { search, page: 1, size: PAGE_SIZE, sort: 'title' },
    });
  }
  return calls;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] as number) : 0;
const ms = (n: number) => Math.round(n * 100) / 100;

/** The SQL of each call run straight through the driver by `concurrency` workers for the bench time. */
async function direct(database: Database, calls: Call[], concurrency: number, seconds: number) {
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const prepared = calls.map((c) => listSql(database.db, c.tenantId, c.params));
  // As the API does: on PostgreSQL a named statement per shape (planned once per connection).
  const run =
    database.kind === 'postgres'
      ? (q: (typeof prepared)[number]) => client.query({ name: q.name, text: q.sql, values: q.params })
      : (q: (typeof prepared)[number]) => client.query(q.sql, q.params);
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const q = prepared[next++ % prepared.length] as (typeof prepared)[number];
        const started = performance.now();
        await run(q);
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { p50: ms(percentile(latencies, 50)), p99: ms(percentile(latencies, 99)), rps: latencies.length / seconds };
}

async function api(token: string, calls: Call[], connections = CONNECTIONS, duration = DURATION) {
  let next = 0;
  const r = await autocannon({
    url: base,
    connections,
    duration,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const c = calls[next++ % calls.length] as Call;
          return { ...req, path: c.path, headers: { authorization: `Bearer ${token}`, 'x-tenant': c.tenantId } };
        },
      },
    ],
  });
  return { p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, errors: r.errors + r.non2xx };
}

// ---------------------------------------------------------------------------------------------
// Server

async function adminToken() {
  const res = await fetch(`${base}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'pruefbuch' }),
  });
  return ((await res.json()) as { token: string }).token;
}

type Row = Record<string, string | number>;

/** Seeds a fresh database, measures the floor, then the API on a server over the same data. */
async function benchOne(label: string, open: () => Promise<Database>, serverEnv: Record<string, string>) {
  const database = await open();
  const seeded = performance.now();
  await database.migrate();
  await seedDemo(database.db);
  await seedBooks(database.db);
  console.log(
    `\n${label}: seeded ${TENANTS * BOOKS_PER_TENANT} books in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );
  const targets = await targetsOf(database.db);
  const workloads: [string, Call[]][] = [
    ['folder book list (tenants/url/…)', folderCalls(targets)],
    ['book search (books?search=)', searchCalls(targets)],
  ];
  const floors = [];
  for (const [, calls] of workloads) {
    await direct(database, calls, 1, 1); // warm-up
    const single = await direct(database, calls, 1, Math.min(DURATION, 5));
    const loaded = await direct(database, calls, CONNECTIONS, DURATION);
    floors.push({ single, loaded });
  }
  await database.close();

  const server = startServer(PORT, serverEnv);
  const rows: Row[] = [];
  try {
    await waitHealthy(PORT);
    const token = await adminToken();
    for (const [i, [name, calls]] of workloads.entries()) {
      await api(token, calls.slice(0, 40)).catch(() => {}); // warm-up
      const alone = await api(token, calls, 1, Math.min(DURATION, 5));
      const r = await api(token, calls);
      const floor = floors[i] as (typeof floors)[number];
      const budget = 2 * floor.loaded.p50 + 2;
      const row: Row = {
        database: label,
        call: name,
        'API req/s': Math.round(r.rps),
        'API p50 ms': r.p50,
        'API p99 ms': r.p99,
        'SQL p50 ms (20 clients)': floor.loaded.p50,
        'SQL p99 ms (20 clients)': floor.loaded.p99,
        'SQL req/s (20 clients)': Math.round(floor.loaded.rps),
        'API p50 ms (1 client)': alone.p50,
        'SQL p50 ms (1 client)': floor.single.p50,
        errors: r.errors,
        target: r.p99 < 50 && r.p50 <= budget ? 'met' : `missed (p99 < 50, p50 ≤ ${ms(budget)})`,
      };
      console.log(
        `  ${name}: API ${row['API req/s']} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms; ` +
          `SQL p50 ${floor.loaded.p50} ms / p99 ${floor.loaded.p99} ms at ${CONNECTIONS} clients, ` +
          `alone API ${alone.p50} ms / SQL ${floor.single.p50} ms; non-2xx/errors ${r.errors}; target ${row.target}`,
      );
      rows.push(row);
    }
  } finally {
    await stop(server);
  }
  return rows;
}

export async function benchBooks() {
  const results = await onEachDatabase('books', benchOne);
  console.log(
    '\nBook lists at 20 concurrent clients (target on PostgreSQL: p99 < 50 ms, API p50 ≤ 2 × SQL p50 + 2 ms)',
  );
  console.table(results);
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchBooks();
