import { Role } from '@pruefbuch/domain/roles';
import type { JobStatus } from '@pruefbuch/domain/schemas/job';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper';
import { jobRuns } from '../../db/schema/index';
import { createScheduler } from '../../platform/jobs';

const t = await createTestApp();
const db = t.database.db;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe('GET admin/jobs', () => {
  const jobs = (token?: string) => t.api({ method: 'GET', url: '/admin/jobs', token });

  it('shows each job’s last run, last failure, failures of the last 24 hours and next run', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    await db.insert(jobRuns).values([
      // Two days ago: a failure outside the 24 hours.
      { name: 'offer-day', startedAt: minutesAgo(48 * 60), ok: false, attempt: 1, runner: 'web-1:11', error: 'alt' },
      {
        name: 'offer-day',
        startedAt: minutesAgo(90),
        finishedAt: minutesAgo(89),
        durationMs: 61_000,
        ok: false,
        attempt: 1,
        runner: 'web-1:11',
        error: 'Error: SMTP 451',
      },
      {
        name: 'offer-day',
        startedAt: minutesAgo(88),
        finishedAt: minutesAgo(88),
        durationMs: 1_250,
        ok: true,
        attempt: 2,
        runner: 'web-2:22',
      },
      { name: 'digest', startedAt: minutesAgo(1), ok: null, attempt: 1, runner: 'web-2:22' },
    ]);
    // This process plans the offers' day and a backup that never ran.
    const scheduler = createScheduler({ database: { db, kind: 'pglite' }, log: t.app.log, runner: 'test:1' });
    scheduler.schedule('offer-day', { cron: '2 * * * *' }, async () => {});
    scheduler.schedule('backup', { cron: '30 2 * * *' }, async () => {});
    await scheduler.start();
    const res = await jobs(admin.token);
    await scheduler.stop();

    expect(res.statusCode).toBe(200);
    const byName = new Map((res.json().jobs as JobStatus[]).map((j) => [j.name, j]));
    expect([...byName.keys()]).toEqual(['backup', 'digest', 'offer-day']);
    const offerDay = byName.get('offer-day');
    expect(offerDay).toMatchObject({
      lastRun: { state: 'ok', attempt: 2, durationMs: 1_250, runner: 'web-2:22' },
      lastFailure: { attempt: 1, error: 'Error: SMTP 451' },
      failures24h: 1,
      runs24h: 2,
    });
    const next = Date.parse(offerDay?.nextRunAt ?? '');
    expect(next).toBeGreaterThan(Date.now());
    expect(next - Date.now()).toBeLessThanOrEqual(3_600_000);
    expect(new Date(next).getUTCMinutes()).toBe(2);
    // Running now (or its process ended meanwhile); planned by no process here.
    expect(byName.get('digest')).toMatchObject({
      lastRun: { state: 'running', finishedAt: null, durationMs: null },
      lastFailure: null,
      nextRunAt: null,
    });
    expect(byName.get('backup')).toMatchObject({ lastRun: null, failures24h: 0, runs24h: 0 });
    expect(byName.get('backup')?.nextRunAt).not.toBeNull();
  });

  it('names no tenant: only the job fields, whatever the tenant header', async () => {
    const admin = await t.signedIn(Role.ADMIN_ROLE);
    const tenant = await t.createTenant('Verborgen GmbH');
    await db.insert(jobRuns).values({ name: 'ampel-refresh', ok: true, attempt: 1, runner: 'web-1:11' });
    const res = await t.api({ method: 'GET', url: '/admin/jobs', token: admin.token, tenant: tenant.id });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(tenant.id);
    expect(res.body).not.toContain('Verborgen');
    for (const job of res.json().jobs as JobStatus[]) {
      expect(Object.keys(job).sort()).toEqual(
        ['failures24h', 'lastFailure', 'lastRun', 'name', 'nextRunAt', 'runs24h'].sort(),
      );
    }
  });

  it('is for admins only', async () => {
    for (const role of [Role.LIST_ADMIN_ROLE, Role.STANDARD_ROLE, Role.PROJECT_ROLE, Role.ROLE_FILIALE]) {
      const { token } = await t.signedIn(role, role === Role.ROLE_FILIALE ? { customerRole: 1 } : {});
      expect((await jobs(token)).statusCode).toBe(403);
    }
    expect((await jobs()).statusCode).toBe(401);
  });
});
