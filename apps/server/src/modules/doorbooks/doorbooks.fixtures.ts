import { ORDER_DEFAULTS } from '@pruefbuch/domain/schemas/order';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema/index';

/** An order row with a door configuration, written directly (the orders module is not needed for it). */
export async function insertDoorOrder(
  db: Executor,
  tenantId: string,
  overrides: Partial<typeof orders.$inferInsert> = {},
) {
  const d = ORDER_DEFAULTS;
  const [row] = await db
    .insert(orders)
    .values({
      tenantId,
      objekt: 'Kaufhaus Zeil 106',
      abnr: 'AB-2026-0815',
      kunde: 'Kaufhof Zeil',
      leistungsart: { ...d.leistungsart, mon: true },
      abteilung: { ...d.abteilung, autSchieber: true },
      ansprechpartnerElektrik: d.ansprechpartner_elektrik,
      ansprechpartnerBaustelle: d.ansprechpartner_baustelle,
      ansprechpartnerKunde: { bezeichnung: 'Herr Becker', email: 'becker@kunde.example', tel: '069 2191-0' },
      entscheidungstraeger: d.entscheidungstraeger,
      tuer: { tuertyp: 'schieber', antrieb: 'SA-2-FR', fluegel: 'SFL2', stromart: 'FR-230', komponenten: ['SE-KOMBI'] },
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no order');
  return row;
}
