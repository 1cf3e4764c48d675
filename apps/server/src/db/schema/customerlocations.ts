import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { books } from './books';
import { createdAt, stamps } from './columns';
import { type AddressValue, tenants } from './tenants';
import { users } from './users';

/**
 * The text the list's search looks in: the keys as the list shows them ('ZNL Hamburg', 'Nr. 4101',
 * 'SAP 77', which also finds the bare keys), the ZIP, the town and the street, in lower case and joined
 * by a unit separator (chr 31) so that a term never matches across two fields, as for books and orders.
 * Stored and indexed by trigrams (customer_locations_search_trgm_idx): a search compares one text per
 * branch with LIKE, where it matched nine expressions with ILIKE (2,000 branches: 8–11 ms a page).
 */
const searchText = (t: Record<'znl' | 'nr' | 'sapNr' | 'address', AnyPgColumn>): SQL =>
  sql`lower('znl ' || ${t.znl} || chr(31) || 'nr. ' || ${t.nr} || chr(31) || 'sap ' || ${t.sapNr} || chr(31) || coalesce(${t.address} ->> 'zip', '') || chr(31) || coalesce(${t.address} ->> 'location', '') || chr(31) || coalesce(${t.address} ->> 'street', ''))`;

/**
 * A branch of a retail customer (SPEC §3 Customer location). Its ampel is the worst ampel of its
 * active books (decision 019). The aggregate columns are stored so that lists sort and filter by them:
 * computed by the domain rule (rules/location-ampel.ts) in platform/location-ampels.ts, inside every
 * write that changes a link or a linked book's ampels or active switch (and the hourly ampel run).
 */
export const customerLocations = pgTable(
  'customer_locations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    customer: integer('customer').notNull().default(1),
    znl: text('znl').notNull().default(''),
    nr: text('nr').notNull().default(''),
    sapNr: text('sap_nr').notNull().default(''),
    address: jsonb('address').$type<AddressValue>().notNull(),
    bemerkungen: text('bemerkungen').notNull().default(''),
    active: boolean('active').notNull().default(true),
    ruhend: boolean('ruhend').notNull().default(false),
    /** Worst ampel of the active books as a rank: 0 none, 1 green, 2 orange, 3 red, 4 black. */
    inspectionRank: smallint('inspection_rank').notNull().default(0),
    selfRank: smallint('self_rank').notNull().default(0),
    /** Linked books, and the active ones with an inspection or self-inspection ampel red or black. */
    bookCount: integer('book_count').notNull().default(0),
    overdueCount: integer('overdue_count').notNull().default(0),
    version: integer('version').notNull().default(0),
    /** The search's text (searchText), kept by the database. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => searchText(customerLocations)),
    ...stamps,
  },
  (t) => [
    index('customer_locations_tenant_idx').on(t.tenantId, t.customer),
    // Trigram search within a tenant (btree_gin for the tenant), as for books and orders.
    index('customer_locations_search_trgm_idx').using('gin', t.tenantId, sql`${t.searchText} gin_trgm_ops`),
    index('customer_locations_keys_idx').on(t.tenantId, t.znl, t.nr, t.sapNr),
    index('customer_locations_rank_idx').on(t.tenantId, t.inspectionRank),
    // A branch is one row per tenant and customer, by SAP-Nr and by ZNL + Nr, compared without case
    // (decision 039): two imports or two POSTs racing on the same branch cannot both write it.
    uniqueIndex('customer_locations_sap_nr_key')
      .on(t.tenantId, t.customer, sql`lower(${t.sapNr})`)
      .where(sql`${t.sapNr} <> ''`),
    uniqueIndex('customer_locations_znl_nr_key')
      .on(t.tenantId, t.customer, sql`lower(${t.znl})`, sql`lower(${t.nr})`)
      .where(sql`${t.znl} <> '' or ${t.nr} <> ''`),
  ],
);

/** The counts of an import run: rows created, updated, left unchanged and skipped for errors. */
export interface ImportRunCounts {
  create: number;
  update: number;
  unchanged: number;
  skipped: number;
}

/**
 * One import of a branch list (decision 039): who imported which file for which customer, and what it
 * did, so an admin can see it and undo it as one transaction.
 */
export const importRuns = pgTable(
  'import_runs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The importer's name as it was, kept when the user is deleted. */
    userName: text('user_name').notNull().default(''),
    fileName: text('file_name').notNull().default(''),
    customer: integer('customer').notNull(),
    counts: jsonb('counts').$type<ImportRunCounts>().notNull(),
    createdAt,
    undoneAt: timestamp('undone_at', { withTimezone: true, mode: 'date' }),
    undoneBy: uuid('undone_by').references(() => users.id, { onDelete: 'set null' }),
    undoneByName: text('undone_by_name'),
  },
  (t) => [index('import_runs_tenant_idx').on(t.tenantId, t.createdAt)],
);

/**
 * What an import run did to one branch: created it, or updated it from `before` to `after` (the
 * branch's fields as the audit log shows them). `afterVersion` tells on undo whether the branch
 * changed since.
 */
export const importRunItems = pgTable(
  'import_run_items',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => importRuns.id, { onDelete: 'cascade' }),
    /** No foreign key: a branch deleted later leaves the run's record of it. */
    locationId: uuid('location_id').notNull(),
    action: text('action').$type<'create' | 'update'>().notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    afterVersion: integer('after_version').notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.locationId] })],
);

/** The books of a location; a book belongs to at most one location. */
export const customerLocationBooks = pgTable(
  'customer_location_books',
  {
    locationId: uuid('location_id')
      .notNull()
      .references(() => customerLocations.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id')
      .notNull()
      .unique()
      .references(() => books.id, { onDelete: 'cascade' }),
    createdAt,
  },
  (t) => [primaryKey({ columns: [t.locationId, t.bookId] })],
);

/** The locations assigned to a branch user (customer roles default and regional manager). */
export const userCustomerLocations = pgTable(
  'user_customer_locations',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => customerLocations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.locationId] }),
    index('user_customer_locations_location_idx').on(t.locationId),
  ],
);
