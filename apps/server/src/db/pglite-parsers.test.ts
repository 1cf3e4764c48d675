import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { forDrizzle } from './pglite-drizzle';
import { DRIZZLE_TEXT_TYPES, withoutDrizzleParsers } from './pglite-parsers';

const client = new PGlite();
await client.waitReady;
afterAll(() => client.close());

/** A value of every type drizzle leaves as text, and of a few it does not. */
const EVERY_TYPE = `select '2026-11-29 10:15:00'::timestamp as ts, '2026-11-29 10:15:00+01'::timestamptz as tstz,
  '1 day 2 hours'::interval as iv, '2026-11-29'::date as d, array[1.5, 2]::numeric[] as nums,
  array['2026-11-29 10:15'::timestamp] as tss, array['2026-11-29 10:15+01'::timestamptz] as tstzs,
  array['1 hour'::interval] as ivs, array['2026-11-29'::date] as ds, 42 as n, true as b, '{"a":1}'::jsonb as j,
  array['x', 'y'] as texts`;

/** drizzle's options for a query whose rows it maps itself, as its PGlite session builds them. */
function drizzleOptions() {
  const prepared = drizzle(client).select({ one: sql`1` }).from(sql`(select 1) t`).prepare('probe') as unknown as {
    queryConfig: { rowMode: 'array'; parsers: Record<number, (v: string) => unknown> };
    rawQueryConfig: { rowMode: 'object'; parsers: Record<number, (v: string) => unknown> };
  };
  return prepared;
}

describe('PGlite with drizzle’s parsers as its own (db/pglite-parsers.ts, db/pglite-drizzle.ts)', () => {
  it('knows the types drizzle leaves as text, as drizzle lists them', () => {
    const { queryConfig, rawQueryConfig } = drizzleOptions();
    expect(Object.keys(queryConfig.parsers).map(Number).sort()).toEqual([...DRIZZLE_TEXT_TYPES].sort());
    expect(Object.keys(rawQueryConfig.parsers).map(Number).sort()).toEqual([...DRIZZLE_TEXT_TYPES].sort());
  });

  it('answers every type as drizzle’s own parsers did, in both row modes, and in a transaction', async () => {
    const { queryConfig, rawQueryConfig } = drizzleOptions();
    const before = {
      array: await client.query(EVERY_TYPE, [], queryConfig),
      object: await client.query(EVERY_TYPE, [], rawQueryConfig),
    };
    const facade = forDrizzle(client);
    expect((await facade.query(EVERY_TYPE, [], queryConfig)).rows).toEqual(before.array.rows);
    expect((await facade.query(EVERY_TYPE, [], rawQueryConfig)).rows).toEqual(before.object.rows);
    const inTx = await facade.transaction((tx) => tx.query(EVERY_TYPE, [], rawQueryConfig));
    expect(inTx.rows).toEqual(before.object.rows);
    expect(before.object.rows[0]).toMatchObject({ ts: '2026-11-29 10:15:00', d: '2026-11-29', n: 42, j: { a: 1 } });
  });

  it('leaves drizzle’s parsers out of a query’s options, and passes others on', () => {
    const { queryConfig, rawQueryConfig } = drizzleOptions();
    expect(withoutDrizzleParsers(queryConfig)).toEqual({ rowMode: 'array', parsers: undefined });
    expect(withoutDrizzleParsers(rawQueryConfig)).toEqual({ rowMode: 'object', parsers: undefined });
    const own = { parsers: { 23: (v: string) => v } };
    expect(withoutDrizzleParsers(own)).toBe(own);
    expect(withoutDrizzleParsers(undefined)).toBeUndefined();
  });

  it('passes parsers that are not drizzle’s on to the query', async () => {
    const facade = forDrizzle(client);
    const res = await facade.query<{ n: string }>('select 42 as n', [], { parsers: { 23: (v: string) => `#${v}` } });
    expect(res.rows[0]?.n).toBe('#42');
  });

  it('keeps drizzle working through it: a write and a read in a transaction', async () => {
    const db = drizzle(forDrizzle(client));
    const day = await db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table days (d date, at timestamptz)`);
      await tx.execute(sql`insert into days values ('2026-11-29', '2026-11-29 10:15+01')`);
      return tx.execute(sql`select d, at from days`);
    });
    expect(day.rows[0]).toEqual({ d: '2026-11-29', at: '2026-11-29 09:15:00+00' });
  });
});
