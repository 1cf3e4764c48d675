import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';

let t: TestApp;
const lines: Record<string, unknown>[] = [];
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => lines.push(JSON.parse(line)) } });
});

describe('health, readiness and metrics', () => {
  it('/health answers from what the process knows, with the version', async () => {
    const res = await t.api({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: true });
    expect(res.json().version).toMatch(/^\d+\.\d+\.\d+/);
    expect(res.json().release).toBe(`pruefbuch@${res.json().version}+${res.json().release.split('+')[1]}`);
    expect(res.json().release.split('+')[1]).toMatch(/^([0-9a-f]{7,40}|unknown)$/);
  });

  it('/ready checks database, migrations and files, and says 503 while draining', async () => {
    const ok = await t.api({ method: 'GET', url: '/ready' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      ready: true,
      checks: { database: true, migrations: true, files: true, accepting: true },
    });
    t.app.deps.lifecycle.draining = true;
    try {
      const draining = await t.api({ method: 'GET', url: '/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json().checks.accepting).toBe(false);
    } finally {
      t.app.deps.lifecycle.draining = false;
    }
  });

  it('keeps an incoming X-Request-Id, echoes it, and writes one line per request with it', async () => {
    const res = await t.api({ method: 'GET', url: '/health', headers: { 'x-request-id': 'nginx-4711.abc' } });
    expect(res.headers['x-request-id']).toBe('nginx-4711.abc');
    const mine = lines.filter((l) => l.reqId === 'nginx-4711.abc');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ msg: 'request', method: 'GET', route: '/api/v1/health', status: 200 });
    // A header that is not a plain token is replaced by a fresh id.
    const odd = await t.api({ method: 'GET', url: '/health', headers: { 'x-request-id': 'a b\u0000c' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('/metrics speaks Prometheus on the loopback address only, never through a proxy', async () => {
    await t.api({ method: 'GET', url: '/health' });
    const res = await t.api({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/pruefbuch_http_request_duration_seconds_bucket\{[^}]*route="\/api\/v1\/health"/);
    expect(res.body).toMatch(/pruefbuch_mail_outbox\{status="dead"\} \d+/);
    expect(res.body).toContain('pruefbuch_process_cpu_seconds_total');
    const proxied = await t.api({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(proxied.statusCode).toBe(404);
    const remote = await t.api({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(404);
  });

  it('/metrics with METRICS_TOKEN wants the token', async () => {
    const guarded = await createTestApp({ METRICS_TOKEN: 'scrape-token-123' });
    expect((await guarded.api({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const res = await guarded.api({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-token-123' },
    });
    expect(res.statusCode).toBe(200);
  });
});
