import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const PORT = Number(process.env.E2E_PORT ?? 3950);
const root = path.resolve(import.meta.dirname, '../../..');

/** Starts the server on the built web app with a fresh embedded database seeded with the demo data. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pruefbuch-e2e-'));
  const server: ChildProcess = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${PORT}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) break;
    } catch {}
    if (i > 600) throw new Error('e2e server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  project.provide('baseUrl', baseUrl);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
