/**
 * `npm run backup` and `npm run restore` as an operator runs them: on the embedded database held by
 * a running server (the backup goes through the server's loopback route), on one no server holds,
 * and on PostgreSQL; the loopback route's refusals.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Role } from '@pruefbuch/domain/roles';
import { describe, expect, it } from 'vitest';
import { insertTenant, insertUser, TEST_PASSWORD } from '../../test/factories';
import { emptyPlace, writer } from '../../test/fixtures/backup';
import { multipart, samples } from '../../test/fixtures/documents';
import { createTestApp, PUBLIC_URL, pgliteDataDirIn } from '../../test/helper';
import { tempDir } from '../../test/temp-dir';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { blobs } from '../db/schema/index';
import { loadConfig } from '../platform/config';
import { lockDataDir } from '../platform/data-dir-lock';
import { backupCommand } from './backup-command';
import { BACKUP_URL, SIGNATURE_HEADER, signBackupRequest } from './loopback';
import { RestoreRefused, verifyArchive } from './restore';
import { restoreCommand } from './restore-command';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const dir = tempDir('pb-backup-');

/** What a command printed. */
function lines() {
  const said: string[] = [];
  return { said, say: (line: string) => said.push(line), text: () => said.join('\n') };
}

describe('the loopback backup route', async () => {
  const t = await createTestApp();
  const w = await writer(t);
  const book = await w.book('Karusselltür');
  await w.document(book);
  const post = (headers: Record<string, string>, remoteAddress?: string) =>
    t.app.inject({ method: 'POST', url: BACKUP_URL, headers, ...(remoteAddress ? { remoteAddress } : {}) });
  const signed = () => ({ [SIGNATURE_HEADER]: signBackupRequest(t.config.appSecret) });

  it('answers a signed request from this machine with the archive, once per signature', async () => {
    const header = signed();
    const res = await post(header);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    const manifest = await verifyArchive(Readable.from([res.rawPayload]));
    expect(manifest.files.length).toBeGreaterThan(0);
    expect((await post(header)).statusCode).toBe(404);
  });

  it('is an unknown path to anyone else, and missing from the API description', async () => {
    expect((await post({})).statusCode).toBe(404);
    expect(
      (await post({ [SIGNATURE_HEADER]: signBackupRequest('another-secret-that-is-long-enough-012345') })).statusCode,
    ).toBe(404);
    const old = signBackupRequest(t.config.appSecret, Date.now() - 5 * 60_000);
    expect((await post({ [SIGNATURE_HEADER]: old })).statusCode).toBe(404);
    expect((await post(signed(), '192.0.2.10')).statusCode).toBe(404);
    // A proxy on this machine connects from loopback too: a forwarded request is refused.
    expect((await post({ ...signed(), 'x-forwarded-for': '192.0.2.10' })).statusCode).toBe(404);
    const openapi = await t.api({ method: 'GET', url: '/openapi.json' });
    expect(openapi.body).not.toContain('ops/backup');
  });
});

describe.skipIf(onPostgres)('npm run backup and restore on the embedded database', () => {
  const dataDir = path.join(dir, 'running');
  // No APP_SECRET: the embedded database's secret is generated into its data dir.
  const env = { DATA_DIR: dataDir, NODE_ENV: 'test', HOST: '127.0.0.1', WEB_DIST_DIR: '/nonexistent', PUBLIC_URL };
  const file = path.join(dir, 'embedded.tar.gz');
  const made: { token: string; tenantId: string; blobId: string; content: Buffer; secret: string } = {
    token: '',
    tenantId: '',
    blobId: '',
    content: Buffer.alloc(0),
    secret: '',
  };

  it('backs up through the server that holds the data dir, or directly when no server runs', async () => {
    pgliteDataDirIn(dataDir, 'migrated');
    const database = await openDatabase({ dataDir });
    const config = loadConfig(env);
    const release = await lockDataDir(dataDir);
    // The command runs in this process; a lock naming this pid would count as left over from an earlier
    // run and be taken over, so the holder named is another live process, as a real server would be.
    writeFileSync(path.join(dataDir, 'server.pid'), String(process.ppid));
    const app = await buildApp(config, database);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = String((app.server.address() as AddressInfo).port);
    const tenant = await insertTenant(database.db);
    const user = await insertUser(database.db, { role: Role.STANDARD_ROLE, tenantIds: [tenant.id] });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const token = login.json().token as string;
    const content = samples.pdf();
    const body = multipart({}, { name: 'bericht.pdf', content });
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/v1/blobs',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}`, 'x-tenant': tenant.id },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    Object.assign(made, { token, tenantId: tenant.id, blobId: uploaded.json()._id, content, secret: config.appSecret });

    const viaServer = lines();
    try {
      const { manifest } = await backupCommand(['--out', file], { ...env, PORT: port }, viaServer.say);
      expect(viaServer.text()).toContain('holds the database');
      expect(manifest.appSecretIncluded).toBe(true);
      expect(manifest.files).toHaveLength(1);
    } finally {
      await app.close();
      await database.close();
      await release();
    }

    // No server now: the command opens the database itself.
    const direct = lines();
    await backupCommand(['--out', path.join(dir, 'direct.tar.gz')], env, direct.say);
    expect(direct.text()).not.toContain('holds the database');
  });

  // Two restores and a server on PGlite, each migrating the embedded database: a minute on a busy machine.
  it('restores into an empty data dir with the generated secret, refuses to overwrite unless forced', async () => {
    const restoredDir = path.join(dir, 'restored');
    const restoreEnv = { ...env, DATA_DIR: restoredDir };
    const restored = lines();
    await restoreCommand([file], restoreEnv, restored.say);
    expect(restored.text()).toMatch(/users\s+1\b/);
    expect(restored.text()).toContain('is the one the backup was made with');
    expect(readFileSync(path.join(restoredDir, '.app-secret'), 'utf8')).toBe(made.secret);

    // A server on the restored data dir: the same secret, the session, the document.
    const again = await openDatabase({ dataDir: restoredDir });
    const restoredApp = await buildApp(loadConfig(restoreEnv), again);
    try {
      const res = await restoredApp.inject({
        method: 'GET',
        url: `/api/v1/blobs/${made.blobId}/document/download`,
        headers: { authorization: `Bearer ${made.token}`, 'x-tenant': made.tenantId },
      });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(made.content)).toBe(true);
    } finally {
      await restoredApp.close();
      await again.close();
    }

    await expect(restoreCommand([file], restoreEnv, () => {})).rejects.toThrow(RestoreRefused);
    const forced = lines();
    await restoreCommand([file, '--force'], restoreEnv, forced.say);
    expect(forced.text()).toContain('Restored');
    const checked = lines();
    await restoreCommand([file, '--check'], {}, checked.say);
    expect(checked.text()).toContain('The archive is whole');
  }, 120_000);
});

describe.runIf(onPostgres)('npm run backup and restore on PostgreSQL', () => {
  it('backs up the database directly and restores into an empty one, checking APP_SECRET', async () => {
    const source = await emptyPlace();
    const target = await emptyPlace();
    try {
      await source.database.migrate();
      const tenant = await insertTenant(source.database.db);
      await insertUser(source.database.db, { tenantIds: [tenant.id] });
      const stored = await source.files.put(Readable.from([samples.pdf()]));
      await source.database.db.insert(blobs).values({
        tenantId: tenant.id,
        sha256: stored.sha256,
        size: stored.size,
        contentType: 'application/pdf',
        fileName: 'bericht.pdf',
      });
      const secret = 'a-secret-of-the-postgres-installation-0123';
      const file = path.join(dir, 'postgres.tar.gz');
      const made = await backupCommand(
        ['--out', file],
        { ...source.env, APP_SECRET: secret, NODE_ENV: 'test' },
        () => {},
      );
      expect(made.manifest.database).toBe('postgres');
      expect(made.manifest.appSecretIncluded).toBe(false);
      expect(made.manifest.files).toEqual([{ sha256: stored.sha256, size: stored.size }]);

      const env = { ...target.env, APP_SECRET: secret, NODE_ENV: 'test' };
      const restored = lines();
      await restoreCommand([file], env, restored.say);
      expect(restored.text()).toMatch(/users\s+1\b/);
      expect(restored.text()).toContain('is the one the backup was made with');
      expect(await target.files.exists(stored.sha256)).toBe(true);
      await expect(restoreCommand([file], env, () => {})).rejects.toThrow(RestoreRefused);
      const other = lines();
      await restoreCommand([file, '--force'], { ...env, APP_SECRET: 'x'.repeat(40) }, other.say);
      expect(other.text()).toContain('WARNING: the secret in use is not the one');
    } finally {
      await source.dispose();
      await target.dispose();
    }
  });
});
