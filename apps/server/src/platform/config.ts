import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Config {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  /** Base URL that links in mails are built from; never the request's Host header. */
  publicUrl: string;
  dataDir: string;
  /** PostgreSQL connection string; without it the embedded PGlite database under dataDir is used. */
  databaseUrl?: string;
  seedDemo: boolean;
  appSecret: string;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: string;
  webDistDir: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** A refresh token used again within this many seconds gets the same new pair (two tabs at once). */
  refreshGraceSeconds: number;
  /**
   * Lockouts (docs/decisions/011): failures are remembered for `windowSeconds`; from `clientMax` per
   * account and address, `accountMax` per account, or `ipMax` per address, waits of `stepSeconds`
   * grow by a step per further failure up to `maxWaitSeconds`.
   */
  lockout: {
    clientMax: number;
    accountMax: number;
    ipMax: number;
    windowSeconds: number;
    stepSeconds: number;
    maxWaitSeconds: number;
  };
  /** Requests per minute and address on the sign-in calls (a coarse flood guard before the lockouts). */
  authRateLimitPerMinute: number;
  /** Largest accepted upload (documents) in megabytes. */
  uploadLimitMb: number;
}

const DEFAULT_SECRETS = new Set(['', 'changeme', 'secret', 'pruefbuch', 'development-secret']);

/** Reads the configuration from the environment; refuses a weak signing secret in production. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  const databaseUrl = env.DATABASE_URL || undefined;
  let appSecret = env.APP_SECRET ?? '';
  if (nodeEnv === 'production') {
    if (DEFAULT_SECRETS.has(appSecret) || appSecret.length < 32) {
      throw new Error('APP_SECRET must be set to a random value of at least 32 characters in production.');
    }
  } else if (!appSecret) {
    appSecret = databaseUrl ? randomBytes(32).toString('hex') : persistedDevSecret(dataDir);
  }
  return {
    env: nodeEnv,
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl,
    seedDemo: seedDemoSetting(env.SEED_DEMO, nodeEnv, databaseUrl),
    appSecret,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Prüfbuch <noreply@pruefbuch.local>',
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../../web/dist')),
    accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL ?? 900),
    refreshTokenTtlSeconds: Number(env.REFRESH_TOKEN_TTL ?? 14 * 24 * 3600),
    refreshGraceSeconds: Number(env.REFRESH_GRACE ?? 30),
    lockout: {
      clientMax: positiveNumber(env.LOCKOUT_CLIENT_MAX, 5, 'LOCKOUT_CLIENT_MAX'),
      accountMax: positiveNumber(env.LOCKOUT_ACCOUNT_MAX, 30, 'LOCKOUT_ACCOUNT_MAX'),
      ipMax: positiveNumber(env.LOCKOUT_IP_MAX, 50, 'LOCKOUT_IP_MAX'),
      windowSeconds: positiveNumber(env.LOCKOUT_WINDOW, 12 * 3600, 'LOCKOUT_WINDOW'),
      stepSeconds: positiveNumber(env.LOCKOUT_STEP, 60, 'LOCKOUT_STEP'),
      maxWaitSeconds: positiveNumber(env.LOCKOUT_MAX_WAIT, 15 * 60, 'LOCKOUT_MAX_WAIT'),
    },
    authRateLimitPerMinute: Number(env.AUTH_RATE_LIMIT ?? 120),
    uploadLimitMb: positiveNumber(env.UPLOAD_LIMIT_MB, 25, 'UPLOAD_LIMIT_MB'),
  };
}

/**
 * The demo seed (accounts with a published password) never runs in production: there an
 * explicit SEED_DEMO=1 stops the start with a message instead of being ignored silently.
 */
function seedDemoSetting(raw: string | undefined, nodeEnv: Config['env'], databaseUrl?: string): boolean {
  const asked = raw ? raw === '1' || raw === 'true' : undefined;
  if (nodeEnv === 'production') {
    if (asked) {
      throw new Error(
        'SEED_DEMO=1 is refused with NODE_ENV=production: the demo accounts share a published password. ' +
          'Unset SEED_DEMO, or run without NODE_ENV=production to try the demo.',
      );
    }
    return false;
  }
  return asked ?? !databaseUrl;
}

function positiveNumber(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number.`);
  return value;
}

/** On the embedded database in development a random secret is kept in the data dir, so sessions survive restarts. */
function persistedDevSecret(dataDir: string): string {
  const file = path.join(dataDir, '.app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
