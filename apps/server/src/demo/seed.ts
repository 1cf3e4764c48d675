import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { CustomerRole, Department, Role, type RoleNumber } from '@pruefbuch/domain/roles';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { folders, tenants, users, userTenants } from '../db/schema/index';
import { seedComponents } from '../modules/components/components.seed';
import { sealUnsealedRecords } from '../modules/inspections/inspections.seal';
import type { SecretBox } from '../platform/crypto';
import { seedDemoBooks } from './seed-books';
import { seedDemoCapacity } from './seed-capacity';
import { seedDemoDefectReports } from './seed-defect-reports';
import { seedDemoImportRun } from './seed-import-runs';
import { seedDemoInspections } from './seed-inspections';
import { seedDemoLocations } from './seed-locations';
import { seedDemoMailQueue } from './seed-mail-queue';
import { type SeedOffersOptions, seedDemoOffers } from './seed-offers';
import { seedDemoOfflineDay } from './seed-offline-day';
import { seedDemoOrderBooks, seedDemoOrders } from './seed-orders';
import { seedDemoQualifications } from './seed-qualifications';
import { seedDemoRetention } from './seed-retention';
import { seedDemoSealedPdfs } from './seed-sealed-pdfs';

export const DEMO_PASSWORD = 'pruefbuch';

interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  abbreviation: string;
  role: RoleNumber;
  customerRole?: number;
  department?: number;
  customer?: number;
  auswertung?: boolean;
  forecast?: boolean;
}

/** One account per role (SPEC §3), all with the password 'pruefbuch'; listed in the README. */
export const DEMO_USERS: DemoUser[] = [
  {
    email: 'admin@demo.test',
    firstName: 'Anna',
    lastName: 'Admin',
    abbreviation: 'AA',
    role: Role.ADMIN_ROLE,
    auswertung: true,
    forecast: true,
  },
  {
    email: 'listadmin@demo.test',
    firstName: 'Lars',
    lastName: 'Listmann',
    abbreviation: 'LL',
    role: Role.LIST_ADMIN_ROLE,
  },
  {
    email: 'standard@demo.test',
    firstName: 'Sabine',
    lastName: 'Schmidt',
    abbreviation: 'SS',
    role: Role.STANDARD_ROLE,
  },
  {
    email: 'acceptor@demo.test',
    firstName: 'Andreas',
    lastName: 'Abnahme',
    abbreviation: 'AB',
    role: Role.ACCEPTOR_ROLE,
  },
  {
    email: 'acceptorlite@demo.test',
    firstName: 'Lena',
    lastName: 'Leicht',
    abbreviation: 'LE',
    role: Role.ACCEPTOR_LITE_ROLE,
  },
  {
    email: 'project@demo.test',
    firstName: 'Peter',
    lastName: 'Projekt',
    abbreviation: 'PP',
    role: Role.PROJECT_ROLE,
    department: Department.OPM,
  },
  {
    email: 'projectonly@demo.test',
    firstName: 'Paula',
    lastName: 'Planer',
    abbreviation: 'PL',
    role: Role.PROJECT_ONLY_ROLE,
    department: Department.OPM,
  },
  { email: 'lager@demo.test', firstName: 'Lukas', lastName: 'Lager', abbreviation: 'LG', role: Role.ROLE_LAGER },
  {
    email: 'servicetechniker@demo.test',
    firstName: 'Tobias',
    lastName: 'Techniker',
    abbreviation: 'TT',
    role: Role.ROLE_SERVICE_TECHNIKER,
    department: Department.EL,
  },
  {
    email: 'fertigung@demo.test',
    firstName: 'Franz',
    lastName: 'Fertig',
    abbreviation: 'FF',
    role: Role.ROLE_FERTIGUNG,
  },
  {
    email: 'leiterfertigung@demo.test',
    firstName: 'Lea',
    lastName: 'Leitner',
    abbreviation: 'LF',
    role: Role.ROLE_LEITER_FERTIGUNG,
  },
  {
    email: 'auswertung@demo.test',
    firstName: 'Erik',
    lastName: 'Auswerter',
    abbreviation: 'EA',
    role: Role.STANDARD_ROLE,
    auswertung: true,
    department: Department.KTB,
  },
  {
    email: 'ofm@demo.test',
    firstName: 'Olivia',
    lastName: 'Fuchs',
    abbreviation: 'OF',
    role: Role.STANDARD_ROLE,
    department: Department.OFM,
  },
  {
    email: 'ofm2@demo.test',
    firstName: 'Martin',
    lastName: 'Angerer',
    abbreviation: 'MA',
    role: Role.STANDARD_ROLE,
    department: Department.OFM,
  },
  {
    email: 'ktb@demo.test',
    firstName: 'Katja',
    lastName: 'Berger',
    abbreviation: 'KB',
    role: Role.STANDARD_ROLE,
    department: Department.KTB,
  },
  {
    email: 'filiale-default@demo.test',
    firstName: 'Frieda',
    lastName: 'Filiale',
    abbreviation: 'FD',
    role: Role.ROLE_FILIALE,
    customerRole: CustomerRole.ROLE_DEFAULT,
    customer: 1,
  },
  {
    email: 'filiale-regional@demo.test',
    firstName: 'Rolf',
    lastName: 'Regional',
    abbreviation: 'FR',
    role: Role.ROLE_FILIALE,
    customerRole: CustomerRole.ROLE_REGIONAL_MANAGER,
    customer: 1,
  },
  {
    email: 'filiale-control@demo.test',
    firstName: 'Carla',
    lastName: 'Controlling',
    abbreviation: 'FC',
    role: Role.ROLE_FILIALE,
    customerRole: CustomerRole.ROLE_CONTROL,
    customer: 1,
  },
];

/**
 * Seeds an empty database with the demo tenant, its folders and the demo accounts. Does nothing otherwise.
 * With a file store (`opts.files`) the demo offers get their attachments.
 */
export async function seedDemo(db: Db, opts: SeedOffersOptions & { secrets?: SecretBox } = {}) {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    const [tenant] = await tx
      .insert(tenants)
      .values({
        name: 'Türservice Rhein-Main GmbH',
        url: 'rhein-main',
        addressName: 'Türservice Rhein-Main GmbH',
        fusszeileText:
          'Türservice Rhein-Main GmbH · Hanauer Landstraße 126 · 60314 Frankfurt am Main · Tel. +49 69 1234 5600 · ' +
          'Amtsgericht Frankfurt am Main HRB 123456 · Geschäftsführer: Michael Weber',
        notificationEmail: 'pruefungen@tuerservice-rhein-main.example',
        hotHint: ['Prüfberichte bitte spätestens 3 Tage nach der Prüfung abschließen.'],
        techAcceptor: true,
        address: {
          _id: randomUUID(),
          street: 'Hanauer Landstraße',
          housenumber: '126',
          zip: '60314',
          location: 'Frankfurt am Main',
          tel: '+49 69 1234 5600',
          email: 'info@tuerservice-rhein-main.example',
          homepage: 'https://www.tuerservice-rhein-main.example',
          country: 'DE',
        },
      })
      .returning({ id: tenants.id });
    if (!tenant) throw new Error('demo tenant insert returned nothing');
    const [root] = await tx
      .insert(folders)
      .values({ tenantId: tenant.id, folderName: 'Frankfurt am Main' })
      .returning({ id: folders.id });
    await tx.insert(folders).values([
      { tenantId: tenant.id, parentId: root?.id, folderName: 'Zeil 106 – Kaufhaus' },
      { tenantId: tenant.id, folderName: 'Wiesbaden' },
      { tenantId: tenant.id, folderName: 'Darmstadt' },
    ]);
    // A second tenant nobody but the admin may use: signed in as listadmin@ or standard@, its
    // url (/map/brandschutz-nord/) and ids answer 404.
    const [north] = await tx
      .insert(tenants)
      .values({
        name: 'Brandschutz Nord GmbH',
        url: 'brandschutz-nord',
        addressName: 'Brandschutz Nord GmbH',
        fusszeileText:
          'Brandschutz Nord GmbH · Wendenstraße 130 · 20537 Hamburg · Tel. +49 40 9876 5400 · ' +
          'Amtsgericht Hamburg HRB 654321',
        notificationEmail: 'service@brandschutz-nord.example',
        address: {
          _id: randomUUID(),
          street: 'Wendenstraße',
          housenumber: '130',
          zip: '20537',
          location: 'Hamburg',
          tel: '+49 40 9876 5400',
          email: 'info@brandschutz-nord.example',
          homepage: 'https://www.brandschutz-nord.example',
          country: 'DE',
        },
      })
      .returning({ id: tenants.id });
    if (!north) throw new Error('demo tenant insert returned nothing');
    await tx.insert(folders).values([
      { tenantId: north.id, folderName: 'Hamburg-Hammerbrook' },
      { tenantId: north.id, folderName: 'Lübeck' },
    ]);
    // One hash for all demo accounts: they share the published password, and argon2 is slow on purpose.
    const passwordHash = await hash(DEMO_PASSWORD);
    for (const u of DEMO_USERS) {
      const [row] = await tx
        .insert(users)
        .values({
          ...u,
          customerRole: u.customerRole ?? null,
          department: u.department ?? Department.NO_DEPARTMENT,
          customer: u.customer ?? 0,
          auswertung: u.auswertung ?? false,
          forecast: u.forecast ?? false,
          tel: '+49 69 1234 5600',
          passwordHash,
          isVerified: true,
        })
        .returning({ id: users.id });
      if (row) await tx.insert(userTenants).values({ userId: row.id, tenantId: tenant.id });
    }
    // Qualifications of the inspecting staff, and the book types that ask for them (decision 055).
    await seedDemoQualifications(tx, { today: opts.today });
    await seedComponents(tx);
    await seedDemoBooks(tx, tenant.id);
    await seedDemoInspections(tx, tenant.id);
    await seedDemoLocations(tx, tenant.id);
    await seedDemoImportRun(tx, tenant.id);
    await seedDemoDefectReports(tx, tenant.id);
    await seedDemoOfflineDay(tx, tenant.id);
    await seedDemoOffers(tx, tenant.id, opts);
    await seedDemoOrders(tx, tenant.id, { today: opts.today });
    await seedDemoOrderBooks(tx, tenant.id);
    await seedDemoCapacity(tx, tenant.id, { today: opts.today });
    // A retired book and a legal hold on a customer, for the admins' 'Stillgelegt' page (decision 059).
    await seedDemoRetention(tx, tenant.id);
    // A few installations' latest reports as finalize archives them: sealed PDFs under the tenant's certificate (decision 056).
    await seedDemoSealedPdfs(tx, tenant.id, opts);
    // The demo's finalized records, made without a finalize, get their seals as a finalize gives them (decision 057).
    await sealUnsealedRecords(tx, tenant.id);
    await seedDemoMailQueue(tx);
  });
  return true;
}
