/** Values written into many rows of a tenant table at once (platform/row-updates.ts). */
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertOffer, insertTenant, offerValues } from '../../test/factories';
import { openTestDatabase } from '../../test/helper';
import { rowsOf } from '../db/client';
import { offers } from '../db/schema/index';
import { insertOfferRows } from '../modules/offers/offers.store';
import { updateRows } from './row-updates';

const database = await openTestDatabase();
const db = database.db;

const stored = async (ids: string[]) =>
  db
    .select({ id: offers.id, ampel: offers.ampel, ampelRank: offers.ampelRank, listItem: offers.listItem })
    .from(offers)
    .where(inArray(offers.id, ids));
const xminOf = async (id: string) =>
  (await rowsOf<{ xmin: string }>(db, sql`select xmin::text as xmin from ${offers} where ${offers.id} = ${id}`))[0]
    ?.xmin as string;

describe('updateRows', () => {
  it('writes each row its own values, cast to their columns, and answers the ids written', async () => {
    const tenant = await insertTenant(db);
    const a = await insertOffer(db, tenant.id);
    const b = await insertOffer(db, tenant.id);
    const written = await updateRows(db, offers, [
      { id: a.id, tenantId: tenant.id, set: { ampel: 'overdue', ampelRank: 0, listItem: '{"a":1}' } },
      { id: b.id, tenantId: tenant.id, set: { ampel: 'done', ampelRank: 3, listItem: '{"b":2}' } },
    ]);
    expect(written.sort()).toEqual([a.id, b.id].sort());
    expect(await stored([a.id, b.id])).toEqual(
      expect.arrayContaining([
        { id: a.id, ampel: 'overdue', ampelRank: 0, listItem: '{"a":1}' },
        { id: b.id, ampel: 'done', ampelRank: 3, listItem: '{"b":2}' },
      ]),
    );
  });

  it('writes nothing for a row named with another tenant', async () => {
    const mine = await insertTenant(db);
    const other = await insertTenant(db);
    const offer = await insertOffer(db, other.id);
    const written = await updateRows(db, offers, [{ id: offer.id, tenantId: mine.id, set: { listItem: 'x' } }]);
    expect(written).toEqual([]);
    expect((await stored([offer.id]))[0]?.listItem).not.toBe('x');
  });

  it('leaves a row written since the version it was read as, and writes the others', async () => {
    const tenant = await insertTenant(db);
    const kept = await insertOffer(db, tenant.id);
    const changed = await insertOffer(db, tenant.id);
    const seen = { kept: await xminOf(kept.id), changed: await xminOf(changed.id) };
    await db.update(offers).set({ notes: 'inzwischen geändert' }).where(eq(offers.id, changed.id));
    const written = await updateRows(db, offers, [
      { id: kept.id, tenantId: tenant.id, seen: seen.kept, set: { listItem: 'run' } },
      { id: changed.id, tenantId: tenant.id, seen: seen.changed, set: { listItem: 'run' } },
    ]);
    expect(written).toEqual([kept.id]);
    const rows = await stored([kept.id, changed.id]);
    expect(rows.find((r) => r.id === kept.id)?.listItem).toBe('run');
    expect(rows.find((r) => r.id === changed.id)?.listItem).not.toBe('run');
  });

  it('writes more rows than one statement takes', async () => {
    const tenant = await insertTenant(db);
    const rows = await insertOfferRows(
      db,
      Array.from({ length: 501 }, () => offerValues(tenant.id)),
      501,
    );
    const written = await updateRows(
      db,
      offers,
      rows.map((r, i) => ({ id: r.id, tenantId: tenant.id, set: { listItem: `#${i}` } })),
    );
    expect(written).toHaveLength(501);
    const last = rows.at(-1)?.id as string;
    expect((await stored([last]))[0]?.listItem).toBe('#500');
  });

  it('writes nothing for no rows', async () => {
    expect(await updateRows(db, offers, [])).toEqual([]);
  });
});
