/**
 * The fixed cost of a request (issue 30 item 1): the cheapest authenticated read, GET users/{id} on
 * PostgreSQL, beside a bare Fastify 5 route that answers a user of the same shape (bench/bare-fastify.ts),
 * and beside the same bare route reading the user with one prepared pg statement first (the floor of a
 * request with one round trip to the database), all at 20 clients in one run, in alternating rounds. The
 * figure is each server process's CPU time (user + system, from /proc) per request. Targets: GET users/{id}
 * ≤ 60 µs of CPU per request and ≤ 5 × the bare route's.
 * Run with `node --import tsx bench/fixed-cost.ts` (BENCH_SECONDS per round, default 10; BENCH_ROUNDS, 2).
 */
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { adminLogin, cpuPerRequest } from './harness';
import { demoServer, onEachDatabase, startServer, stop, waitHealthy } from './server';

const PORT = Number(process.env.BENCH_PORT ?? 3906);
const BARE_PORT = PORT + 1;
const FLOOR_PORT = PORT + 2;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = 20;
const TARGET_MICROS = 60;
const TARGET_RATIO = 5;

export async function benchFixedCost() {
  const rows = await onEachDatabase(
    'fixedcost',
    async (label, open, env) => {
      const server = await demoServer(open, PORT, env);
      const bare = startServer(BARE_PORT, {}, 'bench/bare-fastify.ts');
      const floor = env.DATABASE_URL
        ? startServer(FLOOR_PORT, { DATABASE_URL: env.DATABASE_URL }, 'bench/bare-fastify.ts')
        : null;
      try {
        await waitHealthy(PORT);
        await waitHealthy(BARE_PORT);
        if (floor) await waitHealthy(FLOOR_PORT);
        const login = await adminLogin(`http://127.0.0.1:${PORT}`);
        const path = `/api/v1/users/${login.userId}`;
        const auth = { authorization: `Bearer ${login.token}` };
        // Warm both up (JIT, the pool's connections), then measure in alternating rounds.
        await autocannon({
          url: `http://127.0.0.1:${PORT}${path}`,
          connections: CONNECTIONS,
          duration: 2,
          headers: auth,
        });
        await autocannon({ url: `http://127.0.0.1:${BARE_PORT}${path}`, connections: CONNECTIONS, duration: 2 });
        if (floor)
          await autocannon({ url: `http://127.0.0.1:${FLOOR_PORT}${path}`, connections: CONNECTIONS, duration: 2 });
        const results: Record<string, string | number>[] = [];
        for (let round = 1; round <= ROUNDS; round++) {
          const bareRun = await cpuPerRequest(
            bare.pid as number,
            `http://127.0.0.1:${BARE_PORT}${path}`,
            {},
            CONNECTIONS,
            DURATION,
          );
          const floorRun = floor
            ? await cpuPerRequest(
                floor.pid as number,
                `http://127.0.0.1:${FLOOR_PORT}${path}`,
                {},
                CONNECTIONS,
                DURATION,
              )
            : null;
          const appRun = await cpuPerRequest(
            server.pid as number,
            `http://127.0.0.1:${PORT}${path}`,
            auth,
            CONNECTIONS,
            DURATION,
          );
          results.push({
            database: label,
            round,
            'bare Fastify µs/req': bareRun.micros,
            'bare + 1 query µs/req': floorRun?.micros ?? '–',
            'GET users/{id} µs/req': appRun.micros,
            ratio: Math.round((appRun.micros / bareRun.micros) * 10) / 10,
            '× floor': floorRun ? Math.round((appRun.micros / floorRun.micros) * 10) / 10 : '–',
            'bare req/s': bareRun.rps,
            'API req/s': appRun.rps,
            'API p50 ms': appRun.p50,
            errors: bareRun.errors + appRun.errors + (floorRun?.errors ?? 0),
            [`≤ ${TARGET_MICROS} µs and ≤ ${TARGET_RATIO} × bare`]:
              appRun.micros <= TARGET_MICROS && appRun.micros <= TARGET_RATIO * bareRun.micros ? 'met' : 'missed',
          });
        }
        return results;
      } finally {
        await stop(bare);
        if (floor) await stop(floor);
        await stop(server);
      }
    },
    process.env.BENCH_ONLY ?? 'postgres',
  );
  console.log(`\nFixed cost per request: GET users/{id} beside a bare Fastify route, ${CONNECTIONS} clients`);
  console.table(rows);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchFixedCost();
