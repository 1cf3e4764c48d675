import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helper';
import { customerLocations, importRuns } from '../db/schema/index';
import { DEMO_PASSWORD, seedDemo } from './seed';

const t = await createTestApp();
const db = t.database.db;
await seedDemo(db);

describe('seedDemo: one import run of the branch list', () => {
  it('is listed for the admin and can be undone, setting the two branches it changed back', async () => {
    const [run] = await db.select().from(importRuns);
    if (!run) throw new Error('a demo import run expected');
    const { token } = await t.login('admin@demo.test', DEMO_PASSWORD);
    const list = await t.api({ method: 'GET', url: '/customerlocation/import/runs', token, tenant: run.tenantId });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().docs).toEqual([
      expect.objectContaining({
        fileName: 'FrischeMarkt Filialen Hamburg.xlsx',
        userName: expect.stringMatching(/\S/),
        counts: { create: 0, update: 2, unchanged: 14, skipped: 0 },
        undoneAt: null,
      }),
    ]);
    const undo = await t.api({
      method: 'POST',
      url: `/customerlocation/import/runs/${run.id}/undo`,
      token,
      tenant: run.tenantId,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    const hamburg = await db.select().from(customerLocations).where(eq(customerLocations.znl, 'Hamburg'));
    expect(hamburg.find((l) => l.nr === '4301')?.address.tel).toBe('+49 40 300000');
    expect(hamburg.find((l) => l.nr === '4302')?.bemerkungen).toBe('');
  });
});
