/**
 * The session check keeps its lookups while the process hears of every change to what they read
 * (platform/session-cache.ts, migration 0032, decision 047). A sign-out in the process ends the
 * session at once; a change written elsewhere (another process, or by hand) once its notice arrives,
 * well before an entry's ten seconds are up; while the process does not hear, nothing is kept.
 */
import { Role } from '@pruefbuch/domain/roles';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helper';
import { rowsOf } from '../db/client';
import { sessions, tenants, users, userTenants } from '../db/schema/index';

const t = await createTestApp();
const db = t.database.db;
/** Well under the ten seconds an entry lives without a notice: what passes here came by notice. */
const NOTICE = { timeout: 3000, interval: 20 };

async function cacheFigures() {
  const text = await t.app.deps.metrics.text();
  const figure = (state: string) =>
    Number(new RegExp(`^pruefbuch_session_cache\\{state="${state}"\\} (\\d+)$`, 'm').exec(text)?.[1]);
  return { hits: figure('hits'), lookups: figure('lookups'), listening: figure('listening') };
}

const me = (token: string, tenant?: string) => t.api({ method: 'GET', url: '/users/me', token, tenant });

describe('the kept session checks', () => {
  it('answer the repeated requests of a session from the cache while the process listens', async () => {
    const { token } = await t.signedIn(Role.STANDARD_ROLE);
    expect((await me(token)).statusCode).toBe(200);
    const before = await cacheFigures();
    expect(before.listening).toBe(1);
    for (let i = 0; i < 5; i++) expect((await me(token)).statusCode).toBe(200);
    const after = await cacheFigures();
    expect(after.hits - before.hits).toBe(5);
    expect(after.lookups - before.lookups).toBe(0);
  });

  it('end a session signed out in this process at once', async () => {
    const { token } = await t.signedIn(Role.STANDARD_ROLE);
    expect((await me(token)).statusCode).toBe(200);
    expect((await t.api({ method: 'POST', url: '/users/logout', token })).statusCode).toBeLessThan(300);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('end a session revoked elsewhere once the notice arrives', async () => {
    const { user, token } = await t.signedIn(Role.STANDARD_ROLE);
    expect((await me(token)).statusCode).toBe(200);
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
    await expect.poll(async () => (await me(token)).statusCode, NOTICE).toBe(401);
  });

  it('refuse a user disabled elsewhere once the notice arrives', async () => {
    const { user, token } = await t.signedIn(Role.STANDARD_ROLE);
    expect((await me(token)).statusCode).toBe(200);
    await db.update(users).set({ isResigned: true }).where(eq(users.id, user.id));
    await expect.poll(async () => (await me(token)).statusCode, NOTICE).toBe(401);
  });

  it('refuse a tenant the user left, or that was deleted, once the notice arrives', async () => {
    const left = await t.createTenant('Verlassen');
    const gone = await t.createTenant('Gelöscht');
    const { user, token } = await t.signedIn(Role.STANDARD_ROLE, { tenantIds: [left.id, gone.id] });
    expect((await me(token, left.id)).statusCode).toBe(200);
    expect((await me(token, gone.id)).statusCode).toBe(200);
    await db.delete(userTenants).where(and(eq(userTenants.userId, user.id), eq(userTenants.tenantId, left.id)));
    await expect.poll(async () => (await me(token, left.id)).statusCode, NOTICE).toBe(403);
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    expect((await me(admin.token, gone.id)).statusCode).toBe(200);
    await db.delete(tenants).where(eq(tenants.id, gone.id));
    await expect.poll(async () => (await me(admin.token, gone.id)).statusCode, NOTICE).toBe(403);
  });

  it.runIf(t.database.kind === 'postgres')(
    'keep nothing while the listening connection is lost, and keep again once it is back',
    async () => {
      const { user, token } = await t.signedIn(Role.STANDARD_ROLE);
      expect((await me(token)).statusCode).toBe(200);
      await rowsOf(
        db,
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
      );
      await expect.poll(async () => (await cacheFigures()).listening, NOTICE).toBe(0);
      // Nothing kept: a session revoked now is refused by the very next request, notice or none.
      const before = await cacheFigures();
      expect((await me(token)).statusCode).toBe(200);
      expect((await me(token)).statusCode).toBe(200);
      expect((await cacheFigures()).lookups - before.lookups).toBe(2);
      await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
      expect((await me(token)).statusCode).toBe(401);
      await expect.poll(async () => (await cacheFigures()).listening, NOTICE).toBe(1);
      const again = await t.signedIn(Role.STANDARD_ROLE);
      await me(again.token);
      const kept = await cacheFigures();
      await me(again.token);
      expect((await cacheFigures()).hits - kept.hits).toBe(1);
    },
  );
});
