import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helper';
import {
  books,
  defectReports,
  doorComponents,
  folders,
  inspections,
  legalHolds,
  mailOutbox,
  tenants,
  users,
  userTenants,
} from '../db/schema/index';
import { STARTER_COMPONENTS } from '../modules/components/components.starter';
import { usableDemoAccounts } from './production-guard';
import { DEMO_USERS, seedDemo } from './seed';
import { HELD_CUSTOMER, RETIRED_TITLE } from './seed-retention';

const database = await openTestDatabase();

/** The demo data's tenants and folders (on a database of its own: the seed needs an empty one). */
describe('seedDemo: tenants and folders', () => {
  it('seeds two tenants with addresses; the list admin and the standard user belong to the first only', async () => {
    const db = database.db;
    expect(await seedDemo(db)).toBe(true);
    // Every demo account signs in with the published password: a production start refuses them (startup.test.ts).
    expect(await usableDemoAccounts(db)).toEqual(DEMO_USERS.map((u) => u.email).sort());
    // The door component catalogue's starter set comes with the demo (decision 025).
    const [components] = await db.select({ n: sql<number>`count(*)::int` }).from(doorComponents);
    expect(components?.n).toBe(STARTER_COMPONENTS.length);
    const rows = await db.select().from(tenants).orderBy(asc(tenants.name));
    expect(rows.map((r) => [r.name, r.url])).toEqual([
      ['Brandschutz Nord GmbH', 'brandschutz-nord'],
      ['Türservice Rhein-Main GmbH', 'rhein-main'],
    ]);
    const [north, rheinMain] = rows;
    expect(rheinMain).toMatchObject({
      notificationEmail: expect.stringContaining('@'),
      fusszeileText: expect.stringContaining('Hanauer Landstraße 126'),
      address: {
        street: 'Hanauer Landstraße',
        housenumber: '126',
        zip: '60314',
        location: 'Frankfurt am Main',
        country: 'DE',
      },
    });
    expect(north?.address).toMatchObject({ location: 'Hamburg', country: 'DE' });
    const northFolders = await db
      .select()
      .from(folders)
      .where(eq(folders.tenantId, north?.id ?? ''));
    expect(northFolders).toHaveLength(2);
    for (const email of ['listadmin@demo.test', 'standard@demo.test']) {
      const memberships = await db
        .select({ tenantId: userTenants.tenantId })
        .from(userTenants)
        .innerJoin(users, eq(users.id, userTenants.userId))
        .where(eq(users.email, email));
      expect(memberships, email).toEqual([{ tenantId: rheinMain?.id }]);
    }
    expect(await seedDemo(db)).toBe(false);
  });
});

describe('seedDemo: defects reported on the QR pages', () => {
  it('are two open reports and one the service technician closed with a note, all of the first tenant', async () => {
    const db = database.db;
    const reports = await db.select().from(defectReports).orderBy(asc(defectReports.createdAt));
    expect(reports.map((r) => r.status).sort()).toEqual(['done', 'open', 'open']);
    const [tenant] = await db.select().from(tenants).where(eq(tenants.url, 'rhein-main'));
    expect(new Set(reports.map((r) => r.tenantId))).toEqual(new Set([tenant?.id]));
    const done = reports.find((r) => r.status === 'done');
    const [tech] = await db.select().from(users).where(eq(users.email, 'servicetechniker@demo.test'));
    expect(done).toMatchObject({ closedBy: tech?.id, note: expect.stringContaining('Bewegungsmelder') });
    expect(done?.closedAt && done.closedAt > done.createdAt).toBe(true);
    expect(reports.every((r) => r.createdAt.getTime() < Date.now())).toBe(true);
  });
});

describe('seedDemo: the mail queue', () => {
  it('holds two dead letters for the admin dashboard, with readable texts and no live link', async () => {
    const rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'dead'));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.textSealed).toBe(false);
      expect(row.text).not.toMatch(/https?:\/\//);
      expect(row.error).toBeTruthy();
    }
  });
});

describe('seedDemo: retention and legal hold', () => {
  it('holds one retired book of the first tenant with finalized records, and a legal hold on a customer', async () => {
    const db = database.db;
    const [tenant] = await db.select().from(tenants).where(eq(tenants.url, 'rhein-main'));
    const retired = await db
      .select()
      .from(books)
      .where(and(eq(books.tenantId, tenant?.id ?? ''), isNotNull(books.retiredAt)));
    expect(retired.map((b) => b.title)).toEqual([RETIRED_TITLE]);
    expect(tenant?.retentionYears).toBe(10);
    const records = await db
      .select()
      .from(inspections)
      .where(and(eq(inspections.bookId, retired[0]?.id ?? ''), isNotNull(inspections.finalizedAt)));
    expect(records.map((r) => r.kind).sort()).toEqual(['inspection', 'wartung']);
    const holds = await db.select().from(legalHolds);
    expect(holds).toEqual([expect.objectContaining({ tenantId: tenant?.id, customer: HELD_CUSTOMER, bookId: null })]);
    // The held customer is one of the demo's: its car park's gate is kept.
    const held = await db.select().from(books).where(eq(books.customer, HELD_CUSTOMER));
    expect(held.length).toBeGreaterThan(0);
  });
});
