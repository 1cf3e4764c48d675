import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { bookTypes } from './booktypes';
import { stamps } from './columns';
import { folders } from './folders';
import { type AddressValue, tenants } from './tenants';

type SearchColumns = Record<
  'title' | 'customer' | 'site' | 'glasbocknr' | 'manufacturerNo' | 'orderNo' | 'objectaddress',
  AnyPgColumn
>;

/**
 * The text a book search looks in: title, customer, site, serial (glasbocknr), manufacturer and
 * order number, and the object address's ZIP and city, joined by a unit separator (chr 31) so
 * that a term never matches across two fields. books_search_trgm_idx is built on exactly this
 * expression; a search must use it unchanged to use the index.
 */
export const bookSearchText = (t: SearchColumns): SQL =>
  sql`(${t.title} || chr(31) || ${t.customer} || chr(31) || ${t.site} || chr(31) || ${t.glasbocknr} || chr(31) || ${t.manufacturerNo} || chr(31) || ${t.orderNo} || chr(31) || coalesce(${t.objectaddress} ->> 'zip', '') || chr(31) || coalesce(${t.objectaddress} ->> 'location', ''))`;

/** The inspection book of one installation (SPEC §3 Book). */
export const books = pgTable(
  'books',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    title: text('title').notNull().default(''),
    customer: text('customer').notNull().default(''),
    typ: text('typ').notNull().default(''),
    bookTypeId: uuid('book_type_id').references(() => bookTypes.id, { onDelete: 'set null' }),
    location: text('location').notNull().default(''),
    shortText: text('short_text').notNull().default(''),
    misc: jsonb('misc').$type<Record<string, unknown>>().notNull().default({}),
    controller: text('controller').notNull().default(''),
    controlleraddress: jsonb('controlleraddress').$type<AddressValue | null>(),
    object: text('object').notNull().default(''),
    objectnutzung: text('objectnutzung').notNull().default(''),
    objectaddress: jsonb('objectaddress').$type<AddressValue | null>(),
    raiser: text('raiser').notNull().default(''),
    raiseraddress: jsonb('raiseraddress').$type<AddressValue | null>(),
    manufacturer: text('manufacturer').notNull().default(''),
    manufactureraddress: jsonb('manufactureraddress').$type<AddressValue | null>(),
    contactName: text('contact_name').notNull().default(''),
    contactMail: text('contact_mail').notNull().default(''),
    contactTel: text('contact_tel').notNull().default(''),
    site: text('site').notNull().default(''),
    glasbocknr: text('glasbocknr').notNull().default(''),
    manufacturerNo: text('manufacturer_no').notNull().default(''),
    orderNo: text('order_no').notNull().default(''),
    lagerort: text('lagerort').notNull().default('inFertigungsprozess'),
    completedOn: date('completed_on'),
    enableFrom: date('enable_from'),
    enableTo: date('enable_to'),
    visibleFrom: date('visible_from'),
    visibleTo: date('visible_to'),
    nextInspectionDate: date('next_inspection_date'),
    inspectionAmpel: text('inspection_ampel'),
    nextInspectionDateSelf: date('next_inspection_date_self'),
    inspectionSelfAmpel: text('inspection_self_ampel'),
    firstservice: date('firstservice'),
    serviceinterval: integer('serviceinterval').notNull().default(0),
    selfserviceinterval: integer('selfserviceinterval').notNull().default(0),
    /** True while the latest finalized record has an open defect that shuts the installation down (ampel black). */
    shutDown: boolean('shut_down').notNull().default(false),
    /** How many people may book the book (POST books/{id}/inspection). */
    slots: integer('slots').notNull().default(1),
    status: integer('status').notNull().default(1),
    active: boolean('active').notNull().default(true),
    /**
     * When a delete retired the book instead (it has finalized records, decision 059): it is out of every
     * list, search, count and reminder, admins read and restore it, and the daily retention run purges it
     * once the tenant's retention has passed and no legal hold names it or its customer.
     */
    retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
    version: integer('version').notNull().default(0),
    ...stamps,
  },
  (t) => [
    // With the id, a folder's (or tenant's) books in title order come from the index alone.
    index('books_tenant_folder_title_idx').on(t.tenantId, t.folderId, t.title, t.id),
    index('books_tenant_title_idx').on(t.tenantId, t.title, t.id),
    index('books_tenant_manufacturer_no_idx').on(t.tenantId, t.manufacturerNo),
    index('books_tenant_order_no_idx').on(t.tenantId, t.orderNo),
    // Due books of a tenant (My inspections).
    index('books_tenant_next_inspection_idx').on(t.tenantId, t.nextInspectionDate),
    // Trigram search within a tenant: one GIN index over the tenant (btree_gin) and the search
    // text (pg_trgm), so `tenant = … and text ilike '%term%'` is answered by the index alone.
    // The retired books of a tenant, oldest first (the admins' list, the retention run).
    index('books_retired_idx').on(t.tenantId, t.retiredAt).where(sql`${t.retiredAt} is not null`),
    index('books_search_trgm_idx').using('gin', t.tenantId, sql`${bookSearchText(t)} gin_trgm_ops`),
  ],
);
