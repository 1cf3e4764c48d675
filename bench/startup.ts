/**
 * The server's start on the embedded database: from the process's spawn to the first healthy /health, and the CPU
 * the process spent until then, median of BENCH_STARTS (7) restarts on a data dir that holds the demo. The server is
 * the production build of the sources at hand (bench/server.ts). A restart is what an update, a crash and every
 * test that starts a server pay.
 *
 * Alone: `node --import tsx bench/startup.ts`. With BENCH_START_AGAINST=<another checkout, with its node_modules> the
 * two are started in turns, each on a data dir of its own, and the ratio is what counts on a shared machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cpuTimes, median } from './harness';
import { startServer, stop, waitHealthy } from './server';

const PORT = Number(process.env.BENCH_PORT ?? 3970);
const STARTS = Number(process.env.BENCH_STARTS ?? 7);

const root = path.resolve(import.meta.dirname, '..');
const MAIN = 'apps/server/src/main.ts';

/** One start of a checkout's server on `dataDir`: until healthy, and its CPU until then. */
async function startOnce(checkout: string, dataDir: string) {
  const started = performance.now();
  const proc = startServer(
    PORT,
    { DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${PORT}` },
    path.join(checkout, MAIN),
  );
  try {
    await waitHealthy(PORT, 10);
    const ms = performance.now() - started;
    return { ms, cpuMs: cpuTimes([proc.pid as number]).get(proc.pid as number) ?? Number.NaN };
  } finally {
    await stop(proc);
  }
}

export async function benchStartup() {
  const checkouts = [root, ...(process.env.BENCH_START_AGAINST ? [path.resolve(process.env.BENCH_START_AGAINST)] : [])];
  const dataDirs = checkouts.map(() => mkdtempSync(path.join(tmpdir(), 'pruefbuch-start-')));
  try {
    // The first start migrates and seeds the demo: not measured.
    for (const [i, checkout] of checkouts.entries()) await startOnce(checkout, dataDirs[i] as string);
    const starts = checkouts.map(() => [] as { ms: number; cpuMs: number }[]);
    // In turns, so that a busy moment of the machine falls on both alike.
    for (let run = 0; run < STARTS; run++) {
      for (const [i, checkout] of checkouts.entries())
        starts[i]?.push(await startOnce(checkout, dataDirs[i] as string));
    }
    const medians = starts.map((s) => ({ ms: median(s.map((x) => x.ms)), cpuMs: median(s.map((x) => x.cpuMs)) }));
    for (const [i, m] of medians.entries()) {
      const who = checkouts.length > 1 ? ` [${i === 0 ? 'this checkout' : path.basename(checkouts[i] as string)}]` : '';
      console.log(
        `start on the embedded database (existing data dir) → healthy${who}: ${m.ms.toFixed(0)} ms, ${m.cpuMs} ms of CPU (median of ${STARTS})`,
      );
    }
    const [own, other] = medians as [{ ms: number; cpuMs: number }, { ms: number; cpuMs: number } | undefined];
    if (other)
      console.log(
        `this checkout / ${path.basename(checkouts[1] as string)}: time ${(own.ms / other.ms).toFixed(2)}, CPU ${(own.cpuMs / other.cpuMs).toFixed(2)}`,
      );
    return {
      call: 'server start → healthy (PGlite, existing data)',
      'median ms': Math.round(own.ms),
      'CPU ms': own.cpuMs,
    };
  } finally {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchStartup();
