import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { redactUrl } from './logging';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'pb-config-'));

describe('loadConfig', () => {
  it.each([undefined, '', 'changeme', 'secret', 'kurz-und-schwach'])(
    'refuses to start in production with the secret %j',
    (secret) => {
      expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: secret, DATA_DIR: dataDir() })).toThrow(
        /APP_SECRET/,
      );
    },
  );

  it('accepts a long random secret in production', () => {
    const cfg = loadConfig({
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
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('never seeds the demo in production, and refuses an explicit SEED_DEMO=1 there', () => {
    const prod = { NODE_ENV: 'production', APP_SECRET: 'p'.repeat(40), DATA_DIR: dataDir() };
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
