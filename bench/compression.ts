/**
 * Compressed replies (issue 30 item 4, decision 045): the demo's 20-row order page, its size plain, in
 * brotli at each quality and in gzip at each level, and the CPU time each takes per reply (median of
 * rounds of compressions one after the other). The server uses brotli at BROTLI_QUALITY and gzip at GZIP_LEVEL
 * (platform/compression.ts); the figures show what each choice costs against what it saves.
 * Run with `node --import tsx bench/compression.ts` (BENCH_COMPRESS_RUNS, default 300 per setting).
 */
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/client';
import { tenants } from '../apps/server/src/db/schema/index';
import { seedDemo } from '../apps/server/src/demo/seed';
import { BROTLI_QUALITY, GZIP_LEVEL } from '../apps/server/src/platform/compression';
import { loadConfig } from '../apps/server/src/platform/config';

const RUNS = Number(process.env.BENCH_COMPRESS_RUNS ?? 300);

/** The demo's first order page of 20 as the API sends it uncompressed. */
async function orderPage(): Promise<Buffer> {
  const database = await openDatabase({ dataDir: null });
  await database.migrate();
  await seedDemo(database.db);
  const app = await buildApp(
    loadConfig({
      DATA_DIR: '/tmp',
      NODE_ENV: 'test',
      APP_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      WEB_DIST_DIR: '/nonexistent',
    }),
    database,
  );
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: 'admin@demo.test', password: 'pruefbuch' },
    });
    const [tenant] = await database.db.select().from(tenants).where(eq(tenants.url, 'rhein-main'));
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/orders/getVkidOrders/all?page=1&size=20',
      headers: { authorization: `Bearer ${login.json().token}`, 'x-tenant': tenant?.id ?? '' },
    });
    if (res.statusCode !== 200) throw new Error(`order page: ${res.statusCode} ${res.body}`);
    return res.rawPayload;
  } finally {
    await app.close();
    await database.close();
  }
}

/** Median CPU microseconds of one compression, over RUNS compressions in rounds of 10. */
function timed(compress: () => Buffer) {
  const rounds: number[] = [];
  let size = 0;
  for (let r = 0; r < RUNS / 10; r++) {
    const cpu = process.cpuUsage();
    for (let i = 0; i < 10; i++) size = compress().length;
    const used = process.cpuUsage(cpu);
    rounds.push((used.user + used.system) / 10);
  }
  rounds.sort((a, b) => a - b);
  return { size, cpuMicros: Math.round(rounds[Math.floor(rounds.length / 2)] ?? 0) };
}

export async function benchCompression() {
  const page = await orderPage();
  const rows: Record<string, string | number>[] = [{ encoding: 'none', bytes: page.length, 'CPU µs/reply': 0 }];
  for (const quality of [1, 3, 4, 5, 6, 9, 11]) {
    const { size, cpuMicros } = timed(() =>
      brotliCompressSync(page, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: page.length,
        },
      }),
    );
    rows.push({
      encoding: `br q${quality}${quality === BROTLI_QUALITY ? ' (server)' : ''}`,
      bytes: size,
      'CPU µs/reply': cpuMicros,
    });
  }
  for (const level of [1, 6, 9]) {
    const { size, cpuMicros } = timed(() => gzipSync(page, { level }));
    rows.push({
      encoding: `gzip ${level}${level === GZIP_LEVEL ? ' (server)' : ''}`,
      bytes: size,
      'CPU µs/reply': cpuMicros,
    });
  }
  console.log(`\nCompressed replies: the demo's 20-row order page, ${RUNS} compressions per setting`);
  console.table(rows);
  const server = rows.filter((r) => String(r.encoding).endsWith('(server)')).at(-1);
  console.log(
    `  target: a 20-row order page ≤ 10 KB compressed: ${Number(server?.bytes) <= 10_240 ? 'met' : 'missed'}`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchCompression();
