/**
 * Two compiled server processes behind nginx (the shipped docs/deploy config) on one PostgreSQL, with
 * files in an S3-protocol store and mail through an SMTP server: what docs/deploy.md promises.
 * Runs in the PostgreSQL run where Debian's nginx is installed (.ci/run installs it).
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Role } from '@pruefbuch/domain/roles';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceUrl } from '../test/database';
import { insertBook, insertTenant, insertUser, TEST_PASSWORD } from '../test/factories';
import { startSmtp } from '../test/mail';
import {
  compiledForTests,
  freePort,
  isReady,
  NGINX,
  nginxConfig,
  type Spawned,
  startCompiledServer,
  startNginx,
} from '../test/processes';
import { startTestS3 } from '../test/s3';
import { openDatabase } from './db/client';

const serverUrl = process.env.TEST_DATABASE_URL;
const SECRET = 'cluster-geheimnis-0123456789abcdef0123456789';
const procs: ChildProcess[] = [];
const dirs: string[] = [];
let databaseName = '';

const tempDir = (label: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `pb-cluster-${label}-`));
  dirs.push(dir);
  return dir;
};

async function ready(base: string) {
  if (!(await isReady(base))) throw new Error(`${base} did not become ready`);
}

const canRun = Boolean(serverUrl) && existsSync(NGINX);

describe.runIf(canRun)('two servers behind nginx on one PostgreSQL with S3 files', () => {
  let proxy = '';
  let url = '';
  const ports: number[] = [];
  let servers: Spawned[] = [];
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let env: NodeJS.ProcessEnv;
  let tenantId = '';
  let bookId = '';
  let compiled = '';
  let email = '';

  const startServer = (i: number) => {
    servers[i] = startCompiledServer(
      { ...env, PORT: String(ports[i]), DATA_DIR: tempDir(`data${i}`) },
      procs,
      compiled,
    );
  };

  beforeAll(async () => {
    compiled = compiledForTests();
    databaseName = `pb_cluster_${process.pid}`;
    const admin = new pg.Client({ connectionString: maintenanceUrl(serverUrl as string) });
    await admin.connect();
    await admin.query(`create database "${databaseName}"`);
    await admin.end();
    const dbUrl = new URL(serverUrl as string);
    dbUrl.pathname = `/${databaseName}`;
    url = dbUrl.toString();

    const s3 = await startTestS3();
    smtp = await startSmtp();
    ports.push(await freePort(), await freePort());
    const listen = await freePort();
    proxy = `http://127.0.0.1:${listen}`;
    env = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: url,
      APP_SECRET: SECRET,
      PUBLIC_URL: proxy,
      TRUST_PROXY: '1',
      WEB_DIST_DIR: '/nonexistent',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_RETRY_BASE_MS: '200',
      // Small pools: these servers run beside other test files on one PostgreSQL of 100 connections.
      DB_POOL_MAX: '4',
      ...s3.env,
    };
    servers = [];
    startServer(0);
    startServer(1);
    await Promise.all(ports.map((p) => ready(`http://127.0.0.1:${p}`)));

    const prefix = tempDir('nginx');
    const conf = nginxConfig(listen, ports, prefix);
    execFileSync(NGINX, ['-t', '-p', prefix, '-c', conf], { stdio: 'pipe' });
    startNginx(prefix, conf, procs);
    await ready(proxy);

    const database = await openDatabase({ url, dataDir: null });
    const tenant = await insertTenant(database.db, { name: 'Türservice Rhein-Main' });
    tenantId = tenant.id;
    const user = await insertUser(database.db, { role: Role.STANDARD_ROLE, tenantIds: [tenantId] });
    email = user.email;
    bookId = (await insertBook(database.db, tenantId, { title: 'Karusselltür Haupteingang' })).id;
    await database.close();
  }, 180_000);

  afterAll(async () => {
    // SIGTERM first: nginx's master then stops its workers (killed outright, they would live on).
    for (const p of procs) p.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1_000));
    for (const p of procs) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    if (!databaseName) return;
    const admin = new pg.Client({ connectionString: maintenanceUrl(serverUrl as string) });
    await admin.connect();
    await admin.query(`drop database if exists "${databaseName}" with (force)`);
    await admin.end();
  });

  const signIn = async (base: string) => {
    const res = await fetch(`${base}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  };
  const upload = (base: string, token: string, content: Buffer, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([content], { type: 'application/pdf' }), name);
    return fetch(`${base}/api/v1/books/${bookId}/document`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-tenant': tenantId },
      body: form,
    });
  };
  const download = (base: string, token: string, blobId: string) =>
    fetch(`${base}/api/v1/blobs/${blobId}/document/download`, {
      headers: { authorization: `Bearer ${token}`, 'x-tenant': tenantId },
    });
  const pdf = () => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2048), Buffer.from('\n%%EOF\n')]);

  it('signs in through one server, uploads through the proxy, downloads through the other', async () => {
    const direct = (i: number) => `http://127.0.0.1:${ports[i]}`;
    const token = await signIn(direct(0));
    const content = pdf();
    const res = await upload(proxy, token, content, 'Wartungsprotokoll.pdf');
    expect(res.status).toBe(201);
    const { blob } = (await res.json()) as { blob: { _id: string } };
    for (const base of [direct(0), direct(1), proxy]) {
      const got = await download(base, token, blob._id);
      expect(got.status).toBe(200);
      expect(Buffer.from(await got.arrayBuffer()).equals(content)).toBe(true);
    }
    // The proxy's request id reaches the server and comes back.
    expect((await fetch(`${proxy}/api/v1/health`)).headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sends each mail once, though both servers run the mail worker', async () => {
    const before = smtp.received.filter((m) => m.to.includes(email)).length;
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${proxy}/api/v1/users/reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(res.status).toBe(200);
    }
    const until = Date.now() + 20_000;
    while (Date.now() < until && smtp.received.filter((m) => m.to.includes(email)).length < before + 4) {
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, 1_500));
    expect(smtp.received.filter((m) => m.to.includes(email)).length).toBe(before + 4);
  }, 40_000);

  it('kill -9 of one server during writes loses nothing acknowledged; both come back', async () => {
    const token = await signIn(proxy);
    const acknowledged: { id: string; content: Buffer }[] = [];
    let refused = 0;
    let stop = false;
    const writer = async () => {
      while (!stop) {
        const content = pdf();
        const res = await upload(proxy, token, content, 'Prüfbericht.pdf').catch(() => null);
        if (res?.status === 201)
          acknowledged.push({ id: ((await res.json()) as { blob: { _id: string } }).blob._id, content });
        else refused++;
      }
    };
    const writers = [writer(), writer(), writer()];
    await new Promise((r) => setTimeout(r, 1_500));
    servers[0]?.proc.kill('SIGKILL');
    await servers[0]?.exited;
    await new Promise((r) => setTimeout(r, 1_500));
    startServer(0);
    await ready(`http://127.0.0.1:${ports[0]}`);
    await new Promise((r) => setTimeout(r, 500));
    stop = true;
    await Promise.all(writers);

    expect(acknowledged.length).toBeGreaterThan(10);
    for (const { id, content } of acknowledged) {
      const got = await download(proxy, token, id);
      expect(got.status).toBe(200);
      expect(Buffer.from(await got.arrayBuffer()).equals(content)).toBe(true);
    }
    for (const port of ports) expect((await fetch(`http://127.0.0.1:${port}/api/v1/ready`)).status).toBe(200);
    // Writes refused while the server died are the client's to repeat; none was half-kept.
    expect(refused).toBeLessThan(acknowledged.length);
  }, 120_000);
});
