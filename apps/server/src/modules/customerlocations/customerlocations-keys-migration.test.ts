/**
 * Migration 0025 on a database with duplicate branches (decision 039): every row survives, the oldest of each
 * key keeps it, the later ones get " (Dublette n)" on the key and a note of the old key, and the unique
 * indexes then refuse a new duplicate. On PGlite and PostgreSQL (TEST_DATABASE_URL).
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyPlace, type Place } from '../../../test/fixtures/backup';
import { rowsOf } from '../../db/client';
import { knownMigrations } from '../../db/journal';
import { migrateUpTo, schemaVersionOf } from '../../ops/schema-version';

const places: Place[] = [];
afterAll(async () => {
  for (const p of places) await p.dispose();
});

interface Row {
  id: string;
  znl: string;
  nr: string;
  sap_nr: string;
  bemerkungen: string;
  version: number;
}

describe('migration 0025 on duplicate branches', () => {
  it('keeps every row, marks the later duplicates with a note of the old key, then holds the keys unique', async () => {
    const known = knownMigrations();
    const trust = known.findIndex((m) => m.tag.startsWith('0025'));
    expect(trust).toBeGreaterThan(0);
    const place = await emptyPlace();
    places.push(place);
    const { database } = place;
    const db = database.db;
    await migrateUpTo(database, known[trust - 1]?.when as number);
    expect((await schemaVersionOf(db)).migrations).toBe(trust);

    const [a, b] = await rowsOf<{ id: string }>(
      db,
      sql`insert into tenants (name, url) values ('Altbestand A', 'altbestand-a'), ('Altbestand B', 'altbestand-b') returning id`,
    );
    const address = JSON.stringify({ street: 'Zeil', housenumber: '1', zip: '60313', location: 'Frankfurt' });
    const insert = async (tenant: string | undefined, customer: number, at: string, v: Partial<Row>) => {
      const [row] = await rowsOf<{ id: string }>(
        db,
        sql`insert into customer_locations (tenant_id, customer, znl, nr, sap_nr, bemerkungen, address, created_at)
          values (${tenant}, ${customer}, ${v.znl ?? ''}, ${v.nr ?? ''}, ${v.sap_nr ?? ''}, ${v.bemerkungen ?? ''},
            ${address}::jsonb, ${at}::timestamptz)
          returning id`,
      );
      return row?.id as string;
    };
    // Oldest first: the first keeps its keys; the second repeats both keys in another case; the third the SAP-Nr.
    const first = await insert(a?.id, 1, '2020-01-01', {
      znl: 'Rhein-Main',
      nr: '4101',
      sap_nr: 'S-1',
      bemerkungen: 'alt',
    });
    const second = await insert(a?.id, 1, '2021-01-01', {
      znl: 'RHEIN-MAIN',
      nr: '4101',
      sap_nr: 's-1',
      bemerkungen: 'Tor klemmt',
    });
    const third = await insert(a?.id, 1, '2022-01-01', { znl: 'Nord', nr: '7', sap_nr: 'S-1' });
    // Not duplicates: another customer, another tenant, only empty ZNL and Nr besides distinct SAP-Nrs.
    await insert(a?.id, 0, '2021-06-01', { znl: 'Rhein-Main', nr: '4101', sap_nr: 'S-1' });
    await insert(b?.id, 1, '2021-06-01', { znl: 'Rhein-Main', nr: '4101', sap_nr: 'S-1' });
    await insert(a?.id, 1, '2021-06-01', { sap_nr: 'X-1' });
    await insert(a?.id, 1, '2021-07-01', { sap_nr: 'X-2' });
    const before = await rowsOf<Row>(db, sql`select * from customer_locations order by created_at, id`);
    expect(before).toHaveLength(7);

    await database.migrate();
    expect((await schemaVersionOf(db)).migrations).toBe(known.length);

    const after = await rowsOf<Row>(db, sql`select * from customer_locations order by created_at, id`);
    expect(after.map((r) => r.id).sort()).toEqual(before.map((r) => r.id).sort());
    const byId = new Map(after.map((r) => [r.id, r]));

    // The oldest keeps its keys, note and version.
    expect(byId.get(first)).toMatchObject({
      znl: 'Rhein-Main',
      nr: '4101',
      sap_nr: 'S-1',
      bemerkungen: 'alt',
      version: 0,
    });
    // The second: both keys marked, its note kept, each old key noted.
    const s = byId.get(second) as Row;
    expect(s).toMatchObject({ znl: 'RHEIN-MAIN', nr: '4101 (Dublette 2)', sap_nr: 's-1 (Dublette 2)', version: 2 });
    expect(s.bemerkungen.startsWith('Tor klemmt\n')).toBe(true);
    expect(s.bemerkungen).toContain('Doppelte SAP-Nr. s-1');
    expect(s.bemerkungen).toContain('Doppelte ZNL/Nr. RHEIN-MAIN/4101');
    // The third: only its SAP-Nr was taken.
    const th = byId.get(third) as Row;
    expect(th).toMatchObject({ znl: 'Nord', nr: '7', sap_nr: 'S-1 (Dublette 3)', version: 1 });
    expect(th.bemerkungen).toContain('Doppelte SAP-Nr. S-1');
    // Nothing else changed.
    const untouched = before.filter((r) => ![first, second, third].includes(r.id));
    for (const r of untouched) expect(byId.get(r.id)).toMatchObject({ ...r });

    const indexes = await rowsOf<{ name: string; def: string }>(
      db,
      sql`select indexname as name, indexdef as def from pg_indexes
          where tablename = 'customer_locations' and indexname in ('customer_locations_sap_nr_key', 'customer_locations_znl_nr_key')
          order by indexname`,
    );
    expect(indexes.map((i) => i.name)).toEqual(['customer_locations_sap_nr_key', 'customer_locations_znl_nr_key']);
    for (const i of indexes) expect(i.def).toMatch(/^CREATE UNIQUE INDEX/);

    // The indexes hold from now on: a new duplicate in another case is refused by the database.
    const refused = await insert(a?.id, 1, '2026-01-01', { znl: 'nord', nr: '7' }).catch((e: unknown) => e);
    const cause = (refused as { cause?: { code?: string; constraint?: string } }).cause ?? refused;
    expect(cause).toMatchObject({ code: '23505', constraint: 'customer_locations_znl_nr_key' });
  });
});
