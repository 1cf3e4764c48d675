/**
 * The server's start on the embedded database: from the process's spawn to the first healthy /health, and the CPU
 * the process spent until then, median of BENCH_STARTS (7) restarts on a data dir that holds the demo. The server is
 * the production build of the sources at hand (bench/server.ts). A restart is what an update, a crash and every
 * test that starts a server pay.
 *
 * Alone: `node --import tsx bench/startup.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cpuTimes } from './harness';
import { startServer, stop } from './server';

const PORT = Number(process.env.BENCH_PORT ?? 3970);
const STARTS = Number(process.env.BENCH_STARTS ?? 7);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** Polls /health every 10 ms: the bench's usual 50 ms would round every start up to its step. */
async function healthyAfter(started: number) {
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/v1/health`)).ok) return performance.now() - started;
    } catch {}
    await new Promise((r) => setTimeout(r, 10));
  }
}

export async function benchStartup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pruefbuch-start-'));
  const env = { DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${PORT}` };
  try {
    // The first start migrates and seeds the demo: not measured.
    const first = startServer(PORT, env);
    await healthyAfter(performance.now());
    await stop(first);
    const starts: { ms: number; cpuMs: number }[] = [];
    for (let i = 0; i < STARTS; i++) {
      const started = performance.now();
      const proc = startServer(PORT, env);
      const ms = await healthyAfter(started);
      const cpuMs = cpuTimes([proc.pid as number]).get(proc.pid as number) ?? Number.NaN;
      starts.push({ ms, cpuMs });
      await stop(proc);
    }
    const ms = median(starts.map((s) => s.ms));
    const cpuMs = median(starts.map((s) => s.cpuMs));
    console.log(
      `start on the embedded database (existing data dir) → healthy: ${ms.toFixed(0)} ms, ${cpuMs} ms of CPU (median of ${STARTS})`,
    );
    return { call: 'server start → healthy (PGlite, existing data)', 'median ms': Math.round(ms), 'CPU ms': cpuMs };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchStartup();
