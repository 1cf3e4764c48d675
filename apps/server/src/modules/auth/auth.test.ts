import { APP_VERSION } from '@pruefbuch/domain/constants';
import { Role } from '@pruefbuch/domain/roles';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/helper';
import { refreshTokens, sessions } from '../../db/schema/index';
import { authPlugin } from '../../platform/auth';
import { sha256 } from '../../platform/crypto';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOCKOUT_IP_MAX: '1000' });
});

describe('POST users/login', () => {
  it('answers with the session fields of SPEC §3', async () => {
    const tenant = await t.createTenant('Mandant A');
    const user = await t.createUser({
      role: Role.PROJECT_ROLE,
      department: 3,
      auswertung: true,
      tenantIds: [tenant.id],
    });
    const res = await t.api({
      method: 'POST',
      url: '/users/login',
      payload: { email: user.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      friendlyUsername: 'Test Nutzer',
      role: 5,
      customerRole: null,
      userId: user.id,
      department: 3,
      auswertung: true,
      forecast: false,
      is2FaUsed: false,
      tenants: [{ _id: tenant.id, name: 'Mandant A' }],
    });
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.refreshToken.length).toBeGreaterThan(30);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('gives an unknown email and a wrong password the same answer', async () => {
    const user = await t.createUser();
    const wrong = await t.api({
      method: 'POST',
      url: '/users/login',
      payload: { email: user.email, password: 'falsch!' },
    });
    const unknown = await t.api({
      method: 'POST',
      url: '/users/login',
      payload: { email: 'niemand@x.example', password: 'falsch!' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('rejects missing fields, wrong types and overlong input with field details', async () => {
    const res = await t.api({ method: 'POST', url: '/users/login', payload: { email: 42 } });
    expect(res.statusCode).toBe(400);
    const fields = res.json().details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['email', 'password']));
    const long = await t.api({
      method: 'POST',
      url: '/users/login',
      payload: { email: 'a'.repeat(300), password: 'x' },
    });
    expect(long.statusCode).toBe(400);
    const english = await t.api({
      method: 'POST',
      url: '/users/login',
      payload: {},
      headers: { 'accept-language': 'en' },
    });
    expect(english.json().details[0].message).toMatch(/required/i);
  });

  it('holds back the address after five wrong passwords with a clear 429 (see auth-lockout.test.ts)', async () => {
    const user = await t.createUser();
    for (let i = 0; i < 5; i++) {
      const r = await t.api({
        method: 'POST',
        url: '/users/login',
        payload: { email: user.email, password: 'falsch' },
      });
      expect(r.statusCode).toBe(401);
    }
    const locked = await t.api({
      method: 'POST',
      url: '/users/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('LOGIN_LOCKED');
    expect(locked.json().retryAfterSeconds).toBeGreaterThan(0);
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('refuses disabled accounts after the password check', async () => {
    const user = await t.createUser({ isResigned: true });
    const res = await t.api({
      method: 'POST',
      url: '/users/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_DISABLED');
  });
});

describe('access tokens', () => {
  it('opens protected calls and refuses missing, forged and mistyped tokens', async () => {
    const { token, session } = await t.signedIn(Role.STANDARD_ROLE);
    expect((await t.api({ method: 'GET', url: '/users/me', token })).statusCode).toBe(200);
    expect((await t.api({ method: 'GET', url: '/users/me' })).statusCode).toBe(401);
    // A refresh token is no access token.
    expect((await t.api({ method: 'GET', url: '/users/me', token: session.refreshToken })).statusCode).toBe(401);
    // alg none
    const [, payload] = token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    expect((await t.api({ method: 'GET', url: '/users/me', token: none })).statusCode).toBe(401);
    // signed with another key
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(40)));
    expect((await t.api({ method: 'GET', url: '/users/me', token: forged })).statusCode).toBe(401);
    // expired
    const key = new TextEncoder().encode(t.config.appSecret);
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key);
    expect((await t.api({ method: 'GET', url: '/users/me', token: expired })).statusCode).toBe(401);
    // the pending 2FA token type is refused on normal calls
    const mfa = await new SignJWT({ ...claims, typ: 'mfa' }).setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect((await t.api({ method: 'GET', url: '/users/me', token: mfa })).statusCode).toBe(401);
  });

  it('refuses tokens without expiry, without issue time, or with a longer lifetime than configured', async () => {
    const { user, token } = await t.signedIn(Role.STANDARD_ROLE);
    const { sid } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    const key = new TextEncoder().encode(t.config.appSecret);
    const now = Math.floor(Date.now() / 1000);
    const mint = (times: { iat?: number; exp?: number }) => {
      const jwt = new SignJWT({ typ: 'access', sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuer('pruefbuch')
        .setAudience('pruefbuch-api');
      if (times.iat !== undefined) jwt.setIssuedAt(times.iat);
      if (times.exp !== undefined) jwt.setExpirationTime(times.exp);
      return jwt.sign(key);
    };
    const me = async (token: string) => (await t.api({ method: 'GET', url: '/users/me', token })).statusCode;
    const ttl = t.config.accessTokenTtlSeconds;
    expect(await me(await mint({ iat: now, exp: now + ttl }))).toBe(200);
    expect(await me(await mint({ iat: now }))).toBe(401);
    expect(await me(await mint({ exp: now + 60 }))).toBe(401);
    expect(await me(await mint({ iat: now, exp: now + ttl + 3600 }))).toBe(401);
    expect(await me(await mint({ iat: now - ttl - 120, exp: now + 60 }))).toBe(401);
    expect(await me(await mint({ iat: now + 3600, exp: now + 3600 + ttl }))).toBe(401);
  });

  it('checks the tenant header against the user tenants', async () => {
    const a = await t.createTenant();
    const b = await t.createTenant();
    const { token } = await t.signedIn(Role.STANDARD_ROLE, {});
    const user = await t.createUser({ tenantIds: [a.id] });
    const own = await t.login(user.email);
    expect((await t.api({ method: 'GET', url: '/users/me', token: own.token, tenant: a.id })).statusCode).toBe(200);
    const other = await t.api({ method: 'GET', url: '/users/me', token: own.token, tenant: b.id });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('TENANT_FORBIDDEN');
    expect((await t.api({ method: 'GET', url: '/users/me', token, tenant: 'kein-uuid' })).statusCode).toBe(403);
  });
});

describe('refresh tokens', () => {
  const refresh = (refreshToken: string) =>
    t.api({ method: 'POST', url: '/users/auth/refresh', payload: { refreshToken } });
  /** Moves the use of a refresh token into the past, as if the clock had gone on. */
  const usedSecondsAgo = (token: string, seconds: number) =>
    t.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - seconds * 1000) })
      .where(eq(refreshTokens.tokenHash, sha256(token)));

  it('give two tabs refreshing at once the same new pair', async () => {
    const { session } = await t.signedIn(Role.STANDARD_ROLE);
    const [a, b] = await Promise.all([refresh(session.refreshToken), refresh(session.refreshToken)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    const pair = a.json();
    expect(pair.refreshToken).not.toBe(session.refreshToken);
    expect((await t.api({ method: 'GET', url: '/users/me', token: pair.accessToken })).statusCode).toBe(200);
    // Within the window a later repeat still gets the same pair, and the family lives on.
    expect((await refresh(session.refreshToken)).json()).toEqual(pair);
    const next = await refresh(pair.refreshToken);
    expect(next.statusCode).toBe(200);
    expect(next.json().refreshToken).not.toBe(pair.refreshToken);
  });

  it('rotate, and a token reused after the grace window revokes the whole family', async () => {
    const { session } = await t.signedIn(Role.STANDARD_ROLE);
    const first = await t.api({
      method: 'POST',
      url: '/users/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(first.statusCode).toBe(200);
    const { accessToken, refreshToken } = first.json();
    expect(refreshToken).not.toBe(session.refreshToken);
    expect((await t.api({ method: 'GET', url: '/users/me', token: accessToken })).statusCode).toBe(200);

    await usedSecondsAgo(session.refreshToken, 31);
    const reuse = await t.api({
      method: 'POST',
      url: '/users/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('REFRESH_INVALID');
    // The family is gone: the newest refresh token and the access token die too.
    expect((await t.api({ method: 'POST', url: '/users/auth/refresh', payload: { refreshToken } })).statusCode).toBe(
      401,
    );
    expect((await t.api({ method: 'GET', url: '/users/me', token: accessToken })).statusCode).toBe(401);
  });

  it('refuses expired, unknown and access tokens', async () => {
    const { session } = await t.signedIn(Role.STANDARD_ROLE);
    await t.database.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, (await import('../../platform/crypto')).sha256(session.refreshToken)));
    expect(
      (await t.api({ method: 'POST', url: '/users/auth/refresh', payload: { refreshToken: session.refreshToken } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.api({ method: 'POST', url: '/users/auth/refresh', payload: { refreshToken: 'x'.repeat(43) } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.api({ method: 'POST', url: '/users/auth/refresh', payload: { refreshToken: session.token } }))
        .statusCode,
    ).toBe(401);
    expect((await t.api({ method: 'POST', url: '/users/auth/refresh', payload: {} })).statusCode).toBe(400);
  });

  it('sign-out ends the session', async () => {
    const { session, user } = await t.signedIn(Role.STANDARD_ROLE);
    expect((await t.api({ method: 'POST', url: '/users/logout', token: session.token })).statusCode).toBe(204);
    expect((await t.api({ method: 'GET', url: '/users/me', token: session.token })).statusCode).toBe(401);
    expect(
      (await t.api({ method: 'POST', url: '/users/auth/refresh', payload: { refreshToken: session.refreshToken } }))
        .statusCode,
    ).toBe(401);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row?.revokedReason).toBe('sign-out');
  });
});

describe('platform', () => {
  it('reports health, serves OpenAPI and sets security headers', async () => {
    const health = await t.api({ method: 'GET', url: '/health' });
    expect(health.json()).toMatchObject({ status: 'ok', version: APP_VERSION, database: true });
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['content-security-policy']).toContain("default-src 'self'");
    const doc = await t.api({ method: 'GET', url: '/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/users/login', '/users/validate2fa', '/users/{id}']));
  });

  it('refuses to start with an API route that names no access rule', async () => {
    const bare = Fastify();
    await bare.register(authPlugin);
    expect(() => bare.get('/api/v1/ohne-regel', () => 'x')).toThrow(/names no access rule/);
    expect(() => bare.get('/api/v1/mit-regel', { config: { access: 'public' } }, () => 'x')).not.toThrow();
    await bare.close();
  });

  it('answers unknown API paths with the error shape', async () => {
    const res = await t.api({ method: 'GET', url: '/gibt-es-nicht' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });
});
