/** The server process a bench drives: started on its own port, awaited until healthy, stopped with its group. */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export function startServer(port: number, env: Record<string, string>): ChildProcess {
  return spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '1000000', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
}

export async function waitHealthy(port: number) {
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('server did not become healthy');
}

export async function stop(proc: ChildProcess) {
  if (proc.pid) process.kill(-proc.pid, 'SIGTERM');
  await new Promise((r) => proc.once('exit', r));
}
