import { Role } from '@pruefbuch/domain/roles';
import { ampelFor } from '@pruefbuch/domain/rules/next-inspection';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertBooks, member } from '../../../test/fixtures/books';
import { createTestApp } from '../../../test/helper';
import { books, tenants } from '../../db/schema/index';
import { startAmpelRefresh } from './books.ampel-job';
import { refreshAmpels } from './books.schedule';

const t = await createTestApp();
const db = t.database.db;
const TODAY = '2027-03-01';
/** Days from TODAY as an ISO date. */
const day = (offset: number) =>
  new Date(Date.parse(`${TODAY}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const OFFSETS = [400, 31, 30, 29, 1, 0, -1, -89, -90, -91, -365];

async function ampelsOf(ids: string[]) {
  const rows = await db
    .select({ id: books.id, a: books.inspectionAmpel, s: books.inspectionSelfAmpel })
    .from(books)
    .where(inArray(books.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

describe('refreshAmpels', () => {
  it('colours every stored date exactly as the domain rule does, with each tenant’s thresholds', async () => {
    const standard = await t.createTenant('Standard');
    const strict = await t.createTenant('Streng');
    await db.update(tenants).set({ ampelOrangeDays: 7, ampelBlackDays: 14 }).where(eq(tenants.id, strict.id));
    const rows = [
      ...OFFSETS.map((o) => ({ tenant: standard.id, o, thresholds: { orangeDays: 30, blackDays: 90 } })),
      ...OFFSETS.map((o) => ({ tenant: strict.id, o, thresholds: { orangeDays: 7, blackDays: 14 } })),
    ];
    const inserted = [];
    for (const r of rows) {
      const [b] = await insertBooks(t, r.tenant, [
        { title: `${r.o}`, nextInspectionDate: day(r.o), nextInspectionDateSelf: day(r.o), inspectionAmpel: 'green' },
      ]);
      inserted.push({ ...r, id: b?.id ?? '' });
    }
    const [noDate] = await insertBooks(t, standard.id, [{ title: 'ohne', inspectionAmpel: 'red' }]);
    const [shut] = await insertBooks(t, standard.id, [
      { title: 'stillgelegt', nextInspectionDate: day(200), shutDown: true },
    ]);
    // Tenant by tenant: other test files may share the database.
    const changed =
      (await refreshAmpels(db, { today: TODAY, tenantId: standard.id })) +
      (await refreshAmpels(db, { today: TODAY, tenantId: strict.id }));
    expect(changed).toBeGreaterThanOrEqual(inserted.length);
    const stored = await ampelsOf([...inserted.map((r) => r.id), noDate?.id ?? '', shut?.id ?? '']);
    for (const r of inserted) {
      const expected = ampelFor(day(r.o), TODAY, r.thresholds);
      expect(stored.get(r.id), `${r.tenant === strict.id ? 'strict' : 'standard'} ${r.o}`).toMatchObject({
        a: expected,
        s: expected,
      });
    }
    expect(stored.get(noDate?.id ?? '')).toMatchObject({ a: null, s: null });
    // Shut down: black whatever the date; the self-inspection ampel keeps its date rule (none here).
    expect(stored.get(shut?.id ?? '')).toMatchObject({ a: 'black', s: null });
    // Nothing left to change: a second run writes no row of these tenants.
    expect(await refreshAmpels(db, { today: TODAY, tenantId: standard.id })).toBe(0);
    // A day later the due date of today is overdue.
    await refreshAmpels(db, { today: day(1), tenantId: standard.id });
    const zero = inserted.find((r) => r.tenant === standard.id && r.o === 0);
    expect((await ampelsOf([zero?.id ?? ''])).get(zero?.id ?? '')?.a).toBe('red');
  });

  it('runs at start-up and on its timer until stopped', async () => {
    const tenant = await t.createTenant('Timer');
    const [b] = await insertBooks(t, tenant.id, [
      { title: 'alt', nextInspectionDate: '2000-01-01', inspectionAmpel: 'green' },
    ]);
    const logged: string[] = [];
    const log = {
      info: (_: object, msg: string) => logged.push(msg),
      error: (_: object, msg: string) => logged.push(msg),
    };
    const job = startAmpelRefresh(db, log, { everyMs: 50, tenantId: tenant.id });
    await job.run();
    expect((await ampelsOf([b?.id ?? ''])).get(b?.id ?? '')?.a).toBe('black');
    await db
      .update(books)
      .set({ inspectionAmpel: 'green' })
      .where(eq(books.id, b?.id ?? ''));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await job.stop();
    expect((await ampelsOf([b?.id ?? ''])).get(b?.id ?? '')?.a).toBe('black');
    await db
      .update(books)
      .set({ inspectionAmpel: 'green' })
      .where(eq(books.id, b?.id ?? ''));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await ampelsOf([b?.id ?? ''])).get(b?.id ?? '')?.a).toBe('green');
    expect(logged).toContain('ampels refreshed');
    expect(logged).not.toContain('ampel refresh failed');
  });

  it('recolours the books of a tenant whose thresholds change (PUT tenants)', async () => {
    const admin = await member(t, Role.ADMIN_ROLE, []);
    const tenant = await t.createTenant('Schwellen');
    const due = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const [b] = await insertBooks(t, tenant.id, [{ title: 'in 20 Tagen', nextInspectionDate: due }]);
    await refreshAmpels(db, { tenantId: tenant.id });
    expect((await ampelsOf([b?.id ?? ''])).get(b?.id ?? '')?.a).toBe('orange');
    const current = (await t.api({ method: 'GET', url: `/tenants/${tenant.id}`, token: admin.token })).json();
    const res = await t.api({
      method: 'PUT',
      url: `/tenants/${tenant.id}`,
      token: admin.token,
      payload: { name: current.name, url: current.url, __v: current.__v, ampelOrangeDays: 14 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ampelOrangeDays: 14, ampelBlackDays: 90 });
    expect((await ampelsOf([b?.id ?? ''])).get(b?.id ?? '')?.a).toBe('green');
    const bad = await t.api({
      method: 'PUT',
      url: `/tenants/${tenant.id}`,
      token: admin.token,
      payload: { name: current.name, url: current.url, __v: res.json().__v, ampelBlackDays: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ field: 'ampelBlackDays', key: 'validation.min' });
  });
});
