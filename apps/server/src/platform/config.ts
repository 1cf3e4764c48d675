import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { defaultWebDistDir } from './paths';

export interface S3Config {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

export interface Config {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  /** Base URL that links in mails and printed QR codes are built from; never the request's Host header. */
  publicUrl: string;
  dataDir: string;
  /** PostgreSQL connection string; without it the embedded PGlite database under dataDir is used. */
  databaseUrl?: string;
  /** Connections of this process to PostgreSQL. */
  dbPoolMax: number;
  seedDemo: boolean;
  appSecret: string;
  /** The secret before a rotation: still accepted to verify tokens and open sealed values (never used to make new ones). */
  appSecretPrevious?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** First wait before a failed mail is tried again; each further attempt waits twice as long. */
  mailRetryBaseMs: number;
  /** Attempts before a mail becomes a dead letter. */
  mailMaxAttempts: number;
  /** Connect, greeting and socket timeout of the SMTP connection. */
  smtpTimeoutMs: number;
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
  /**
   * Which proxies' X-Forwarded-For is believed: a hop count (1 = the nearest proxy) or a list of
   * proxy addresses or networks; false trusts none. Never 'everything' (forged addresses would pass).
   */
  trustProxy: false | number | string[];
  /** S3-compatible object storage for files; without it files live under dataDir/files. */
  s3?: S3Config;
  /** Hours a file whose last reference is gone stays in the store (a backup in flight still finds it). */
  fileRemovalGraceHours: number;
  /** Where the daily backup is written; without it there is no daily backup. */
  backupDir?: string;
  /** Daily backups kept in backupDir. */
  backupKeep: number;
  /** Whether this process runs the periodic jobs and the mail worker (JOBS=0: requests only). */
  jobs: boolean;
  /** Error tracker (Sentry or GlitchTip) DSN; without it no events are sent. */
  sentryDsn?: string;
  /** Bearer token for /metrics; without it /metrics answers only on the loopback address, not through a proxy. */
  metricsToken?: string;
  /** Longest wait for in-flight requests after SIGTERM before the process exits anyway. */
  shutdownTimeoutMs: number;
}

const DEFAULT_SECRETS = new Set(['', 'changeme', 'secret', 'pruefbuch', 'development-secret']);

/** A start-up refusal: the message names the setting and what it must be. */
export class ConfigError extends Error {}

const empty = (v: unknown) => v === undefined || v === '';
const optionalText = z.preprocess((v) => (empty(v) ? undefined : v), z.string().optional());
const count = (fallback: number, min = 1) =>
  z.preprocess(
    (v) => (empty(v) ? fallback : v),
    z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(min, `must be at least ${min}`),
  );
const positive = (fallback: number) =>
  z.preprocess(
    (v) => (empty(v) ? fallback : v),
    z.coerce.number({ error: 'must be a positive number' }).positive('must be a positive number'),
  );
const flag = (fallback: boolean) =>
  z.preprocess(
    (v) => (empty(v) ? fallback : v),
    z.union([z.boolean(), z.enum(['1', '0', 'true', 'false']).transform((s) => s === '1' || s === 'true')], {
      error: 'must be 1 or 0',
    }),
  );
const url = (protocols: RegExp, what: string) =>
  z.preprocess(
    (v) => (empty(v) ? undefined : v),
    z
      .string()
      .refine((s) => URL.canParse(s) && protocols.test(new URL(s).protocol), `must be ${what}`)
      .optional(),
  );

/**
 * TRUST_PROXY: a hop count ('1' behind one nginx) or a comma-separated list of proxy addresses or
 * networks ('10.0.0.5, 10.1.0.0/16'). 'true' or '*' would believe any forged X-Forwarded-For.
 */
const trustProxy = z.preprocess(
  (v) => (empty(v) ? undefined : v),
  z
    .string()
    .optional()
    .transform((raw, ctx): false | number | string[] => {
      if (raw === undefined || raw === '0' || raw === 'false') return false;
      if (/^\d+$/.test(raw)) return Number(raw);
      const list = raw.split(',').map((s) => s.trim());
      const valid = list.every((entry) => {
        const [address, bits, extra] = entry.split('/');
        const family = isIP(address ?? '');
        if (extra !== undefined || family === 0) return false;
        if (bits === undefined) return true;
        // A network of at least /8 (IPv4) or /16 (IPv6): /0 would be 'everything' again.
        const length = /^\d{1,3}$/.test(bits) ? Number(bits) : -1;
        return family === 4 ? length >= 8 && length <= 32 : length >= 16 && length <= 128;
      });
      if (!valid) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be a hop count (e.g. 1) or a comma-separated list of proxy addresses; trusting every address is not offered',
        });
        return z.NEVER;
      }
      return list;
    }),
);

/** Every setting the server reads, by its variable; a wrong value stops the start with its name. */
const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: count(3000, 0).pipe(z.number().max(65535, 'must be a port number (0–65535)')),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: url(/^postgres(ql)?:$/, 'a postgres:// connection string'),
  DB_POOL_MAX: count(10),
  SEED_DEMO: optionalText,
  APP_SECRET: optionalText,
  APP_SECRET_PREVIOUS: optionalText,
  PUBLIC_URL: url(/^https?:$/, 'an http:// or https:// address'),
  SMTP_URL: url(/^smtps?:$/, 'an smtp:// or smtps:// address, e.g. smtp://user:pass@mail.example.com:587'),
  MAIL_FROM: z.string().default('Prüfbuch <noreply@pruefbuch.local>'),
  MAIL_RETRY_BASE_MS: count(60_000),
  MAIL_MAX_ATTEMPTS: count(8),
  SMTP_TIMEOUT_MS: count(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  WEB_DIST_DIR: optionalText,
  ACCESS_TOKEN_TTL: count(900),
  REFRESH_TOKEN_TTL: count(14 * 24 * 3600),
  REFRESH_GRACE: count(30, 0),
  LOCKOUT_CLIENT_MAX: positive(5),
  LOCKOUT_ACCOUNT_MAX: positive(30),
  LOCKOUT_IP_MAX: positive(50),
  LOCKOUT_WINDOW: positive(12 * 3600),
  LOCKOUT_STEP: positive(60),
  LOCKOUT_MAX_WAIT: positive(15 * 60),
  AUTH_RATE_LIMIT: count(120),
  UPLOAD_LIMIT_MB: positive(25),
  TRUST_PROXY: trustProxy,
  S3_ENDPOINT: url(/^https?:$/, 'an http:// or https:// address'),
  S3_BUCKET: optionalText,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: flag(false),
  FILE_REMOVAL_GRACE_HOURS: positive(24),
  BACKUP_DIR: optionalText,
  BACKUP_KEEP: count(7),
  JOBS: flag(true),
  SENTRY_DSN: url(/^https?:$/, 'a DSN such as https://key@sentry.example.com/1'),
  SHUTDOWN_TIMEOUT_MS: count(10_000),
  METRICS_TOKEN: optionalText,
});

/** Reads and checks every setting at once; throws a ConfigError naming each wrong variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const nodeEnv = e.NODE_ENV === 'production' ? 'production' : e.NODE_ENV === 'test' ? 'test' : 'development';
  const dataDir = path.resolve(e.DATA_DIR);
  const databaseUrl = e.DATABASE_URL;
  const problems: string[] = [];
  const check = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      problems.push(err.message);
      return undefined;
    }
  };
  const appSecret = check(() => appSecretSetting(e.APP_SECRET, nodeEnv, databaseUrl, dataDir));
  const seedDemo = check(() => seedDemoSetting(e.SEED_DEMO, nodeEnv, databaseUrl));
  if (nodeEnv === 'production' && !e.PUBLIC_URL) {
    problems.push(
      'PUBLIC_URL must be set in production: it is the address in mail links and in the QR codes printed on labels.',
    );
  }
  if (e.S3_BUCKET === undefined && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID)) {
    problems.push('S3_BUCKET must be set when S3_ENDPOINT or S3_ACCESS_KEY_ID is set.');
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together.');
  }
  if (e.APP_SECRET_PREVIOUS !== undefined && e.APP_SECRET_PREVIOUS.length < 32) {
    problems.push('APP_SECRET_PREVIOUS must be the former APP_SECRET (at least 32 characters).');
  }
  if (problems.length || appSecret === undefined || seedDemo === undefined) throw new ConfigError(problems.join('\n'));
  return {
    env: nodeEnv,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl,
    dbPoolMax: e.DB_POOL_MAX,
    seedDemo,
    appSecret,
    appSecretPrevious: e.APP_SECRET_PREVIOUS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailRetryBaseMs: e.MAIL_RETRY_BASE_MS,
    mailMaxAttempts: e.MAIL_MAX_ATTEMPTS,
    smtpTimeoutMs: e.SMTP_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? defaultWebDistDir),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL,
    refreshGraceSeconds: e.REFRESH_GRACE,
    lockout: {
      clientMax: e.LOCKOUT_CLIENT_MAX,
      accountMax: e.LOCKOUT_ACCOUNT_MAX,
      ipMax: e.LOCKOUT_IP_MAX,
      windowSeconds: e.LOCKOUT_WINDOW,
      stepSeconds: e.LOCKOUT_STEP,
      maxWaitSeconds: e.LOCKOUT_MAX_WAIT,
    },
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT,
    uploadLimitMb: e.UPLOAD_LIMIT_MB,
    trustProxy: e.TRUST_PROXY,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    fileRemovalGraceHours: e.FILE_REMOVAL_GRACE_HOURS,
    backupDir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : undefined,
    backupKeep: e.BACKUP_KEEP,
    jobs: e.JOBS,
    sentryDsn: e.SENTRY_DSN,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    metricsToken: e.METRICS_TOKEN,
  };
}

/**
 * The signing and sealing secret. In production and on PostgreSQL it must be given: several servers
 * share one database and must share it, and a secret made up per start would sign everyone out and
 * make the sealed 2FA secrets unreadable. Only the embedded database keeps a generated one in its
 * data dir (one server, and the backup of that dir carries it).
 */
function appSecretSetting(
  raw: string | undefined,
  nodeEnv: Config['env'],
  databaseUrl: string | undefined,
  dataDir: string,
): string {
  if (raw !== undefined) {
    if (DEFAULT_SECRETS.has(raw) || raw.length < 32) {
      throw new ConfigError(
        'APP_SECRET must be a random value of at least 32 characters (e.g. `openssl rand -hex 32`).',
      );
    }
    return raw;
  }
  if (nodeEnv === 'production') {
    throw new ConfigError('APP_SECRET must be set to a random value of at least 32 characters in production.');
  }
  if (databaseUrl) {
    throw new ConfigError(
      'APP_SECRET must be set with DATABASE_URL: every server on the database signs sessions and seals 2FA secrets with it ' +
        '(e.g. `openssl rand -hex 32`; keep it with your backups).',
    );
  }
  return persistedDevSecret(dataDir);
}

/**
 * The demo seed (accounts with a published password) never runs in production: there an
 * explicit SEED_DEMO=1 stops the start with a message instead of being ignored silently.
 */
function seedDemoSetting(raw: string | undefined, nodeEnv: Config['env'], databaseUrl?: string): boolean {
  const asked = raw ? raw === '1' || raw === 'true' : undefined;
  if (nodeEnv === 'production') {
    if (asked) {
      throw new ConfigError(
        'SEED_DEMO=1 is refused with NODE_ENV=production: the demo accounts share a published password. ' +
          'Unset SEED_DEMO, or run without NODE_ENV=production to try the demo.',
      );
    }
    return false;
  }
  return asked ?? !databaseUrl;
}

/** On the embedded database a random secret is kept in the data dir, so sessions survive restarts. */
function persistedDevSecret(dataDir: string): string {
  const file = path.join(dataDir, '.app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
