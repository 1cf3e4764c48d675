import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RoleNumber } from '@pruefbuch/domain/roles';
import type { LoginReply } from '@pruefbuch/domain/schemas/auth';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/client';
import type { tenants, users } from '../src/db/schema/index';
import { startSession } from '../src/modules/auth/auth.service';
import { type Config, loadConfig } from '../src/platform/config';
import type { LogStream } from '../src/platform/logging';
import { endWithMaker, newTestDatabase } from './database';
import { insertTenant, insertUser, TEST_PASSWORD } from './factories';

export { openTestDatabase, pgliteDataDirIn } from './database';
export { TEST_PASSWORD };
export const PUBLIC_URL = 'https://pruefbuch.example.org';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Calls the API: path relative to /api/v1, optional bearer token and tenant. */
  api: (opts: InjectOptions & { token?: string; tenant?: string }) => Promise<LightMyRequestResponse>;
  /** Signs in over the API (POST /users/login): for tests of signing in, its checks and its lockout. */
  login: (email: string, password?: string) => Promise<LoginReply>;
  /**
   * The session a login would open for the user, opened directly: for tests of anything but signing in.
   * It skips the login's statements (the lockout's, the password's) and its password hashing.
   */
  sessionOf: (user: typeof users.$inferSelect) => Promise<LoginReply>;
  createUser: (
    overrides?: Partial<typeof users.$inferInsert> & { tenantIds?: string[] },
  ) => Promise<typeof users.$inferSelect>;
  createTenant: (name?: string) => Promise<typeof tenants.$inferSelect>;
  /** A new user with a role, signed in: returns the user and its access token. */
  signedIn: (
    role: RoleNumber,
    overrides?: Partial<typeof users.$inferInsert> & { tenantIds?: string[] },
  ) => Promise<{ user: typeof users.$inferSelect; token: string; session: LoginReply }>;
}

/**
 * Builds the app on a real database of its own (see test/database.ts): an in-memory PGlite, or a
 * PostgreSQL database cloned from the migrated TEST_DATABASE_URL. Every test makes its own data.
 * An app made inside a test is closed after that test, one made in a hook after the file.
 * A log stream collects the app's log lines (with LOG_LEVEL in env) for tests of what is logged.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: { logStream?: LogStream } = {},
): Promise<TestApp> {
  // Uploaded files of a test file live in a temporary data dir, removed after the file.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    APP_SECRET: 'test-secret-that-is-long-enough-0123456789',
    PUBLIC_URL,
    WEB_DIST_DIR: '/nonexistent',
    AUTH_RATE_LIMIT: '10000',
    // All test requests come from 127.0.0.1: the per-address lockout would couple test files.
    LOCKOUT_IP_MAX: '100000',
    ...env,
  });
  const { database, dispose } = await newTestDatabase();
  const app = await buildApp(config, database, opts);
  await app.ready();
  endWithMaker(async () => {
    await app.close();
    await dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const db = database.db;

  const api: TestApp['api'] = ({ token, tenant, url, headers, ...rest }) =>
    app.inject({
      ...rest,
      url: `/api/v1${url}`,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(tenant ? { 'x-tenant': tenant } : {}),
        ...headers,
      },
    });

  const createTenant: TestApp['createTenant'] = (name = 'Testmandant') => insertTenant(db, { name });
  const createUser: TestApp['createUser'] = (overrides = {}) => insertUser(db, overrides);

  const login: TestApp['login'] = async (email, password = TEST_PASSWORD) => {
    const res = await api({ method: 'POST', url: '/users/login', payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return res.json();
  };

  const sessionOf: TestApp['sessionOf'] = (user) => startSession({ db, deps: app.deps, ip: '127.0.0.1' }, user);

  const signedIn: TestApp['signedIn'] = async (role, overrides = {}) => {
    const user = await createUser({ role, ...overrides });
    const session = await sessionOf(user);
    return { user, token: session.token, session };
  };

  return { app, database, config, api, login, sessionOf, createUser, createTenant, signedIn };
}
