import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import type { RoleNumber } from '@pruefbuch/domain/roles';
import type { LoginReply } from '@pruefbuch/domain/schemas/auth';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import { tenants, users, userTenants } from '../src/db/schema/index';
import { type Config, loadConfig } from '../src/platform/config';
import type { LogStream } from '../src/platform/logging';

export const TEST_PASSWORD = 'geheim123';
export const PUBLIC_URL = 'https://pruefbuch.example.org';
let passwordHash: Promise<string> | null = null;

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Calls the API: path relative to /api/v1, optional bearer token and tenant. */
  api: (opts: InjectOptions & { token?: string; tenant?: string }) => Promise<LightMyRequestResponse>;
  login: (email: string, password?: string) => Promise<LoginReply>;
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
 * Builds the app on a real database: an in-memory PGlite per test file, or the PostgreSQL of
 * TEST_DATABASE_URL (migrated once by the global setup). Every test makes its own data.
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
  const url = process.env.TEST_DATABASE_URL;
  const database = await openDatabase({ url, dataDir: null });
  if (!url) await database.migrate();
  const app = await buildApp(config, database, opts);
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
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

  const createTenant: TestApp['createTenant'] = async (name = 'Testmandant') => {
    const [row] = await db
      .insert(tenants)
      .values({ name, url: `t-${randomUUID()}` })
      .returning();
    if (!row) throw new Error('no tenant');
    return row;
  };

  const createUser: TestApp['createUser'] = async ({ tenantIds = [], ...overrides } = {}) => {
    passwordHash ??= hash(TEST_PASSWORD);
    const [row] = await db
      .insert(users)
      .values({
        firstName: 'Test',
        lastName: 'Nutzer',
        email: `u${randomUUID().replace(/-/g, '').slice(0, 16)}@test.example`,
        role: 3,
        isVerified: true,
        passwordHash: await passwordHash,
        abbreviation: randomUUID().slice(0, 6).toUpperCase(),
        ...overrides,
      })
      .returning();
    if (!row) throw new Error('no user');
    if (tenantIds.length)
      await db.insert(userTenants).values(tenantIds.map((tenantId) => ({ userId: row.id, tenantId })));
    return row;
  };

  const login: TestApp['login'] = async (email, password = TEST_PASSWORD) => {
    const res = await api({ method: 'POST', url: '/users/login', payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return res.json();
  };

  const signedIn: TestApp['signedIn'] = async (role, overrides = {}) => {
    const user = await createUser({ role, ...overrides });
    const session = await login(user.email);
    return { user, token: session.token, session };
  };

  return { app, database, config, api, login, createUser, createTenant, signedIn };
}
