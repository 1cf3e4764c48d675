/**
 * Retention and legal hold in the demo (decision 059): one retired book of the demo tenant, the sliding door of
 * the Kaufhof's staff entrance taken out in the renovation, with its last inspection and maintenance, so the
 * admins' 'Stillgelegt' page has something to show and restore; and a legal hold on a customer, the car park
 * whose gate is in a dispute over a damage, that keeps every book and offer of it.
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { auditLogs, books, bookTypes, inspections, legalHolds, users } from '../db/schema/index';
import { addDays, at, dayFromToday } from './seed-days';
import { demoPeople, recordWriter } from './seed-inspections';

/** The book the retired one is made after (same customer, site and door type). */
const MODEL_TITLE = 'Kaufhof Zeil – Eingang Holzgraben';
export const RETIRED_TITLE = 'Kaufhof Zeil – Personaleingang Holzgraben (ausgebaut)';
export const HELD_CUSTOMER = 'Parkhaus Konstablerwache GmbH';
/** How long ago the book was retired: a little over a year. */
const RETIRED_DAYS_AGO = 410;

export async function seedDemoRetention(tx: Executor, tenantId: string) {
  const [model] = await tx
    .select({ book: books, type: bookTypes })
    .from(books)
    .leftJoin(bookTypes, eq(bookTypes.id, books.bookTypeId))
    .where(and(eq(books.tenantId, tenantId), eq(books.title, MODEL_TITLE)));
  const [admin] = await tx
    .select({ id: users.id, abbreviation: users.abbreviation })
    .from(users)
    .where(eq(users.email, 'admin@demo.test'));
  if (!model || !admin) return;
  const retiredOn = dayFromToday(-RETIRED_DAYS_AGO);
  const retiredAt = at(retiredOn, 9, 40);
  const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = model.book;
  const [book] = await tx
    .insert(books)
    .values({
      ...fields,
      title: RETIRED_TITLE,
      location: 'EG, Personaleingang Holzgraben',
      site: 'EG',
      shortText: 'Automatische Schiebetür am Personaleingang; beim Umbau des Erdgeschosses 2025 ausgebaut.',
      glasbocknr: 'GB-2011-0093',
      manufacturerNo: 'DOR-2011-3987',
      orderNo: 'AU-2011-0118',
      misc: { ...model.book.misc, baujahr: '04/2011' },
      completedOn: '2011-04-15',
      firstservice: '2012-04-15',
      nextInspectionDate: null,
      inspectionAmpel: null,
      nextInspectionDateSelf: null,
      inspectionSelfAmpel: null,
      enableFrom: null,
      enableTo: null,
      slots: 0,
      retiredAt,
      createdAt: at('2011-04-15', 10),
      updatedAt: retiredAt,
    })
    .returning();
  if (!book) return;

  // Its last maintenance and inspection before it came out.
  const { tech, office } = await demoPeople(tx);
  const { records, record } = recordWriter(tenantId);
  record(book, model.type, 'wartung', addDays(retiredOn, -230), office);
  record(book, model.type, 'inspection', addDays(retiredOn, -48), tech);
  if (records.length) await tx.insert(inspections).values(records);

  const hold = {
    customer: HELD_CUSTOMER,
    reason:
      'Rechtsstreit um den Anfahrschaden am Rolltor Ebene -1 (LG Frankfurt am Main, Az. 2-04 O 118/25): Prüfbücher und Angebote bis zum Abschluss aufbewahren.',
  };
  const heldAt = at(dayFromToday(-75), 11, 5);
  await tx.insert(legalHolds).values({ tenantId, ...hold, createdBy: admin.id, createdAt: heldAt });

  // The protocol as the app writes it: the book's retirement, and the hold in the tenant's protocol.
  const editor = { editorId: admin.id, editorAbbreviation: admin.abbreviation, tenantId, action: 'update' as const };
  await tx.insert(auditLogs).values([
    {
      ...editor,
      entity: 'book',
      entityId: book.id,
      field: 'retiredAt',
      oldValue: null,
      newValue: retiredAt.toISOString(),
      createdAt: retiredAt,
    },
    {
      ...editor,
      entity: 'tenant',
      entityId: tenantId,
      field: 'legalHold',
      oldValue: null,
      newValue: `${hold.customer}: ${hold.reason}`,
      createdAt: heldAt,
    },
  ]);
}
