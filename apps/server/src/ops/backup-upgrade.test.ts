/** A backup made by an older version restores into this one: its rows load into their schema, then migrate on. */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emptyPlace, TEST_SECRET } from '../../test/fixtures/backup';
import { tempDir } from '../../test/temp-dir';
import { rowsOf } from '../db/client';
import { knownMigrations } from '../db/journal';
import { withOfferNr } from '../modules/orders/orders.repo';
import { loadConfig } from '../platform/config';
import { backupSourceOf, writeBackupFile } from './backup';
import { restoreArchive } from './restore';
import { migrateUpTo, schemaVersionOf } from './schema-version';

const dir = tempDir('pb-backup-');

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
      // An offer as its blocks were stored before 0027: a column per field.
      const [offer] = await rowsOf<{ id: string }>(
        db,
        sql`insert into offers (tenant_id, abteilung, ampel, ampel_rank, offer_nr, offer_date, offer_sum,
              offer_follow_up_date, talk_result, angebot_notes, opm_status, order_number, order_date, order_sum,
              freigabe_zur_verrechnung)
            values (${tenant?.id}, '{}', 'taken_over', 1, 'AN-7', '2024-03-01', 1234.5, '2024-03-15',
              'angebot_ist_beauftragt', 'per Mail', 'open', '4500', '2024-03-20', 999.99, true)
            returning id`,
      );
      await db.execute(
        sql`insert into orders (tenant_id, objekt, abnr, leistungsart, abteilung, ansprechpartner_elektrik,
              ansprechpartner_baustelle, ansprechpartner_kunde, entscheidungstraeger, tuer, offer_id)
            values (${tenant?.id}, 'Stadthalle', 'AB-7', '{}', '{}', '{}', '{}', '{}', '{}', '{}', ${offer?.id})`,
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
      const item = JSON.parse(order?.item ?? '{}');
      expect(item).toMatchObject({ objekt: 'Stadthalle', abnr: 'AB-7', tenant: tenant?.id });
      // 0028: the offer's number is no longer kept in the item (a page adds it as it reads).
      expect(item).not.toHaveProperty('offerNr');
      // 0028/0029: the order's blocks are made from its columns, the lists' columns generated from them.
      const [blocks] = await rowsOf<Record<string, unknown>>(
        target.database.db,
        sql`select vkid, el, vkid_akt_kw, el_montage, vkid_geplante_montage_date from orders where abnr = 'AB-7'`,
      );
      expect(blocks).toMatchObject({
        vkid: { innendienst: '', ad: '', akt_kw: '', fixtermin: false, betrag: null, geplante_montage_date: null },
        el: { service_id: '', montage: '', montagedatum: null },
        vkid_akt_kw: '',
        el_montage: '',
        vkid_geplante_montage_date: null,
      });

      // 0027: the offer's fields are in its blocks, and what the lists use is generated from them.
      const [moved] = await rowsOf<Record<string, unknown>>(
        target.database.db,
        sql`select angebot, opm, ersatzteile, offer_nr, to_char(offer_date, 'YYYY-MM-DD') as offer_date,
              offer_sum::text, to_char(offer_follow_up_date, 'YYYY-MM-DD') as follow_up, talk_result,
              order_sum::text from offers where id = ${offer?.id}`,
      );
      expect(moved).toEqual({
        angebot: {
          offerNr: 'AN-7',
          offerDate: '2024-03-01',
          offerSum: 1234.5,
          offerFollowUpDate: '2024-03-15',
          talkResult: 'angebot_ist_beauftragt',
          notes: 'per Mail',
        },
        opm: { orderFollowUpDate: null, status: 'open', notes: '' },
        ersatzteile: {
          orderNumber: '4500',
          orderDate: '2024-03-20',
          orderSum: 999.99,
          civilAcceptance: null,
          implementationDate: null,
          freigabeZurVerrechnung: true,
          invoiceValue: null,
          notes: '',
        },
        offer_nr: 'AN-7',
        offer_date: '2024-03-01',
        offer_sum: '1234.50',
        follow_up: '2024-03-15',
        talk_result: 'angebot_ist_beauftragt',
        order_sum: '999.99',
      });
      // The order's list item follows the offer number, now written in the block: a page adds it as it reads.
      await target.database.db.execute(
        sql`update offers set angebot = jsonb_set(angebot, '{offerNr}', '"AN-8"') where id = ${offer?.id}`,
      );
      const [renamed] = await rowsOf<{ item: string; nr: string }>(
        target.database.db,
        sql`select o.list_item as item, f.offer_nr as nr from orders o join offers f on f.id = o.offer_id where o.abnr = 'AB-7'`,
      );
      expect(JSON.parse(withOfferNr(renamed?.item ?? '{}', renamed?.nr ?? null))).toMatchObject({ offerNr: 'AN-8' });
    } finally {
      await source.dispose();
      await target.dispose();
    }
  }, 120_000); // two databases migrated and a restore that migrates again: 24 s on a quiet two-core machine, over 30 s on a slow one
});
