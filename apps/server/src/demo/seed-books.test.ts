import { Role } from '@pruefbuch/domain/roles';
import { bookSchema } from '@pruefbuch/domain/schemas/book';
import { describe, expect, it } from 'vitest';
import { folderIn, member } from '../../test/fixtures/books';
import { createTestApp } from '../../test/helper';
import { seedDemoBooks } from './seed-books';

const t = await createTestApp();

describe('seedDemoBooks', () => {
  it("fills the demo tenant's folders with valid, searchable books and two templates", async () => {
    const tenant = await t.createTenant('Demo');
    const ffm = await folderIn(t, tenant.id, 'Frankfurt am Main');
    const zeil = await folderIn(t, tenant.id, 'Zeil 106 – Kaufhaus', ffm);
    const wi = await folderIn(t, tenant.id, 'Wiesbaden');
    const da = await folderIn(t, tenant.id, 'Darmstadt');
    await t.database.db.transaction((tx) => seedDemoBooks(tx, tenant.id));
    const user = await member(t, Role.STANDARD_ROLE, [tenant.id]);
    const get = (url: string) => t.api({ method: 'GET', url, token: user.token, tenant: tenant.id });

    const all = await get('/books?size=100');
    expect(all.json().total).toBeGreaterThanOrEqual(25);
    const count = async (folder: string) => (await get(`/books?folder=${folder}`)).json().total;
    expect(await count(zeil)).toBe(5);
    for (const folder of [ffm, wi, da]) expect(await count(folder)).toBeGreaterThanOrEqual(4);
    expect((await get('/books?status=7')).json().total).toBe(2);
    expect((await get('/books?search=Sparkasse%20Wiesbaden')).json().total).toBeGreaterThanOrEqual(3);
    expect((await get('/books?search=64283')).json().total).toBeGreaterThanOrEqual(4);

    for (const doc of all.json().docs as { _id: string }[]) {
      const res = await get(`/books/${doc._id}`);
      expect(bookSchema.safeParse(res.json()).success).toBe(true);
    }
    const stats = (await get('/books/statistics')).json();
    expect(stats.byStatus.filter((s: { count: number }) => s.count > 0).length).toBeGreaterThanOrEqual(5);
  });
});
