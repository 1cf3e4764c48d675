/** Server processes and their neighbours (nginx) for the tests and benches that run them as an operator would. */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const NGINX = '/usr/sbin/nginx';

/** A port that was free a moment ago. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

export interface Spawned {
  proc: ChildProcess;
  /** Resolves with the exit code and everything the process wrote. */
  exited: Promise<{ code: number | null; output: string }>;
  output: () => string;
}

/** Starts a command in the repository's root, keeping its stdout and stderr; `all` collects it for killing. */
export function spawnLogged(command: string, args: string[], env: NodeJS.ProcessEnv, all?: ChildProcess[]): Spawned {
  const proc = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  all?.push(proc);
  let output = '';
  const keep = (c: Buffer) => {
    output += String(c);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; output: string }>((resolve) =>
    proc.once('exit', (code) => resolve({ code, output })),
  );
  return { proc, exited, output: () => output };
}

/**
 * The compiled server, as systemd runs it: apps/server/dist/main.js (made by apps/server/build.mjs), or the tests'
 * build of the sources at hand (compiledForTests).
 */
export const startCompiledServer = (env: NodeJS.ProcessEnv, all?: ChildProcess[], main = 'apps/server/dist/main.js') =>
  spawnLogged(process.execPath, [main], env, all);

const serverDir = path.join(repoRoot, 'apps/server');
const distDir = path.join(serverDir, 'dist');
/** A test build not used for a day is removed (a run still using one touches it on each use). */
const STALE_BUILD_MS = 24 * 3600_000;

/**
 * A digest of what goes into the server's bundle: its sources and the domain's (tests aside), the build script,
 * the packages' manifests and TypeScript settings, and the lockfile (the versions of what is bundled in and of
 * esbuild itself).
 */
function sourcesDigest() {
  const hash = createHash('sha256');
  for (const dir of ['apps/server/src', 'packages/domain/src']) {
    const files = (readdirSync(path.join(repoRoot, dir), { recursive: true }) as string[])
      .filter((f) => /\.(ts|sql|json)$/.test(f) && !/\.test\.ts$/.test(f))
      .sort();
    for (const file of files) hash.update(`${dir}/${file}\n`).update(readFileSync(path.join(repoRoot, dir, file)));
  }
  for (const file of [
    'apps/server/build.mjs',
    'apps/server/package.json',
    'apps/server/tsconfig.json',
    'packages/domain/package.json',
    'tsconfig.base.json',
    'package-lock.json',
  ]) {
    const full = path.join(repoRoot, file);
    if (existsSync(full)) hash.update(`${file}\n`).update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The server compiled by apps/server/build.mjs from the sources at hand, built once and run by every test file
 * while they are unchanged (a process started from it skips the TypeScript loader: about 3 s of CPU each). It lies
 * below apps/server/dist/, where the bundle finds its migrations, in a folder named by the sources' digest. A
 * build goes to a folder of its own ('.building-…') and is renamed into place, so nobody runs half of one; workers
 * that miss it at the same moment each build, and the first rename wins. Returns the path of its main.js, relative
 * to the repository (spawnLogged's working directory).
 */
export function compiledForTests(): string {
  const name = `test-${sourcesDigest()}`;
  const dir = path.join(distDir, name);
  const main = path.join(dir, 'main.js');
  if (existsSync(main)) {
    // In use: not stale for another day.
    const now = new Date();
    utimesSync(dir, now, now);
  } else {
    const aside = `.building-${name}-${process.pid}-${Date.now()}`;
    execFileSync(process.execPath, ['apps/server/build.mjs'], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, PRUEFBUCH_BUILD_OUTDIR: `dist/${aside}` },
    });
    try {
      renameSync(path.join(distDir, aside), dir);
    } catch (error) {
      rmSync(path.join(distDir, aside), { recursive: true, force: true });
      // Another worker put the same build in place first; anything else is a failure.
      if (!existsSync(main)) throw error;
    }
    for (const old of readdirSync(distDir)) {
      const stale = path.join(distDir, old);
      const age = Date.now() - (statSync(stale, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if ((old.startsWith('test-') || old.startsWith('.building-')) && old !== name && age > STALE_BUILD_MS)
        rmSync(stale, { recursive: true, force: true });
    }
  }
  return path.relative(repoRoot, main);
}

/** Waits until /api/v1/ready answers 200; false after the timeout. */
export async function isReady(base: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (
      await fetch(`${base}/api/v1/ready`).then(
        (r) => r.status === 200,
        () => false,
      )
    )
      return true;
    await new Promise((r) => setTimeout(r, 150));
  }
  return false;
}

/**
 * The shipped site config (docs/deploy/nginx-pruefbuch.conf) with these upstream ports, plain HTTP on
 * `listen` (the HTTPS redirect and the TLS lines are for a real host), in a prefix of its own.
 * Returns the nginx.conf to start with `nginx -p prefix -c conf`.
 */
export function nginxConfig(listen: number, upstreams: number[], prefix: string) {
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(path.join(prefix, sub), { recursive: true });
  let site = readFileSync(path.join(repoRoot, 'docs/deploy/nginx-pruefbuch.conf'), 'utf8');
  site = site.replace(/\s*server 127\.0\.0\.1:300\d[^\n]*\n/g, '\n');
  site = site.replace(
    'keepalive 32;',
    `${upstreams.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n    ')}\n    keepalive 32;`,
  );
  site = site.replace(/server \{\s*listen 80;[\s\S]*?return 301[^\n]*\n\}\n/, '');
  site = site.replace(/listen 443 ssl http2;\n\s*listen \[::\]:443 ssl http2;/, `listen 127.0.0.1:${listen};`);
  site = site.replace(/\s*include \/etc\/nginx\/snippets\/pruefbuch-tls\.conf;/, '');
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${prefix}/access.log;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  ${site}
}
`,
  );
  return conf;
}

/** nginx in the foreground with the config of nginxConfig. */
export const startNginx = (prefix: string, conf: string, all?: ChildProcess[]) =>
  spawnLogged(NGINX, ['-p', prefix, '-c', conf, '-g', 'daemon off;'], process.env, all);
