/**
 * What the API benches share: a workload is a rotating list of calls, each an API path and the SQL
 * statements the API sends for it. `direct` replays the statements straight on the database (the
 * SQL floor), `loadApi` sends the paths through the running server with autocannon.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Database, Db } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema/index';

export interface Statement {
  sql: string;
  params: unknown[];
  /** A prepared statement's name: replayed under it, so PostgreSQL plans it once per connection as for the API. */
  name?: string;
}
export interface Call {
  path: string;
  statements: Statement[];
}

type Query = string | { name?: string; text: string; values?: unknown[] };
type Client = { query: (q: Query, values?: unknown[]) => Promise<unknown> };

/**
 * A Drizzle database on a driver that records every statement, with a prepared statement's name: the
 * repository functions build exactly the SQL they send on the server, and the bench replays it. Without
 * `client` it answers no rows; with one (a database's pool) it sends each statement on, so a call's later
 * statements are recorded with what the earlier ones answered.
 */
export function recorder(client?: Client) {
  const sent: Statement[] = [];
  const driver = {
    query: async (q: Query, values?: unknown[]) => {
      sent.push(
        typeof q === 'string'
          ? { sql: q, params: values ?? [] }
          : { sql: q.text, params: q.values ?? values ?? [], ...(q.name ? { name: q.name } : {}) },
      );
      return client ? client.query(q, values) : { rows: [], fields: [], rowCount: 0, command: 'SELECT' };
    },
  };
  const db = drizzle(driver as never, { schema }) as unknown as Db;
  const take = () => sent.splice(0, sent.length);
  return { db, take };
}

export const qs = (q: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(q).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]])),
  ).toString();

export const rowsOf = <T>(r: unknown) => (Array.isArray(r) ? r : ((r as { rows: T[] }).rows ?? [])) as T[];

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] as number) : 0;
/** The middle value of `xs` (the upper one of an even count), as the browser and start-up benches report. */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
export const ms = (n: number) => Math.round(n * 100) / 100;

/** The statements of each call, one after the other as the API sends them, by `concurrency` workers. */
export async function direct(database: Database, work: Call[], concurrency: number, seconds: number) {
  const client = (
    database.db as unknown as {
      $client: { query: (t: string | { name: string; text: string }, v: unknown[]) => Promise<unknown> };
    }
  ).$client;
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const c = work[next++ % work.length] as Call;
        const started = performance.now();
        for (const s of c.statements) await client.query(s.name ? { name: s.name, text: s.sql } : s.sql, s.params);
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { p50: ms(percentile(latencies, 50)), p99: ms(percentile(latencies, 99)), rps: latencies.length / seconds };
}

/** The API under load: `connections` clients for `duration` seconds, each taking the next call of the workload. */
export async function loadApi(
  base: string,
  token: string,
  tenantId: string,
  work: Call[],
  connections: number,
  duration: number,
) {
  let next = 0;
  const r = await autocannon({
    url: base,
    connections,
    duration,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({
          ...req,
          path: (work[next++ % work.length] as Call).path,
          headers: { authorization: `Bearer ${token}`, 'x-tenant': tenantId },
        }),
      },
    ],
  });
  return { p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, errors: r.errors + r.non2xx };
}

export type Floor = Awaited<ReturnType<typeof direct>>;

/** The SQL floor of every workload, alone (one client) and loaded, with no server running. */
export async function floorsOf(
  database: Database,
  workloads: [string, Call[]][],
  connections: number,
  duration: number,
): Promise<Map<string, { alone: Floor; loaded: Floor }>> {
  const floors = new Map<string, { alone: Floor; loaded: Floor }>();
  for (const [name, work] of workloads) {
    await direct(database, work, 1, 1);
    const alone = await direct(database, work, 1, Math.min(duration, 5));
    floors.set(name, { alone, loaded: await direct(database, work, connections, duration) });
  }
  return floors;
}

/** The demo admin signed in on the server at `base`: its token and its user id. */
export async function adminLogin(base: string): Promise<{ token: string; userId: string }> {
  const res = await fetch(`${base}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'pruefbuch' }),
  });
  return (await res.json()) as { token: string; userId: string };
}

/** A token of the demo admin on the server at `base`. */
export const adminToken = async (base: string): Promise<string> => (await adminLogin(base)).token;

/**
 * The server process `pid`'s CPU per request (µs) while `connections` clients call `url` for `seconds`,
 * with the run's throughput, p50, p99 and errors (non-2xx answers among them).
 */
export async function cpuPerRequest(
  pid: number,
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
  /** A sequence each client repeats instead of GET `url` (autocannon's `requests`). */
  sequence?: autocannon.Request[],
) {
  const before = cpuTimes([pid]).get(pid) ?? 0;
  const r = await autocannon({
    url,
    connections,
    duration: seconds,
    headers,
    ...(sequence ? { requests: sequence } : {}),
  });
  const after = cpuTimes([pid]).get(pid) ?? 0;
  const requests = r.requests.total;
  return {
    micros: requests ? Math.round(((after - before) * 1000) / requests) : Number.NaN,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

/** CPU time (user + system, ms) each process has used so far, from /proc (Linux; empty elsewhere). */
export function cpuTimes(pids: number[]) {
  const times = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime (fields 14 and 15) in clock ticks of 10 ms.
      times.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {}
  }
  return times;
}

/**
 * Issue 30's target for the evaluations (kept figures, decision 046): p50 ≤ 20 ms and p99 < 50 ms at 20
 * clients, without errors; other calls have none ('–').
 */
export const evaluationTarget = (name: string, r: { p50: number; p99: number; errors: number }) =>
  !name.startsWith('evaluation') ? '–' : r.p50 <= 20 && r.p99 < 50 && r.errors === 0 ? 'met' : 'missed';

/** Records when `selector` first shows, in the page's own clock (from its navigation start). */
export const shownProbe = (selector: string) => `
  (() => {
    const seen = () => {
      if (window.__shownAt !== undefined || !document.querySelector(${JSON.stringify(selector)})) return;
      window.__shownAt = -1;
      requestAnimationFrame(() => { window.__shownAt = performance.now(); });
    };
    new MutationObserver(seen).observe(document, { childList: true, subtree: true });
  })();`;
