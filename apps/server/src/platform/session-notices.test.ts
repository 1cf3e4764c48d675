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
import { LISTEN_TIMING, rowsOf } from '../db/client';
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

/**
 * Asks until the session's check is kept: the next request is answered from the cache. The notices
 * of the sign-in's own writes may still be on their way on PostgreSQL and empty the cache once more.
 */
async function kept(token: string, tenant?: string) {
  await expect
    .poll(async () => {
      const before = await cacheFigures();
      expect((await me(token, tenant)).statusCode).toBe(200);
      const after = await cacheFigures();
      return after.listening === 1 && after.hits - before.hits === 1;
    }, NOTICE)
    .toBe(true);
}

/** Polls `call` until it answers `status`, and checks that the answer came from the database. */
async function refusedByLookup(call: () => Promise<{ statusCode: number }>, status: number) {
  const before = await cacheFigures();
  await expect.poll(async () => (await call()).statusCode, NOTICE).toBe(status);
  expect((await cacheFigures()).lookups).toBeGreaterThan(before.lookups);
}

describe('the kept session checks', () => {
  it('answer the repeated requests of a session from the cache while the process listens', async () => {
    const { token } = await t.signedIn(Role.STANDARD_ROLE);
    await kept(token);
    const before = await cacheFigures();
    for (let i = 0; i < 5; i++) expect((await me(token)).statusCode).toBe(200);
    const after = await cacheFigures();
    expect(after.hits - before.hits).toBe(5);
    expect(after.lookups - before.lookups).toBe(0);
  });

  it('are forgotten by a write the process answers, before its reply leaves; on PGlite only by a write to what they read', async () => {
    const { token } = await t.signedIn(Role.STANDARD_ROLE);
    await kept(token);
    // A write that touches no account, session or tenant (it is refused, and writes nothing at all). On
    // PostgreSQL its reply empties the cache; on PGlite a notice is handled before the commit answers, so
    // only a write that changed what the cache keeps empties it (decision 047).
    const refused = await t.api({ method: 'POST', url: '/tenants', token, payload: {} });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const before = await cacheFigures();
    expect((await me(token)).statusCode).toBe(200);
    expect((await cacheFigures()).lookups - before.lookups).toBe(t.database.kind === 'postgres' ? 1 : 0);
  });

  it('end a session signed out in this process at once', async () => {
    const { token } = await t.signedIn(Role.STANDARD_ROLE);
    await kept(token);
    expect((await t.api({ method: 'POST', url: '/users/logout', token })).statusCode).toBeLessThan(300);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('end a session revoked elsewhere once the notice arrives', async () => {
    const { user, token } = await t.signedIn(Role.STANDARD_ROLE);
    await kept(token);
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
    await refusedByLookup(() => me(token), 401);
  });

  it('refuse a user disabled elsewhere once the notice arrives', async () => {
    const { user, token } = await t.signedIn(Role.STANDARD_ROLE);
    await kept(token);
    await db.update(users).set({ isResigned: true }).where(eq(users.id, user.id));
    await refusedByLookup(() => me(token), 401);
  });

  it('refuse a tenant the user left, or that was deleted, once the notice arrives', async () => {
    const left = await t.createTenant('Verlassen');
    const gone = await t.createTenant('Gelöscht');
    const { user, token } = await t.signedIn(Role.STANDARD_ROLE, { tenantIds: [left.id, gone.id] });
    await kept(token, left.id);
    await db.delete(userTenants).where(and(eq(userTenants.userId, user.id), eq(userTenants.tenantId, left.id)));
    await refusedByLookup(() => me(token, left.id), 403);
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    await kept(admin.token, gone.id);
    await db.delete(tenants).where(eq(tenants.id, gone.id));
    await refusedByLookup(() => me(admin.token, gone.id), 403);
  });

  it.runIf(t.database.kind === 'postgres')(
    'keep nothing while the listening connection is lost, and keep again once it is back',
    async () => {
      const { user, token } = await t.signedIn(Role.STANDARD_ROLE);
      await kept(token);
      const { relisten, heartbeat } = LISTEN_TIMING;
      // Long enough for the steps below on a busy machine, before the connection is made again.
      LISTEN_TIMING.relisten = 3000;
      try {
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
        expect((await cacheFigures()).listening).toBe(0);
        // The connection made again proves every 50 ms that it still hears; its heartbeats empty nothing.
        LISTEN_TIMING.heartbeat = 50;
      } finally {
        LISTEN_TIMING.relisten = relisten;
      }
      try {
        await expect.poll(async () => (await cacheFigures()).listening, { timeout: 10_000, interval: 50 }).toBe(1);
        const again = await t.signedIn(Role.STANDARD_ROLE);
        await kept(again.token);
        await new Promise((r) => setTimeout(r, 300));
        const before = await cacheFigures();
        expect((await me(again.token)).statusCode).toBe(200);
        expect(await cacheFigures()).toMatchObject({ listening: 1, hits: before.hits + 1 });
      } finally {
        LISTEN_TIMING.heartbeat = heartbeat;
      }
    },
  );

  // A connection that stays open but hears nothing (a frozen server process, a partition, a pooler that
  // passes no notices) is found by its heartbeat. Freezing a backend needs it on this machine, as root.
  const localRoot =
    process.getuid?.() === 0 && /@(127\.0\.0\.1|localhost)[:/]/.test(process.env.TEST_DATABASE_URL ?? '');
  it.runIf(t.database.kind === 'postgres' && localRoot)(
    'turn the cache off when the listening connection stops hearing, and on once a new one hears',
    async () => {
      const saved = { ...LISTEN_TIMING };
      const listener = async () =>
        (
          await rowsOf<{ pid: number }>(
            db,
            sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
                and (query ilike 'listen %' or query ilike '%pg_notify%')`,
          )
        )[0]?.pid;
      Object.assign(LISTEN_TIMING, { heartbeat: 100, timeout: 400, relisten: 100 });
      let frozen: number | undefined;
      try {
        // A connection made anew takes the short heartbeat.
        await rowsOf(db, sql`select pg_terminate_backend(${await listener()})`);
        const { token } = await t.signedIn(Role.STANDARD_ROLE);
        await kept(token);
        frozen = await listener();
        expect(frozen).toBeGreaterThan(0);
        process.kill(frozen as number, 'SIGSTOP');
        await expect.poll(async () => (await cacheFigures()).listening, NOTICE).toBe(0);
        const before = await cacheFigures();
        expect((await me(token)).statusCode).toBe(200);
        expect((await cacheFigures()).lookups - before.lookups).toBe(1);
      } finally {
        if (frozen) process.kill(frozen, 'SIGCONT');
        Object.assign(LISTEN_TIMING, saved);
      }
      await expect.poll(async () => (await cacheFigures()).listening, { timeout: 10_000, interval: 50 }).toBe(1);
    },
  );
});
