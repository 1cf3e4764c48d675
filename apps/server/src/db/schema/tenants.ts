import type { CertificateSource } from '@pruefbuch/domain/rules/seal-certificate';
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** An address (SPEC §3) kept inside the record that owns it; _id makes it addressable like the original. */
export type AddressValue = {
  _id: string;
  street: string;
  housenumber: string;
  zip: string;
  location: string;
  tel: string;
  email: string;
  homepage: string;
  country: string;
};

export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  url: text('url').notNull().unique(),
  fusszeileText: text('fusszeile_text').notNull().default(''),
  addressName: text('address_name').notNull().default(''),
  notificationEmail: text('notification_email').notNull().default(''),
  hotHint: jsonb('hot_hint').$type<string[]>().notNull().default([]),
  defaultTechAcceptor: uuid('default_tech_acceptor'),
  techAcceptor: boolean('tech_acceptor').notNull().default(false),
  importDataClarificationSheet: boolean('import_data_clarification_sheet').notNull().default(false),
  address: jsonb('address').$type<AddressValue | null>(),
  /** Ampel thresholds (rules/next-inspection.ts): orange this many days before the due date, black this many after. */
  ampelOrangeDays: integer('ampel_orange_days').notNull().default(30),
  ampelBlackDays: integer('ampel_black_days').notNull().default(90),
  /** How many years a retired book with its finalized records, PDFs and documents is kept (decision 059). */
  retentionYears: integer('retention_years').notNull().default(10),
  version: integer('version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The certificate a tenant's finalized PDFs are sealed under (decision 056): one per tenant (the primary key,
 * so two first seals at once store one), self-made on first use or taken from an uploaded PKCS#12 file.
 * `private_key` is the PKCS#8 key sealed with the app secret (platform/crypto.ts secretBox, sealed anew after
 * a rotation); an upload's password is not kept. Certificates are PEM.
 */
export const tenantCertificates = pgTable('tenant_certificates', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  source: text('source').$type<CertificateSource>().notNull(),
  certificate: text('certificate').notNull(),
  /** The issuers' certificates that came with an upload, embedded in every seal. */
  chain: jsonb('chain').$type<string[]>().notNull().default([]),
  privateKey: text('private_key').notNull(),
  /** SHA-256 of the certificate: which one a replacement replaces. */
  fingerprint: text('fingerprint').notNull(),
  validFrom: timestamp('valid_from', { withTimezone: true, mode: 'date' }).notNull(),
  validTo: timestamp('valid_to', { withTimezone: true, mode: 'date' }).notNull(),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
