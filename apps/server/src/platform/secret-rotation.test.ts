import { Role } from '@pruefbuch/domain/roles';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeAt } from '../../test/fixtures/auth';
import { createTestApp, PUBLIC_URL, TEST_PASSWORD, type TestApp } from '../../test/helper';
import { tempDir } from '../../test/temp-dir';
import { buildApp } from '../app';
import { users } from '../db/schema/index';
import { loadConfig } from './config';
import { secretBox } from './crypto';
import { resealWithCurrentSecret } from './reseal';

const OLD = 'alter-schluessel-0123456789abcdef0123456789';
const NEW = 'neuer-schluessel-fedcba9876543210fedcba9876';

let t: TestApp;
const others: FastifyInstance[] = [];
beforeAll(async () => {
  t = await createTestApp({ APP_SECRET: OLD });
});
afterAll(async () => {
  for (const app of others) await app.close();
});

/** Another server process on the same database: its own app, settings and token cache. */
async function server(env: Record<string, string>) {
  const config = loadConfig({
    DATA_DIR: tempDir('pb-rotation-'),
    NODE_ENV: 'test',
    PUBLIC_URL,
    WEB_DIST_DIR: '/nonexistent',
    LOCKOUT_IP_MAX: '100000',
    ...env,
  });
  const app = await buildApp(config, t.database);
  others.push(app);
  return app;
}

const me = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Bearer ${token}` } });

/** A password sign-in and its second factor on `app`; the code's step is made fresh for each call. */
async function signInWithCode(app: FastifyInstance, email: string, userId: string, secret: string) {
  await t.database.db.update(users).set({ totpLastStep: null }).where(eq(users.id, userId));
  const pending = await app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { email, password: TEST_PASSWORD },
  });
  expect(pending.statusCode).toBe(200);
  return app.inject({
    method: 'POST',
    url: '/api/v1/users/validate2fa',
    headers: { authorization: `Bearer ${pending.json().token}` },
    payload: { validationCode: codeAt(secret), userId },
  });
}

async function userWithTwoFactor() {
  const { user, token } = await t.signedIn(Role.STANDARD_ROLE);
  const { secret } = (await t.api({ method: 'GET', url: `/users/barcode2fa/${user.id}`, token })).json();
  const fin = await t.api({
    method: 'POST',
    url: '/users/finish2fa',
    token,
    payload: { validationCode: codeAt(secret) },
  });
  expect(fin.statusCode).toBe(200);
  return { user, secret, token };
}

describe('the app secret across servers, restarts and a rotation', () => {
  it('a second server with the same secret accepts the first one\u2019s tokens and opens its 2FA secrets', async () => {
    const { user, secret, token } = await userWithTwoFactor();
    const second = await server({ APP_SECRET: OLD });
    expect((await me(second, token)).statusCode).toBe(200);
    expect((await signInWithCode(second, user.email, user.id, secret)).statusCode).toBe(200);
  });

  it('rotates: the previous secret verifies and opens until the values are sealed anew, then it can go', async () => {
    const { user, secret, token } = await userWithTwoFactor();
    const wrong = await server({ APP_SECRET: NEW });
    // Without the previous secret the old token is refused, never a 500.
    expect((await me(wrong, token)).statusCode).toBe(401);

    const rotating = await server({ APP_SECRET: NEW, APP_SECRET_PREVIOUS: OLD });
    expect((await me(rotating, token)).statusCode).toBe(200);
    const signedIn = await signInWithCode(rotating, user.email, user.id, secret);
    expect(signedIn.statusCode).toBe(200);
    const fresh = signedIn.json().token as string;
    // New tokens are signed with the new secret: the old-secret server does not take them.
    expect((await me(rotating, fresh)).statusCode).toBe(200);
    expect((await t.api({ method: 'GET', url: '/users/me', token: fresh })).statusCode).toBe(401);

    const resealed = await resealWithCurrentSecret(t.database.db, secretBox(NEW, OLD));
    expect(resealed.users).toBeGreaterThanOrEqual(1);
    expect((await resealWithCurrentSecret(t.database.db, secretBox(NEW, OLD))).users).toBe(0);

    const after = await server({ APP_SECRET: NEW });
    expect((await signInWithCode(after, user.email, user.id, secret)).statusCode).toBe(200);
    expect((await me(after, token)).statusCode).toBe(401);
  });

  it('leaves a value that neither secret opens as it is, counts it, and does not stop', async () => {
    const stranger = secretBox('ein-dritter-schluessel-0123456789abcdef01');
    const user = await t.createUser({ totpSecret: stranger.seal('JBSWY3DPEHPK3PXP') });
    const result = await resealWithCurrentSecret(t.database.db, secretBox(NEW, OLD));
    expect(result.unreadable).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stranger.open(row?.totpSecret ?? '')).toBe('JBSWY3DPEHPK3PXP');
  });
});
