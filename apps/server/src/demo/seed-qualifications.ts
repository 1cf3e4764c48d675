/**
 * Demo qualifications (decision 055): the book types of automatic doors, smoke and heat extraction
 * and hold-open systems ask for theirs; the admin and the service technician hold valid ones, so the
 * demo's inspections can be signed, and the matrix shows its warnings: the technician's RWA
 * qualification runs out in 30 days, his hold-open one ran out last month, the production lead's
 * course is booked for next month.
 */
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import type { QualificationKind } from '@pruefbuch/domain/rules/qualifications';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { bookTypes, userQualifications, users } from '../db/schema/index';

/** The seeded book types (migration 0003) and the qualification each asks for. */
const TYPE_QUALIFICATIONS: [string, QualificationKind][] = [
  ['0b7c1a10-0001-4000-8000-000000000001', 'automaticDoor'],
  ['0b7c1a10-0001-4000-8000-000000000002', 'automaticDoor'],
  ['0b7c1a10-0001-4000-8000-000000000003', 'automaticDoor'],
  ['0b7c1a10-0001-4000-8000-000000000004', 'rwa'],
  ['0b7c1a10-0001-4000-8000-000000000005', 'holdOpen'],
];

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export async function seedDemoQualifications(tx: Executor, opts: { today?: string } = {}) {
  const today = opts.today ?? berlinToday();
  for (const [id, kind] of TYPE_QUALIFICATIONS) {
    await tx.update(bookTypes).set({ qualification: kind }).where(eq(bookTypes.id, id));
  }
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['admin@demo.test', 'servicetechniker@demo.test', 'leiterfertigung@demo.test']));
  const idOf = (email: string) => people.find((p) => p.email === email)?.id;
  const admin = idOf('admin@demo.test');
  const tech = idOf('servicetechniker@demo.test');
  const lead = idOf('leiterfertigung@demo.test');
  const rows: (typeof userQualifications.$inferInsert)[] = [];
  if (admin) {
    rows.push(
      {
        userId: admin,
        kind: 'automaticDoor',
        number: 'SK-AT-2024-0815',
        issuer: 'TÜV Hessen Akademie',
        validFrom: addDays(today, -600),
        validUntil: addDays(today, 860),
      },
      {
        userId: admin,
        kind: 'rwa',
        number: 'RWA-SK-31-117',
        issuer: 'VdS Schadenverhütung',
        validFrom: addDays(today, -420),
        validUntil: addDays(today, 310),
      },
      {
        userId: admin,
        kind: 'holdOpen',
        number: 'FSA-14677-2291',
        issuer: 'Hersteller-Schulung GEZE',
        validFrom: addDays(today, -200),
        validUntil: null,
      },
    );
  }
  if (tech) {
    rows.push(
      {
        userId: tech,
        kind: 'automaticDoor',
        number: 'SK-AT-2025-1342',
        issuer: 'TÜV Hessen Akademie',
        validFrom: addDays(today, -300),
        validUntil: addDays(today, 795),
      },
      {
        userId: tech,
        kind: 'rwa',
        number: 'RWA-SK-29-044',
        issuer: 'VdS Schadenverhütung',
        validFrom: addDays(today, -1065),
        validUntil: addDays(today, 30),
      },
      {
        userId: tech,
        kind: 'holdOpen',
        number: 'FSA-14677-1803',
        issuer: 'Hersteller-Schulung GEZE',
        validFrom: addDays(today, -1125),
        validUntil: addDays(today, -35),
      },
    );
  }
  if (lead) {
    rows.push({
      userId: lead,
      kind: 'fireDoor',
      number: 'BST-2026-07',
      issuer: 'Handwerkskammer Frankfurt-Rhein-Main',
      validFrom: addDays(today, 40),
      validUntil: addDays(today, 40 + 5 * 365),
    });
  }
  if (rows.length) await tx.insert(userQualifications).values(rows);
}
