import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/temp-dir';
import { loadConfig } from './config';
import { redactUrl } from './logging';

const dataDir = () => tempDir('pb-config-');
const secret = 's'.repeat(40);
const prodUrl = { PUBLIC_URL: 'https://pruefbuch.example.de' };

describe('loadConfig', () => {
  it.each([undefined, '', 'changeme', 'secret', 'kurz-und-schwach'])(
    'refuses to start in production with the secret %j',
    (secret) => {
      expect(() => loadConfig({ ...prodUrl, NODE_ENV: 'production', APP_SECRET: secret, DATA_DIR: dataDir() })).toThrow(
        /APP_SECRET/,
      );
    },
  );

  it('accepts a long random secret in production', () => {
    const cfg = loadConfig({
      ...prodUrl,
      NODE_ENV: 'production',
      APP_SECRET: `${'x'.repeat(16) + 'y'.repeat(16)}z`,
      DATA_DIR: dataDir(),
    });
    expect(cfg.env).toBe('production');
  });

  it('keeps a generated development secret in the data dir, so sessions survive restarts', () => {
    const dir = dataDir();
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.appSecret).toHaveLength(64);
    expect(b.appSecret).toBe(a.appSecret);
  });

  it('seeds demo data on the embedded database only, unless asked', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', APP_SECRET: secret }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', APP_SECRET: secret, SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('never seeds the demo in production, and refuses an explicit SEED_DEMO=1 there', () => {
    const prod = { ...prodUrl, NODE_ENV: 'production', APP_SECRET: 'p'.repeat(40), DATA_DIR: dataDir() };
    expect(loadConfig(prod).seedDemo).toBe(false);
    expect(loadConfig({ ...prod, SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(() => loadConfig({ ...prod, SEED_DEMO: '1' })).toThrow(/SEED_DEMO=1 is refused/);
    expect(() => loadConfig({ ...prod, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO=1 is refused/);
  });

  it('builds mail links from PUBLIC_URL, defaulting to localhost and the port', () => {
    expect(loadConfig({ PORT: '4000', DATA_DIR: dataDir() }).publicUrl).toBe('http://localhost:4000');
    expect(loadConfig({ PUBLIC_URL: 'https://pb.example.de/', DATA_DIR: dataDir() }).publicUrl).toBe(
      'https://pb.example.de',
    );
  });

  it('limits uploads to 25 MB unless UPLOAD_LIMIT_MB says otherwise, and refuses nonsense', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).uploadLimitMb).toBe(25);
    expect(loadConfig({ DATA_DIR: dataDir(), UPLOAD_LIMIT_MB: '0.5' }).uploadLimitMb).toBe(0.5);
    for (const bad of ['0', '-1', 'viel']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), UPLOAD_LIMIT_MB: bad })).toThrow(/UPLOAD_LIMIT_MB/);
    }
  });
});

describe('redactUrl', () => {
  it.each([
    ['/api/v1/users/reset/abcDEF123', '/api/v1/users/reset/[redacted]'],
    ['/api/v1/users/confirmation/tok_en-1', '/api/v1/users/confirmation/[redacted]'],
    ['/api/v1/users/deactivate2fa/xyz?x=1', '/api/v1/users/deactivate2fa/[redacted]'],
    ['/app/admin/reset/finish?key=geheim&a=b', '/app/admin/reset/finish'],
    ['/app/disable2fa?token=geheim#x', '/app/disable2fa'],
    ['/api/v1/books?search=Müller', '/api/v1/books'],
    ['/api/v1/users/me', '/api/v1/users/me'],
  ])('keeps tokens and queries out of the log: %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('settings checked at start', () => {
  // Each row: the settings, and the variable the refusal must name (or null: the start goes on).
  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '8080' }, null],
    [{ ACCESS_TOKEN_TTL: 'abc' }, 'ACCESS_TOKEN_TTL'],
    [{ ACCESS_TOKEN_TTL: '0' }, 'ACCESS_TOKEN_TTL'],
    [{ REFRESH_TOKEN_TTL: '1.5' }, 'REFRESH_TOKEN_TTL'],
    [{ SMTP_URL: 'nonsense' }, 'SMTP_URL'],
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL'],
    [{ SMTP_URL: 'smtp://user:pass@mail.example.com:587' }, null],
    [{ PUBLIC_URL: 'pruefbuch.example.de' }, 'PUBLIC_URL'],
    [{ DATABASE_URL: 'mysql://x/y', APP_SECRET: secret }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://x/y' }, 'APP_SECRET'],
    [{ DATABASE_URL: 'postgres://x/y', APP_SECRET: 'zu-kurz' }, 'APP_SECRET'],
    [{ DATABASE_URL: 'postgres://x/y', APP_SECRET: secret }, null],
    [{ APP_SECRET_PREVIOUS: 'kurz' }, 'APP_SECRET_PREVIOUS'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '*' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1, nonsense' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '0.0.0.0/0' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '::/0' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/99' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '1' }, null],
    [{ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8, ::1' }, null],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ JOBS: 'vielleicht' }, 'JOBS'],
    [{ JOBS: '0' }, null],
    [{ MAIL_RETRY_BASE_MS: '-5' }, 'MAIL_RETRY_BASE_MS'],
    [{ DB_POOL_MAX: '0' }, 'DB_POOL_MAX'],
    [{ BACKUP_KEEP: 'alle' }, 'BACKUP_KEEP'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'ja' }, 'S3_FORCE_PATH_STYLE'],
    [{ SENTRY_DSN: 'sentry' }, 'SENTRY_DSN'],
    [{ NODE_ENV: 'production', APP_SECRET: secret }, 'PUBLIC_URL'],
    [{ NODE_ENV: 'production', APP_SECRET: secret, ...prodUrl }, null],
  ] as const)('%j → %s', (env, named) => {
    const read = () => loadConfig({ DATA_DIR: dataDir(), ...env });
    if (named === null) expect(read).not.toThrow();
    else expect(read).toThrow(new RegExp(`\\b${named}\\b`));
  });

  it('names every wrong variable at once', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'x', ACCESS_TOKEN_TTL: 'y' })).toThrow(
      /PORT[\s\S]*ACCESS_TOKEN_TTL/,
    );
  });

  it('reads TRUST_PROXY as a hop count or a list, and trusts no proxy by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.5,10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
    ]);
  });
});
