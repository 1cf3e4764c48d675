/** isAnyOf: a list of ids as one parameter, on the embedded database and on PostgreSQL (npm run test:pg). */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { newTestDatabase } from '../../test/database';
import { insertTenant } from '../../test/factories';
import { isAnyOf } from './any-of';
import { tenants } from './schema/index';

const { database, dispose } = await newTestDatabase();
afterAll(dispose);

describe('isAnyOf', () => {
  it('finds the rows of the listed ids and no other', async () => {
    const [a, b] = [await insertTenant(database.db), await insertTenant(database.db)];
    const found = await database.db
      .select({ id: tenants.id })
      .from(tenants)
      .where(isAnyOf(tenants.id, [a.id, randomUUID()]));
    expect(found.map((r) => r.id)).toEqual([a.id]);
    expect(b.id).not.toBe(a.id);
    expect(await database.db.select().from(tenants).where(isAnyOf(tenants.id, []))).toEqual([]);
  });

  it('takes more ids than a statement may have parameters (65,535), as one', async () => {
    const a = await insertTenant(database.db);
    const ids = [...Array.from({ length: 70_000 }, () => randomUUID()), a.id];
    const found = await database.db
      .select({ id: tenants.id })
      .from(tenants)
      .where(and(isAnyOf(tenants.id, ids), eq(tenants.name, a.name)));
    expect(found).toEqual([{ id: a.id }]);
  });
});
