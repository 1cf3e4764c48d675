import { Role } from '@pruefbuch/domain/roles';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { SignJWT } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PUBLIC_URL, TEST_PASSWORD, type TestApp } from '../../../test/helper';
import { mailOutbox, refreshTokens, sessions, users } from '../../db/schema/index';
import { authPlugin } from '../../platform/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOCKOUT_ACCOUNT_MAX: '5', LOCKOUT_IP_MAX: '1000' });
});

const codeAt = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetSeconds * 1000,
  });

async function lastMailTo(email: string) {
  const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  return rows.sort((a, b) => +b.createdAt - +a.createdAt)[0];
}

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

  it('locks an account after repeated failures with a clear 429', async () => {
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
  it('rotate, and a reused token revokes the whole family', async () => {
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

describe('two-factor sign-in', () => {
  async function withTwoFactor() {
    const { user, token } = await t.signedIn(Role.STANDARD_ROLE);
    const qr = await t.api({ method: 'GET', url: `/users/barcode2fa/${user.id}`, token });
    expect(qr.statusCode).toBe(200);
    const { secret, qrCode, otpauthUrl } = qr.json();
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    expect(otpauthUrl).toContain('otpauth://totp/');
    const wrong = await t.api({
      method: 'POST',
      url: '/users/finish2fa',
      token,
      payload: { validationCode: '000000' === codeAt(secret) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    const fin = await t.api({
      method: 'POST',
      url: '/users/finish2fa',
      token,
      payload: { validationCode: codeAt(secret) },
    });
    expect(fin.statusCode).toBe(200);
    return { user, secret, token };
  }

  it('activates with a first code and completes a login with the next one, once', async () => {
    const { user, secret } = await withTwoFactor();
    const first = await t.login(user.email);
    expect(first.is2FaUsed).toBe(true);
    expect(first.refreshToken).toBe('');
    // The pending token opens nothing but validate2fa.
    expect((await t.api({ method: 'GET', url: '/users/me', token: first.token })).statusCode).toBe(401);

    const code = codeAt(secret, 30);
    const ok = await t.api({
      method: 'POST',
      url: '/users/validate2fa',
      token: first.token,
      payload: { validationCode: code, userId: user.id },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().refreshToken.length).toBeGreaterThan(30);
    expect((await t.api({ method: 'GET', url: '/users/me', token: ok.json().token })).statusCode).toBe(200);

    const second = await t.login(user.email);
    const reused = await t.api({
      method: 'POST',
      url: '/users/validate2fa',
      token: second.token,
      payload: { validationCode: code, userId: user.id },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('VALIDATION');
    expect(reused.json().details[0]).toMatchObject({ field: 'validationCode', message: 'Code nicht korrekt' });
  });

  it('refuses validate2fa without the pending token or for another user', async () => {
    const { user, secret } = await withTwoFactor();
    const other = await t.createUser();
    const pending = await t.login(user.email);
    const payload = { validationCode: codeAt(secret, 30), userId: user.id };
    expect((await t.api({ method: 'POST', url: '/users/validate2fa', payload })).statusCode).toBe(401);
    expect(
      (
        await t.api({
          method: 'POST',
          url: '/users/validate2fa',
          token: pending.token,
          payload: { ...payload, userId: other.id },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.api({
          method: 'POST',
          url: '/users/validate2fa',
          token: pending.token,
          payload: { ...payload, validationCode: '12ab' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('locks the account for a while after repeated wrong codes', async () => {
    const { user, secret } = await withTwoFactor();
    const pending = await t.login(user.email);
    const bad = codeAt(secret, 30) === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      const r = await t.api({
        method: 'POST',
        url: '/users/validate2fa',
        token: pending.token,
        payload: { validationCode: bad, userId: user.id },
      });
      expect(r.statusCode).toBe(400);
    }
    const locked = await t.api({
      method: 'POST',
      url: '/users/validate2fa',
      token: pending.token,
      payload: { validationCode: codeAt(secret, 30), userId: user.id },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('TWO_FA_LOCKED');
  });

  it('is switched off by a code, or by a mailed link', async () => {
    const { user, secret, token } = await withTwoFactor();
    const off = await t.api({
      method: 'POST',
      url: '/users/deactivate2fa',
      token,
      payload: { validationCode: codeAt(secret, 30) },
    });
    expect(off.statusCode).toBe(200);
    expect((await t.login(user.email)).is2FaUsed).toBe(false);

    const again = await withTwoFactor();
    const sent = await t.api({
      method: 'POST',
      url: '/users/send2FaDeactivationEmail',
      payload: { email: again.user.email },
    });
    expect(sent.statusCode).toBe(200);
    const unknown = await t.api({
      method: 'POST',
      url: '/users/send2FaDeactivationEmail',
      payload: { email: 'nobody@x.example' },
    });
    expect(unknown.json()).toEqual(sent.json());
    const mail = await lastMailTo(again.user.email);
    const link = mail?.text.match(/https?:\S+/)?.[0] ?? '';
    expect(link.startsWith(`${PUBLIC_URL}/app/disable2fa?token=`)).toBe(true);
    const tokenParam = new URL(link).searchParams.get('token') ?? '';
    expect((await t.api({ method: 'POST', url: `/users/deactivate2fa/${tokenParam}` })).statusCode).toBe(200);
    expect((await t.api({ method: 'POST', url: `/users/deactivate2fa/${tokenParam}` })).statusCode).toBe(400);
    expect((await t.login(again.user.email)).is2FaUsed).toBe(false);
  });

  it('gives the QR only for the own account', async () => {
    const { token } = await t.signedIn(Role.ADMIN_ROLE);
    const other = await t.createUser();
    expect((await t.api({ method: 'GET', url: `/users/barcode2fa/${other.id}`, token })).statusCode).toBe(404);
  });
});

describe('password change and reset', () => {
  it('changes the password per SPEC §5 and ends every session', async () => {
    const { user, session } = await t.signedIn(Role.STANDARD_ROLE);
    const other = await t.login(user.email);
    const url = '/users/changepassword';
    const token = session.token;
    const mismatch = await t.api({
      method: 'PUT',
      url,
      token,
      payload: { currentPassword: TEST_PASSWORD, password: 'neues-pw', passwordConfirm: 'anderes' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details).toContainEqual(
      expect.objectContaining({ field: 'passwordConfirm', message: 'Das bestätigte Passwort stimmt nicht überein.' }),
    );
    const short = await t.api({
      method: 'PUT',
      url,
      token,
      payload: { currentPassword: TEST_PASSWORD, password: ' abc ', passwordConfirm: ' abc ' },
    });
    expect(short.json().details).toContainEqual(
      expect.objectContaining({ field: 'password', message: 'Ihr neues Passwort muss mind. 5 Zeichen lang sein.' }),
    );
    const long = await t.api({
      method: 'PUT',
      url,
      token,
      payload: { currentPassword: TEST_PASSWORD, password: 'x'.repeat(51), passwordConfirm: 'x'.repeat(51) },
    });
    expect(long.json().details[0].message).toBe('Ihr neues Passwort darf max. 50 Zeichen haben.');
    const wrongCurrent = await t.api({
      method: 'PUT',
      url,
      token,
      payload: { currentPassword: 'falsch', password: 'neues-pw', passwordConfirm: 'neues-pw' },
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().details[0].field).toBe('currentPassword');

    const ok = await t.api({
      method: 'PUT',
      url,
      token,
      payload: { currentPassword: TEST_PASSWORD, password: '  neues-pw ', passwordConfirm: 'neues-pw' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.api({ method: 'GET', url: '/users/me', token })).statusCode).toBe(401);
    expect((await t.api({ method: 'GET', url: '/users/me', token: other.token })).statusCode).toBe(401);
    expect((await t.login(user.email, 'neues-pw')).userId).toBe(user.id);
  });

  it('resets by a mailed key that expires and works once; links ignore a forged Host', async () => {
    const user = await t.createUser();
    const res = await t.api({
      method: 'POST',
      url: '/users/reset',
      payload: { email: user.email },
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.statusCode).toBe(200);
    const mail = await lastMailTo(user.email);
    const link = mail?.text.match(/https?:\S+/)?.[0] ?? '';
    expect(link.startsWith(`${PUBLIC_URL}/app/admin/reset/finish?key=`)).toBe(true);
    const key = new URL(link).searchParams.get('key') ?? '';

    expect((await t.api({ method: 'POST', url: `/users/reset/${key}`, payload: { password: 'abc' } })).statusCode).toBe(
      400,
    );
    expect(
      (await t.api({ method: 'POST', url: `/users/reset/${key}`, payload: { password: 'brandneu' } })).statusCode,
    ).toBe(200);
    expect(
      (await t.api({ method: 'POST', url: `/users/reset/${key}`, payload: { password: 'brandneu2' } })).json().code,
    ).toBe('TOKEN_INVALID');
    expect((await t.login(user.email, 'brandneu')).userId).toBe(user.id);

    await t.api({ method: 'POST', url: '/users/reset', payload: { email: user.email } });
    const key2 = new URL((await lastMailTo(user.email))?.text.match(/https?:\S+/)?.[0] ?? '').searchParams.get('key');
    await t.database.db
      .update(users)
      .set({ resetPasswordExpires: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    const expired = await t.api({ method: 'POST', url: `/users/reset/${key2}`, payload: { password: 'zu-spaet' } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('TOKEN_INVALID');
  });

  it('answers a reset for an unknown email like a known one', async () => {
    const before = await t.database.db.select().from(mailOutbox);
    const res = await t.api({ method: 'POST', url: '/users/reset', payload: { email: 'unbekannt@x.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await t.database.db.select().from(mailOutbox)).length).toBe(before.length);
  });
});

describe('platform', () => {
  it('reports health, serves OpenAPI and sets security headers', async () => {
    const health = await t.api({ method: 'GET', url: '/health' });
    expect(health.json()).toMatchObject({ status: 'ok', version: '2.2.3', database: true });
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
