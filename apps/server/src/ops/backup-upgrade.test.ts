/** A backup made by an older version restores into this one: its rows load into their schema, then migrate on. */
import { createReadStream, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyPlace, TEST_SECRET, tempDir } from '../../test/fixtures/backup';
import { rowsOf } from '../db/client';
import { knownMigrations } from '../db/journal';
import { loadConfig } from '../platform/config';
import { backupSourceOf, writeBackupFile } from './backup';
import { restoreArchive } from './restore';
import { migrateUpTo, schemaVersionOf } from './schema-version';

const dir = tempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('an archive of an older schema', () => {
  it('is loaded into the schema it was written from, and the later migrations carry its rows forward', async () => {
    const known = knownMigrations();
    // Before the orders' list item (0023), which the migration computes for every existing order.
    const older = known.findIndex((m) => m.tag.startsWith('0023'));
    const olderWhen = known[older - 1]?.when as number;
    const source = await emptyPlace();
    const target = await emptyPlace();
    try {
      await migrateUpTo(source.database, olderWhen);
      expect((await schemaVersionOf(source.database.db)).migrations).toBe(older);
      const db = source.database.db;
      const [tenant] = await rowsOf<{ id: string }>(
        db,
        sql`insert into tenants (name, url) values ('Altbestand GmbH', 'altbestand') returning id`,
      );
      await db.execute(
        sql`insert into orders (tenant_id, objekt, abnr, leistungsart, abteilung, ansprechpartner_elektrik,
              ansprechpartner_baustelle, ansprechpartner_kunde, entscheidungstraeger, tuer)
            values (${tenant?.id}, 'Stadthalle', 'AB-7', '{}', '{}', '{}', '{}', '{}', '{}', '{}')`,
      );

      const config = loadConfig({ DATA_DIR: source.dataDir, NODE_ENV: 'test', APP_SECRET: TEST_SECRET });
      const file = path.join(dir, 'older.tar.gz');
      const { manifest } = await writeBackupFile(backupSourceOf(config, source.database, source.files), file);
      expect(manifest.schema.migrations).toBe(older);

      await restoreArchive(createReadStream(file), { database: target.database, files: target.files });
      expect((await schemaVersionOf(target.database.db)).migrations).toBe(known.length);
      const [order] = await rowsOf<{ item: string }>(
        target.database.db,
        sql`select list_item as item from orders where abnr = 'AB-7'`,
      );
      expect(JSON.parse(order?.item ?? '{}')).toMatchObject({ objekt: 'Stadthalle', abnr: 'AB-7', tenant: tenant?.id });
    } finally {
      await source.dispose();
      await target.dispose();
    }
  });
});
