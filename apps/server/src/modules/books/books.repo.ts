import type { AddressWrite } from '@pruefbuch/domain/schemas/address';
import type { Book, BookFields, BookListItem } from '@pruefbuch/domain/schemas/book';
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { blobs, books, countries, folders, inspections, tenants } from '../../db/schema/index';
import { toAddressDto, toAddressValue } from '../../platform/addresses';
import { inService } from '../../platform/legal-holds';

export type BookRow = typeof books.$inferSelect;
export type BookInsert = typeof books.$inferInsert;

const ADDRESS_FIELDS = ['controlleraddress', 'objectaddress', 'raiseraddress', 'manufactureraddress'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

const toAddress = toAddressDto;

/** The ids a book's reply lists: its documents (oldest first) and its records (newest first). */
export interface BookRefs {
  documents: string[];
  inspection: string[];
  selfInspection: string[];
}
export const NO_REFS: BookRefs = { documents: [], inspection: [], selfInspection: [] };

/** The API shape of a book (SPEC §3). */
export function toBookDto(row: BookRow, refs: BookRefs = NO_REFS): Book {
  return {
    _id: row.id,
    title: row.title,
    customer: row.customer,
    typ: row.typ,
    bookType: row.bookTypeId,
    location: row.location,
    shortText: row.shortText,
    misc: row.misc,
    controller: row.controller,
    controlleraddress: toAddress(row.controlleraddress),
    object: row.object,
    objectnutzung: row.objectnutzung,
    objectaddress: toAddress(row.objectaddress),
    raiser: row.raiser,
    raiseraddress: toAddress(row.raiseraddress),
    manufacturer: row.manufacturer,
    manufactureraddress: toAddress(row.manufactureraddress),
    contactName: row.contactName,
    contactMail: row.contactMail,
    contactTel: row.contactTel,
    site: row.site,
    glasbocknr: row.glasbocknr,
    manufacturerNo: row.manufacturerNo,
    orderNo: row.orderNo,
    lagerort: row.lagerort,
    tenant: row.tenantId,
    folder: row.folderId,
    completedOn: row.completedOn,
    enableFrom: row.enableFrom,
    enableTo: row.enableTo,
    visibleFrom: row.visibleFrom,
    visibleTo: row.visibleTo,
    nextInspectionDate: row.nextInspectionDate,
    inspectionAmpel: row.inspectionAmpel,
    nextInspectionDateSelf: row.nextInspectionDateSelf,
    inspectionSelfAmpel: row.inspectionSelfAmpel,
    firstservice: row.firstservice,
    serviceinterval: row.serviceinterval,
    selfserviceinterval: row.selfserviceinterval,
    slots: row.slots,
    shutDown: row.shutDown,
    documents: refs.documents,
    status: row.status,
    active: row.active,
    inspection: refs.inspection,
    selfInspection: refs.selfInspection,
    qrCodes: [],
    retiredAt: row.retiredAt?.toISOString() ?? null,
    __v: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns of a list row, selected instead of the whole book. */
export const listColumns = {
  id: books.id,
  title: books.title,
  customer: books.customer,
  typ: books.typ,
  bookTypeId: books.bookTypeId,
  location: books.location,
  site: books.site,
  glasbocknr: books.glasbocknr,
  manufacturerNo: books.manufacturerNo,
  orderNo: books.orderNo,
  lagerort: books.lagerort,
  folderId: books.folderId,
  objectaddress: books.objectaddress,
  nextInspectionDate: books.nextInspectionDate,
  inspectionAmpel: books.inspectionAmpel,
  nextInspectionDateSelf: books.nextInspectionDateSelf,
  inspectionSelfAmpel: books.inspectionSelfAmpel,
  serviceinterval: books.serviceinterval,
  selfserviceinterval: books.selfserviceinterval,
  status: books.status,
  active: books.active,
  version: books.version,
  updatedAt: books.updatedAt,
};
export type BookListRow = Pick<BookRow, keyof typeof listColumns>;

export const toBookListItem = (r: BookListRow): BookListItem => ({
  _id: r.id,
  title: r.title,
  customer: r.customer,
  typ: r.typ,
  bookType: r.bookTypeId,
  location: r.location,
  site: r.site,
  glasbocknr: r.glasbocknr,
  manufacturerNo: r.manufacturerNo,
  orderNo: r.orderNo,
  lagerort: r.lagerort,
  folder: r.folderId,
  objectaddress: toAddress(r.objectaddress),
  nextInspectionDate: r.nextInspectionDate,
  inspectionAmpel: r.inspectionAmpel,
  nextInspectionDateSelf: r.nextInspectionDateSelf,
  inspectionSelfAmpel: r.inspectionSelfAmpel,
  serviceinterval: r.serviceinterval,
  selfserviceinterval: r.selfserviceinterval,
  status: r.status,
  active: r.active,
  __v: r.version,
  updatedAt: r.updatedAt.toISOString(),
});

/** The writable fields of a book as the audit trail compares them: API names, values as the API shows them. */
export function auditView(b: Book): Record<string, unknown> {
  const {
    _id,
    tenant,
    documents,
    inspection,
    selfInspection,
    qrCodes,
    shutDown,
    retiredAt,
    __v,
    createdAt,
    updatedAt,
    ...fields
  } = b;
  return fields;
}

/** Columns of a write: API field names to the table's. Only the fields present are set. */
export function toColumns(input: Partial<BookFields>, current: BookRow | null): Partial<BookInsert> {
  const { bookType, ...rest } = input;
  const cols: Partial<BookInsert> = {};
  for (const [k, v] of Object.entries(rest)) {
    if (v === undefined) continue;
    if ((ADDRESS_FIELDS as readonly string[]).includes(k)) {
      const f = k as AddressField;
      cols[f] = toAddressValue(v as AddressWrite | null, current?.[f] ?? null);
    } else {
      (cols as Record<string, unknown>)[k] = v;
    }
  }
  if (bookType !== undefined) cols.bookTypeId = bookType;
  return cols;
}

// ---------------------------------------------------------------------------------------------
// Tenant-scoped queries: every one takes the tenant id of the verified request context.

/**
 * A book of the tenant, or null. A retired book (decision 059) is null unless `retired` is set: every
 * write and every read of a book in service leaves it out; the admins' reads and restore ask for it.
 */
export async function findBook(
  db: Executor,
  tenantId: string,
  id: string,
  opts: { forUpdate?: boolean; retired?: boolean } = {},
) {
  const q = db
    .select()
    .from(books)
    .where(and(eq(books.id, id), eq(books.tenantId, tenantId), opts.retired ? undefined : inService))
    .limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/**
 * Document ids per book, oldest first, for a set of books of the tenant in one query. Other
 * uploads of a book (defect photos, expert reports, archived PDFs) are not its documents.
 */
export async function documentIdsOf(db: Executor, tenantId: string, bookIds: string[]) {
  const map = new Map<string, string[]>(bookIds.map((id) => [id, []]));
  if (bookIds.length === 0) return map;
  const rows = await db
    .select({ id: blobs.id, bookId: blobs.bookId })
    .from(blobs)
    .where(and(eq(blobs.tenantId, tenantId), inArray(blobs.bookId, bookIds), eq(blobs.type, 'document')))
    .orderBy(asc(blobs.createdAt), asc(blobs.id));
  for (const r of rows) if (r.bookId) map.get(r.bookId)?.push(r.id);
  return map;
}

/**
 * Record ids of a set of books of the tenant, newest first, split into inspections and self-inspections;
 * only those `scope` keeps when given (a branch user's, platform/branch-scope.ts recordInScope).
 */
export async function recordIdsOf(db: Executor, tenantId: string, bookIds: string[], scope?: SQL) {
  const map = new Map<string, { inspection: string[]; selfInspection: string[] }>(
    bookIds.map((id) => [id, { inspection: [], selfInspection: [] }]),
  );
  if (bookIds.length === 0) return map;
  const rows = await db
    .select({ id: inspections.id, bookId: inspections.bookId, kind: inspections.kind })
    .from(inspections)
    .where(and(eq(inspections.tenantId, tenantId), inArray(inspections.bookId, bookIds), scope))
    .orderBy(desc(inspections.when), desc(inspections.createdAt), desc(inspections.id));
  for (const r of rows) {
    const refs = map.get(r.bookId);
    if (refs) (r.kind === 'self' ? refs.selfInspection : refs.inspection).push(r.id);
  }
  return map;
}

export async function bookDto(db: Executor, tenantId: string, row: BookRow) {
  const [docs, records] = await Promise.all([
    documentIdsOf(db, tenantId, [row.id]),
    recordIdsOf(db, tenantId, [row.id]),
  ]);
  return toBookDto(row, {
    documents: docs.get(row.id) ?? [],
    ...(records.get(row.id) ?? { inspection: [], selfInspection: [] }),
  });
}

export async function findFolder(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select({ id: folders.id, folderName: folders.folderName, parentId: folders.parentId })
    .from(folders)
    .where(and(eq(folders.id, id), eq(folders.tenantId, tenantId)))
    .limit(1);
  return row ?? null;
}

export async function findTenantByUrl(db: Executor, url: string) {
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.url, url)).limit(1);
  return row ?? null;
}

/** The country ids among these that exist. */
export async function knownCountries(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db.select({ id: countries.id }).from(countries).where(inArray(countries.id, ids));
  return new Set(rows.map((r) => r.id));
}
