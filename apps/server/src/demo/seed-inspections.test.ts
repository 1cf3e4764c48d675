import { inspectionSchema } from '@pruefbuch/domain/schemas/inspection';
import { eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helper';
import type { Database } from '../db/client';
import { books, inspections, tenants } from '../db/schema/index';
import { refreshAmpels } from '../modules/books/books.schedule';
import { assertFinalizable } from '../modules/inspections/inspections.finalize';
import { readRecord } from '../modules/inspections/inspections.repo';
import { seedDemo } from './seed';

/** The demo records (on a database of its own: the seed needs an empty one). */
describe('seedDemo: inspection records and schedules', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemo(database.db);
  });

  it('gives the demo books a realistic mix of ampels, computed from their records', async () => {
    const db = database.db;
    const [tenant] = await db.select().from(tenants).where(eq(tenants.url, 'rhein-main'));
    const rows = await db
      .select()
      .from(books)
      .where(eq(books.tenantId, tenant?.id ?? ''));
    const ampels = new Set(rows.map((b) => b.inspectionAmpel));
    for (const colour of ['green', 'orange', 'red', 'black']) expect(ampels, colour).toContain(colour);
    const selfAmpels = new Set(rows.map((b) => b.inspectionSelfAmpel));
    expect(selfAmpels).toContain('orange');
    // The stored ampels are exactly what the hourly refresh computes.
    expect(await refreshAmpels(db, { tenantId: tenant?.id })).toBe(0);
    const shut = rows.filter((b) => b.shutDown);
    expect(shut.map((b) => [b.title, b.inspectionAmpel, b.status])).toEqual([
      ['Kaufhof Zeil – Feststellanlage Lager 2. OG', 'black', 6],
    ]);
    const byStatus = new Set(rows.map((b) => b.status));
    for (const status of [3, 4, 5, 6]) expect(byStatus).toContain(status);
  });

  it('has valid, complete, signed records of every kind, defects of every severity and one draft', async () => {
    const db = database.db;
    const all = await db.select().from(inspections);
    expect(new Set(all.map((r) => r.kind))).toEqual(new Set(['inspection', 'wartung', 'gutachten', 'self']));
    expect(all.filter((r) => r.isAbnahmeGutachten).length).toBeGreaterThanOrEqual(1);
    const severities = new Set(all.flatMap((r) => r.defects.map((d) => d.severity)));
    expect(severities).toEqual(new Set(['safe', 'repair', 'shutdown']));
    const drafts = await db.select().from(inspections).where(isNull(inspections.finalizedAt));
    expect(drafts).toHaveLength(1);
    expect(drafts[0]?.checklist.some((c) => c.result === null)).toBe(true);
    for (const r of all) {
      const dto = await readRecord(db, r.tenantId, r.id);
      expect(inspectionSchema.safeParse(dto).success, r.id).toBe(true);
      expect(dto?.defects.every((d) => d._id.length > 0)).toBe(true);
      if (r.finalizedAt) expect(() => assertFinalizable(r)).not.toThrow();
    }
  });
});
