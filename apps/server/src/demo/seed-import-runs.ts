/**
 * One demo import run of the branch list (decision 041), so the admins' 'Importläufe' are not empty on first
 * start: two days ago the project lead imported the Hamburg list, which gave branch 4301 a new phone number
 * and branch 4302 a note, and left the other Hamburg branches unchanged. Undoing it sets the two back.
 */
import { Customer } from '@pruefbuch/domain/roles';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { customerLocations, importRunItems, importRuns, users } from '../db/schema/index';
import { locationAuditView } from '../modules/customerlocations/customerlocations.repo';
import { recordChanges } from '../platform/audit';

/** What the two branches were before the import: the phone number of 4301, the (empty) note of 4302. */
const BEFORE: Record<string, { tel?: string; bemerkungen?: string }> = {
  '4301': { tel: '+49 40 300000' },
  '4302': { bemerkungen: '' },
};
/** What the import wrote into them (4301's phone number is the one the branch list seeded). */
const NOTE_4302 = 'Anlieferung nur über den Hof, Einfahrt Bahrenfelder Straße.';

export async function seedDemoImportRun(tx: Executor, tenantId: string) {
  const [importer] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, abbreviation: users.abbreviation })
    .from(users)
    .where(eq(users.email, 'project@demo.test'));
  if (!importer) return null;
  const hamburg = await tx
    .select()
    .from(customerLocations)
    .where(and(eq(customerLocations.tenantId, tenantId), eq(customerLocations.znl, 'Hamburg')));
  const touched = hamburg.filter((l) => BEFORE[l.nr]);
  if (touched.length === 0) return null;

  // 4302 carries the note the import wrote; the branch list seeded it without one.
  await tx
    .update(customerLocations)
    .set({ bemerkungen: NOTE_4302 })
    .where(
      and(
        eq(customerLocations.tenantId, tenantId),
        inArray(
          customerLocations.id,
          touched.filter((l) => l.nr === '4302').map((l) => l.id),
        ),
      ),
    );
  const now = touched.map((l) => (l.nr === '4302' ? { ...l, bemerkungen: NOTE_4302 } : l));

  const [run] = await tx
    .insert(importRuns)
    .values({
      tenantId,
      userId: importer.id,
      userName: `${importer.firstName} ${importer.lastName}`.trim(),
      fileName: 'FrischeMarkt Filialen Hamburg.xlsx',
      customer: Customer.RETAIL_CUSTOMER,
      counts: { create: 0, update: now.length, unchanged: hamburg.length - now.length, skipped: 0 },
      createdAt: new Date(Date.now() - 2 * 86_400_000),
    })
    .returning({ id: importRuns.id });
  if (!run) throw new Error('demo import run insert returned nothing');
  for (const after of now) {
    const change = BEFORE[after.nr] ?? {};
    const before = {
      ...after,
      bemerkungen: change.bemerkungen ?? after.bemerkungen,
      address: { ...after.address, tel: change.tel ?? after.address.tel },
    };
    await tx.insert(importRunItems).values({
      runId: run.id,
      locationId: after.id,
      action: 'update',
      before: locationAuditView(before),
      after: locationAuditView(after),
      afterVersion: after.version,
    });
    await recordChanges(
      tx,
      { user: importer },
      { entity: 'customerlocation', entityId: after.id, tenantId, action: 'update' },
      locationAuditView(before),
      locationAuditView(after),
    );
  }
  return run.id;
}
