import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP_VERSION } from '@pruefbuch/domain/constants';
import { scrubText } from '@pruefbuch/domain/rules/error-scrub';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newTestDatabase } from '../../test/database';
import { startEnvelopeReceiver } from '../../test/envelope-receiver';
import { insertUser, TEST_PASSWORD } from '../../test/factories';
import { buildApp } from '../app';
import { ctxOf } from './auth';
import { loadConfig } from './config';
import {
  appRelease,
  closeErrorTracking,
  errorTrackingCsp,
  flushErrorTracking,
  initErrorTracking,
  scrubServerEvent,
} from './error-tracking';

/**
 * Server errors reach the tracker (decision 034), tested against a local receiver of its envelopes:
 * the app listens on a real port, so the SDK sees the requests as it does in production.
 */
type Receiver = Awaited<ReturnType<typeof startEnvelopeReceiver>>;
/** The parts of a received error event the tests read. */
interface SentEvent {
  release: string;
  environment: string;
  user?: { id: string };
  exception: { values: { value: string }[] };
  request: { url: string; headers?: Record<string, string>; data?: unknown };
  tags: Record<string, string>;
}

const EMAIL = 'erika.mustermann@example.org';
const RESET_KEY = 'Zx9aQ2mLk7Pq4Rt8Vw1Yb3Nc6Df0Gh5Jk2Lm9Np4Qr7';
const QUERY_SECRET = 'q7s9Secret2Value';
const COOKIE = 'session=c00k1eValue9876';

async function startApp(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-tracking-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    APP_SECRET: 'test-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: 'https://pruefbuch.example.org',
    WEB_DIST_DIR: '/nonexistent',
    ...env,
  });
  const { database, dispose } = await newTestDatabase();
  const app = await buildApp(config, database);
  // A route that fails the way a bug does, behind a token path, after the sign-in check.
  await app.register(
    async (api) => {
      api.post('/users/reset/:key/fail', { config: { access: 'session:any' } }, (req) => {
        ctxOf(req);
        throw new Error(`Failed query: select * from users where email = $1\nparams: ${EMAIL}`);
      });
    },
    { prefix: '/api/v1/test' },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1`;
  const user = await insertUser(database.db, { email: EMAIL });
  const stop = async () => {
    await app.close();
    await dispose();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, base, user, config, stop };
}

async function signIn(base: string) {
  const res = await fetch(`${base}/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: TEST_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string; refreshToken: string }).token;
}

/** The failing call with everything that must not reach the tracker: token, cookie, query, body, e-mail. */
function failingCall(base: string, token: string) {
  return fetch(`${base}/test/users/reset/${RESET_KEY}/fail?search=${QUERY_SECRET}&email=${EMAIL}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, cookie: COOKIE },
    body: JSON.stringify({ email: EMAIL, password: TEST_PASSWORD }),
  });
}

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startEnvelopeReceiver();
});
afterAll(async () => {
  await closeErrorTracking();
  await receiver.close();
});

describe('without SENTRY_DSN', () => {
  it('starts no tracker, even with the SDK’s own variable in the environment, and sends nothing', async () => {
    process.env.SENTRY_DSN = receiver.dsn;
    try {
      const { base, config, stop } = await startApp({});
      expect(await initErrorTracking(config)).toBe(false);
      const res = await failingCall(base, await signIn(base));
      expect(res.status).toBe(500);
      await flushErrorTracking();
      await new Promise((r) => setTimeout(r, 300));
      expect(receiver.raw()).toBe('');
      await stop();
    } finally {
      delete process.env.SENTRY_DSN;
    }
  });
});

describe('with SENTRY_DSN', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let token: string;
  beforeAll(async () => {
    // As main.ts does: the tracker starts before the app is built and listens.
    expect(await initErrorTracking({ sentryDsn: receiver.dsn, env: 'test' })).toBe(true);
    app = await startApp({ SENTRY_DSN: receiver.dsn });
    token = await signIn(app.base);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const eventsSent = async () => {
    await flushErrorTracking();
    return receiver.items('event');
  };

  describe('a 500', () => {
    let status = 0;
    let event: SentEvent;
    beforeAll(async () => {
      status = (await failingCall(app.base, token)).status;
      await vi.waitFor(async () => expect(await eventsSent()).toHaveLength(1), { timeout: 5000 });
      event = receiver.items('event')[0]?.payload as unknown as SentEvent;
    });

    it('is answered 500 and sent as one event, with the release and the environment', () => {
      expect(status).toBe(500);
      expect(event.release).toBe(appRelease());
      expect(event.release).toMatch(new RegExp(`^pruefbuch@${APP_VERSION.replaceAll('.', '\\.')}\\+[\\w.-]+$`));
      expect(event.environment).toBe('test');
    });

    it('names the user by id only, and the error', () => {
      expect(event.user).toEqual({ id: app.user.id });
      expect(event.exception.values.at(-1)?.value).toBe('Failed query: select * from users where email = $1');
    });

    it('names the request without its secrets: the path redacted, no authorization, no body', () => {
      expect(event.request.url).toMatch(/\/api\/v1\/test\/users\/reset\/\[redacted\]\/fail$/);
      expect(Object.keys(event.request.headers ?? {}).map((h) => h.toLowerCase())).not.toContain('authorization');
      expect(event.request.data).toBeUndefined();
      expect(event.tags.request_id).toBeTruthy();
    });

    // Every request is traced (SPEC §9), and nothing the tracker received (events, transactions,
    // sessions) holds a secret or the e-mail.
    it('is traced, and nothing the tracker received holds a secret or the e-mail', async () => {
      await expect.poll(() => receiver.items('transaction').length).toBeGreaterThan(0);
      const everything = receiver.raw();
      for (const secret of [token, RESET_KEY, QUERY_SECRET, 'c00k1eValue9876', EMAIL, TEST_PASSWORD, 'Bearer']) {
        expect(everything).not.toContain(secret);
      }
      expect(everything.toLowerCase()).not.toContain('authorization');
    });
  });

  it('sends no event for a 400 or a 404', async () => {
    const before = (await eventsSent()).length;
    const bad = await fetch(`${app.base}/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x' }),
    });
    expect(bad.status).toBe(400);
    const missing = await fetch(`${app.base}/no-such-route`, { headers: { authorization: `Bearer ${token}` } });
    expect(missing.status).toBe(404);
    await new Promise((r) => setTimeout(r, 300));
    expect((await eventsSent()).length).toBe(before);
  });

  it('sends no transactions of the health checks', async () => {
    const health = await fetch(`${app.base}/health`);
    expect(health.status).toBe(200);
    await fetch(`${app.base}/client-config`);
    await flushErrorTracking();
    const names = () => receiver.items('transaction').map((t) => t.payload.transaction);
    await expect.poll(names).toContain('GET /api/v1/client-config');
    expect(names()).not.toContain('GET /api/v1/health');
  });

  it('tells the browser the DSN and the same release', async () => {
    const res = await fetch(`${app.base}/client-config`);
    expect(await res.json()).toEqual({ sentryDsn: receiver.dsn, release: appRelease(), environment: 'test' });
    // The page may send its envelopes to the tracker's host.
    expect(res.headers.get('content-security-policy')).toContain(`connect-src 'self' ${receiver.origin}`);
  });
});

describe('scrubbing', () => {
  it('keeps ids and code, removes tokens, addresses and query strings from texts', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXZhbHVl';
    const id = '0b7f6a3e-2c4d-4e5f-8a9b-1c2d3e4f5a6b';
    expect(scrubText(`GET /api/v1/books/${id}?search=Müller failed`)).toBe(`GET /api/v1/books/${id} failed`);
    expect(scrubText(`https://x.example/app/admin/reset/finish?key=${RESET_KEY}#top`)).toBe(
      'https://x.example/app/admin/reset/finish',
    );
    expect(scrubText(`/api/v1/users/confirmation/${RESET_KEY}`)).toBe('/api/v1/users/confirmation/[redacted]');
    expect(scrubText(`Authorization: Bearer ${jwt}`)).toBe('Authorization: Bearer [token]');
    expect(scrubText(`token ${jwt} and ${RESET_KEY}`)).toBe('token [token] and [token]');
    expect(scrubText(`mail to ${EMAIL} refused`)).toBe('mail to [email] refused');
    expect(scrubText('hasZodFastifySchemaValidationErrors is a name, not a token')).toBe(
      'hasZodFastifySchemaValidationErrors is a name, not a token',
    );
    expect(scrubText('Ist das richtig? Ja.')).toBe('Ist das richtig? Ja.');
  });

  it('rebuilds the request and the user of an event', () => {
    const event = scrubServerEvent({
      request: {
        method: 'POST',
        url: `http://h/api/v1/users/reset/${RESET_KEY}?x=1`,
        headers: { Authorization: 'Bearer abc', Cookie: COOKIE, 'User-Agent': 'Firefox', 'X-Tenant': 't' },
        data: { email: EMAIL },
        query_string: 'x=1',
        cookies: { session: 'c' },
      },
      user: { id: 'u1', email: EMAIL, username: 'Erika', ip_address: '10.0.0.1' },
      breadcrumbs: [{ category: 'http', data: { url: `http://s3/bucket/key?X-Amz-Signature=${RESET_KEY}` } }],
      exception: { values: [{ type: 'error', value: 'invalid input syntax for type uuid: "abc"' }] },
    });
    expect(event.request).toEqual({
      method: 'POST',
      url: 'http://h/api/v1/users/reset/[redacted]',
      headers: { 'User-Agent': 'Firefox' },
    });
    expect(event.user).toEqual({ id: 'u1' });
    expect(event.breadcrumbs?.[0]?.data).toEqual({ url: 'http://s3/bucket/key' });
    expect(event.exception?.values?.[0]?.value).toBe('invalid input syntax for type uuid: [redacted]');
  });

  it('allows the tracker’s host in the CSP only when a DSN is set', () => {
    expect(errorTrackingCsp(undefined)).toEqual({});
    expect(errorTrackingCsp('https://k@errors.example.com/3')['connect-src']).toEqual([
      "'self'",
      'https://errors.example.com',
    ]);
  });
});
