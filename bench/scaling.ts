/**
 * How the embedded database scales with its clients (issue 30 item 6), beside PostgreSQL: on the demo
 * data, a cheap read (GET users/{id}) and a screen's list (GET customerlocation, the branch list of a
 * tenant: 20 rows with their ampels), and a screen that saves (a new folder, then the branch list four
 * times) at 1, 2, 5, 10 and 20 clients. Per step: req/s, p50 and p99, and
 * the server's CPU per request (on PGlite the database runs inside that process, so it is all of it).
 * docs/operations/embedded-or-postgresql.md reads these figures.
 * Run with `node --import tsx bench/scaling.ts` (BENCH_SECONDS per step, default 8; BENCH_ONLY=pglite
 * or postgres for one of them).
 */
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { adminLogin, cpuPerRequest } from './harness';
import { demoServer, onEachDatabase, stop, waitHealthy } from './server';

const PORT = Number(process.env.BENCH_PORT ?? 3908);
const base = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CLIENTS = [1, 2, 5, 10, 20];

interface Row {
  database: string;
  call: string;
  clients: number;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'server CPU µs/req': number;
  errors: number;
}

async function firstTenant(token: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/users/me`, { headers: { authorization: `Bearer ${token}` } });
  const me = (await res.json()) as { tenants: string[] };
  const tenant = me.tenants[0];
  if (tenant) return tenant;
  const all = await fetch(`${base}/api/v1/tenants`, { headers: { authorization: `Bearer ${token}` } });
  const list = (await all.json()) as { docs?: { _id: string }[] } | { _id: string }[];
  const docs = Array.isArray(list) ? list : (list.docs ?? []);
  if (!docs[0]) throw new Error('the demo has no tenant');
  return docs[0]._id;
}

export async function benchScaling() {
  const rows = await onEachDatabase(
    'scaling',
    async (label, open, env) => {
      const server = await demoServer(open, PORT, env);
      const results: Row[] = [];
      try {
        await waitHealthy(PORT);
        const login = await adminLogin(base);
        const auth = { authorization: `Bearer ${login.token}` };
        const tenant = await firstTenant(login.token);
        const list = '/api/v1/customerlocation?page=1&size=20';
        const inTenant = { ...auth, 'x-tenant': tenant };
        // A write between reads: on PostgreSQL each write empties the process's kept session checks
        // (decision 047), so the reads after it look their session up again; on PGlite only a write to
        // accounts, sessions or tenants does.
        const saving: autocannon.Request[] = [
          {
            method: 'POST',
            path: `/api/v1/folder/tenant/${tenant}`,
            headers: { ...inTenant, 'content-type': 'application/json' },
            body: JSON.stringify({ folderName: 'Lastprobe' }),
          },
          ...Array.from({ length: 4 }, () => ({ method: 'GET' as const, path: list, headers: inTenant })),
        ];
        const calls: [string, string, Record<string, string>, autocannon.Request[]?][] = [
          ['GET users/{id}', `/api/v1/users/${login.userId}`, auth],
          ['GET customerlocation (20 rows)', list, inTenant],
          ['POST folder, then GET customerlocation × 4', list, inTenant, saving],
        ];
        for (const [call, path, headers, requests] of calls) {
          const check = await fetch(`${base}${path}`, { headers });
          if (!check.ok) throw new Error(`${call}: ${check.status} ${await check.text()}`);
          await autocannon({ url: `${base}${path}`, connections: 4, duration: 2, headers });
          for (const clients of CLIENTS) {
            const r = await cpuPerRequest(server.pid as number, `${base}${path}`, headers, clients, DURATION, requests);
            const row: Row = {
              database: label,
              call,
              clients,
              'req/s': r.rps,
              'p50 ms': r.p50,
              'p99 ms': r.p99,
              'server CPU µs/req': r.micros,
              errors: r.errors,
            };
            console.log(`  ${JSON.stringify(row)}`);
            results.push(row);
          }
        }
        return results;
      } finally {
        await stop(server);
      }
    },
    process.env.BENCH_ONLY,
  );
  console.log(`\nScaling with the clients: the embedded database beside PostgreSQL (${DURATION} s per step)`);
  console.table(rows);
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchScaling();
