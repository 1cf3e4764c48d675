import { BookStatus } from '@pruefbuch/domain/rules/book-status';
import type { BookSchedule } from '@pruefbuch/domain/rules/next-inspection';
import { deleteOutcome } from '@pruefbuch/domain/rules/retention';
import type { AddressWrite } from '@pruefbuch/domain/schemas/address';
import {
  BOOK_DEFAULTS,
  type Book,
  type BookAsTemplate,
  type BookCreate,
  type BookFields,
  type BookSpecialUpdate,
  type BookUpdate,
} from '@pruefbuch/domain/schemas/book';
import type { BookRemovedReply } from '@pruefbuch/domain/schemas/retention';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLogs, books, inspections } from '../../db/schema/index';
import { recordChanges } from '../../platform/audit';
import { keepBookSerial } from '../../platform/book-serial';
import type { TenantContext } from '../../platform/context';
import { badField, notFound } from '../../platform/errors';
import { fileShasOfBooks } from '../../platform/files';
import { scheduleFileRemovals } from '../../platform/files-removals';
import { holdOn, holdsOf } from '../../platform/legal-holds';
import {
  aggregateInputChanged,
  locationsOfBooks,
  refreshLocationAmpels,
  refreshLocationsOfBooks,
} from '../../platform/location-ampels';
import { checkVersion, writeVersion } from '../../platform/versioned-write';
import { findBookType } from '../booktypes/booktypes.repo';
import {
  auditView,
  type BookInsert,
  type BookRow,
  bookDto,
  findBook,
  findFolder,
  knownCountries,
  toBookDto,
  toColumns,
} from './books.repo';
import { scheduleFor } from './books.schedule';

const audit = (ctx: TenantContext, id: string, action: 'create' | 'update' | 'delete') => ({
  entity: 'book' as const,
  entityId: id,
  tenantId: ctx.tenantId,
  action,
});

const ADDRESS_FIELDS = ['controlleraddress', 'objectaddress', 'raiseraddress', 'manufactureraddress'] as const;

/** The references of a write must exist: the folder in the tenant (else 404), the book type and the address countries (else 400). */
async function checkReferences(
  db: Executor,
  tenantId: string,
  input: Partial<BookFields> & { folder?: string | null },
) {
  if (input.folder && !(await findFolder(db, tenantId, input.folder))) throw notFound();
  if (input.bookType && !(await findBookType(db, input.bookType))) throw badField('bookType', 'validation.invalid');
  const withCountry = ADDRESS_FIELDS.map((f) => [f, input[f]] as const).filter(
    (e): e is readonly [(typeof ADDRESS_FIELDS)[number], AddressWrite] => !!e[1]?.country,
  );
  const known = await knownCountries(
    db,
    withCountry.map(([, a]) => a.country),
  );
  const bad = withCountry.find(([, a]) => !known.has(a.country));
  if (bad) throw badField(`${bad[0]}.country`, 'validation.country');
}

/** A window's end may not lie before its start (checked on the book as it will be saved). */
function checkWindows(b: Pick<BookFields, 'enableFrom' | 'enableTo' | 'visibleFrom' | 'visibleTo'>) {
  if (b.enableFrom && b.enableTo && b.enableTo < b.enableFrom) throw badField('enableTo', 'books.errors.dateOrder');
  if (b.visibleFrom && b.visibleTo && b.visibleTo < b.visibleFrom) {
    throw badField('visibleTo', 'books.errors.dateOrder');
  }
}

/** The stored schedule of a book as it is about to be saved (books.schedule.ts); the server's, never the client's. */
async function scheduleColumns(tx: Executor, tenantId: string, id: string | null, cols: Partial<BookInsert>) {
  const { latest: _latest, ...schedule } = await scheduleFor(tx, {
    id,
    tenantId,
    bookTypeId: cols.bookTypeId ?? null,
    serviceinterval: cols.serviceinterval ?? 0,
    selfserviceinterval: cols.selfserviceinterval ?? 0,
    firstservice: cols.firstservice ?? null,
    completedOn: cols.completedOn ?? null,
  });
  return schedule;
}

/**
 * Inserts a book of the tenant in the caller's transaction: checks the references and windows,
 * computes the schedule and ampels, records the protocol. Used by the book calls here and by
 * 'Prüfbuch anlegen' on an order (doorbooks).
 */
export async function insertBook(tx: Executor, ctx: TenantContext, fields: BookFields, folder: string | null) {
  await checkReferences(tx, ctx.tenantId, { ...fields, folder });
  checkWindows(fields);
  const columns = toColumns(fields, null);
  const schedule = await scheduleColumns(tx, ctx.tenantId, null, columns);
  const [row] = await tx
    .insert(books)
    .values({ ...columns, ...schedule, tenantId: ctx.tenantId, folderId: folder })
    .returning();
  if (!row) throw new Error('book insert returned nothing');
  const dto = toBookDto(row);
  await recordChanges(tx, ctx, audit(ctx, row.id, 'create'), null, auditView(dto));
  return dto;
}

/** POST books: a new book in a folder of the tenant (or without folder); missing fields take the SPEC §3 defaults. */
export function createBook(ctx: TenantContext, input: BookCreate): Promise<Book> {
  const { folder = null, ...fields } = input;
  return ctx.db.transaction((tx) => insertBook(tx, ctx, { ...BOOK_DEFAULTS, ...fields }, folder));
}

/** What a copy of a template leaves behind: the identifiers and dates of one installation (its schedule is computed anew). */
const PER_INSTALLATION: Partial<BookFields> = {
  glasbocknr: '',
  manufacturerNo: '',
  orderNo: '',
  completedOn: null,
  enableFrom: null,
  enableTo: null,
  visibleFrom: null,
  visibleTo: null,
  firstservice: null,
};

const withoutId = (a: { _id: string } | null): AddressWrite | null => {
  if (!a) return null;
  const { _id, ...rest } = a as AddressWrite & { _id: string };
  return rest;
};

/** A book's fields as a copy takes them: without its folder, its schedule and its address ids. */
function fieldsOfCopy(source: BookRow): BookFields {
  const copy = auditView(toBookDto(source)) as unknown as BookFields & { folder: string | null } & BookSchedule;
  const {
    folder: _folder,
    nextInspectionDate: _next,
    inspectionAmpel: _ampel,
    nextInspectionDateSelf: _nextSelf,
    inspectionSelfAmpel: _selfAmpel,
    ...fields
  } = copy;
  for (const f of ADDRESS_FIELDS) fields[f] = withoutId(copy[f] as { _id: string } | null);
  return { ...fields, ...PER_INSTALLATION };
}

/**
 * POST books/fromTemplate/{id}: a copy of a template (status 7) of the tenant, with status
 * initial, a new title and folder, without the template's documents, identifiers (serial,
 * manufacturer and order number) and dates; any field of the body is set over the copy.
 */
export function createFromTemplate(ctx: TenantContext, templateId: string, input: BookCreate): Promise<Book> {
  return ctx.db.transaction(async (tx) => {
    const template = await findBook(tx, ctx.tenantId, templateId);
    if (!template) throw notFound();
    if (template.status !== BookStatus.STATUS_TEMPLATE) throw badField('id', 'books.errors.notTemplate');
    const { folder = null, ...overrides } = input;
    return insertBook(tx, ctx, { ...fieldsOfCopy(template), status: BookStatus.STATUS_INITIAL, ...overrides }, folder);
  });
}

/**
 * POST books/asTemplate/{id} ('Als Vorlage speichern'): a template (status 7) made of a book of the
 * tenant, under a title of its own, in the book's folder unless the body names another (null: no
 * folder). It leaves out what fromTemplate leaves out: documents, records, identifiers and dates.
 */
export function saveAsTemplate(ctx: TenantContext, bookId: string, input: BookAsTemplate): Promise<Book> {
  return ctx.db.transaction(async (tx) => {
    const source = await findBook(tx, ctx.tenantId, bookId);
    if (!source) throw notFound();
    const folder = input.folder === undefined ? source.folderId : input.folder;
    return insertBook(
      tx,
      ctx,
      { ...fieldsOfCopy(source), title: input.title, status: BookStatus.STATUS_TEMPLATE, active: true },
      folder,
    );
  });
}

/**
 * Applies a change to a book of the tenant in one transaction: locks the row, checks the
 * version marker when one is given, writes, bumps the version and records the audit trail.
 */
async function change(
  ctx: TenantContext,
  id: string,
  version: number | undefined,
  apply: (tx: Executor, current: BookRow) => Promise<Partial<typeof books.$inferInsert>>,
): Promise<Book> {
  return ctx.db.transaction(async (tx) => {
    const current = await findBook(tx, ctx.tenantId, id, { forUpdate: true });
    if (!current) throw notFound();
    if (version !== undefined) checkVersion(version, current.version);
    const row = await writeVersion<typeof books, BookRow, BookRow>(tx, books, {
      tenantId: ctx.tenantId,
      current,
      set: await apply(tx, current),
    });
    if (aggregateInputChanged(current, row)) await refreshLocationsOfBooks(tx, ctx.tenantId, [id]);
    // The order made into this book keeps its serial number for the serial search (issue 31 item 7).
    if (row.glasbocknr !== current.glasbocknr) await keepBookSerial(tx, ctx.tenantId, id, row.glasbocknr);
    const before = await bookDto(tx, ctx.tenantId, current);
    const after = toBookDto(row, before);
    await recordChanges(tx, ctx, audit(ctx, id, 'update'), auditView(before), auditView(after));
    return after;
  });
}

/** The window fields of a book after a change. */
const windowsAfter = (current: BookRow, input: Partial<BookFields>) => ({
  enableFrom: input.enableFrom !== undefined ? input.enableFrom : current.enableFrom,
  enableTo: input.enableTo !== undefined ? input.enableTo : current.enableTo,
  visibleFrom: input.visibleFrom !== undefined ? input.visibleFrom : current.visibleFrom,
  visibleTo: input.visibleTo !== undefined ? input.visibleTo : current.visibleTo,
});

/**
 * PUT books/{id}: changes the fields sent; __v must be the stored version (else 409). The
 * schedule follows the book's intervals, dates and type as they are after the change.
 */
export function updateBook(ctx: TenantContext, id: string, input: BookUpdate): Promise<Book> {
  const { __v, ...fields } = input;
  return change(ctx, id, __v, async (tx, current) => {
    await checkReferences(tx, ctx.tenantId, fields);
    checkWindows(windowsAfter(current, fields));
    const columns = toColumns(fields, current);
    return { ...columns, ...(await scheduleColumns(tx, ctx.tenantId, id, { ...current, ...columns })) };
  });
}

/** PUT books/updateSpezial/{id}: placement, status, active, visibility and enabling windows; __v optional. */
export function updateSpecial(ctx: TenantContext, id: string, input: BookSpecialUpdate): Promise<Book> {
  const { __v, ...fields } = input;
  return change(ctx, id, __v, async (_tx, current) => {
    checkWindows(windowsAfter(current, fields));
    return toColumns(fields, current);
  });
}

/** PUT books/{id}/move2folder/{folderId}: into a folder of the same tenant ('root': out of every folder). */
export function moveToFolder(ctx: TenantContext, id: string, folderId: string): Promise<Book> {
  return change(ctx, id, undefined, async (tx) => {
    if (folderId === 'root') return { folderId: null };
    if (!(await findFolder(tx, ctx.tenantId, folderId))) throw notFound();
    return { folderId };
  });
}

/** The finalized records of a book of the tenant (drafts do not count: they are never kept, decision 059). */
async function finalizedRecordsOf(tx: Executor, tenantId: string, bookId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(inspections)
    .where(and(eq(inspections.tenantId, tenantId), eq(inspections.bookId, bookId), isNotNull(inspections.finalizedAt)));
  return row?.n ?? 0;
}

/**
 * A retired book leaves every list, search, count, reminder and location ampel: the order made into it no
 * longer keeps its serial number, and its locations are recomputed without it (both come back on restore).
 */
async function retire(tx: Executor, ctx: TenantContext, current: BookRow): Promise<BookRemovedReply> {
  const row = await writeVersion<typeof books, BookRow, BookRow>(tx, books, {
    tenantId: ctx.tenantId,
    current,
    set: { retiredAt: new Date() },
  });
  await keepBookSerial(tx, ctx.tenantId, current.id, '');
  await refreshLocationsOfBooks(tx, ctx.tenantId, [current.id]);
  const retiredAt = (row.retiredAt as Date).toISOString();
  await recordChanges(tx, ctx, audit(ctx, current.id, 'update'), { retiredAt: null }, { retiredAt });
  return { outcome: 'retired', retiredAt };
}

/**
 * DELETE books/{id}. A book with finalized records, or under a legal hold, is retired instead
 * (rules/retention.ts DELETE_RULES, decision 059): kept whole, out of every list, restorable by admins,
 * purged by the retention run once the tenant's retention has passed. Any other book is removed with its
 * records, bookings, QR codes, PDF assets and uploads (documents, defect photos, expert reports: foreign key
 * cascade); the audit trail stays. Files no other blob shares are removed after the grace period
 * (platform/files-removals.ts).
 */
export async function deleteBook(ctx: TenantContext, id: string): Promise<BookRemovedReply | null> {
  return ctx.db.transaction(async (tx) => {
    const current = await findBook(tx, ctx.tenantId, id, { forUpdate: true });
    if (!current) throw notFound();
    const finalizedRecords = await finalizedRecordsOf(tx, ctx.tenantId, id);
    const held = holdOn(await holdsOf(tx, ctx.tenantId), current) !== null;
    if (deleteOutcome({ finalizedRecords, held }) === 'retire') return retire(tx, ctx, current);
    const before = await bookDto(tx, ctx.tenantId, current);
    const files = await fileShasOfBooks(tx, [id]);
    // The link goes with the book (foreign key cascade): its location is read before.
    const locations = await locationsOfBooks(tx, ctx.tenantId, [id]);
    // The order's link goes too (foreign key: set null), and with it the serial number it kept.
    await keepBookSerial(tx, ctx.tenantId, id, '');
    await tx.delete(books).where(and(eq(books.id, id), eq(books.tenantId, ctx.tenantId)));
    await refreshLocationAmpels(tx, ctx.tenantId, locations);
    await recordChanges(tx, ctx, audit(ctx, id, 'delete'), auditView(before), null);
    await scheduleFileRemovals(tx, files, ctx.deps.config.fileRemovalGraceHours);
    return null;
  });
}

/**
 * POST books/{id}/restore (admins): a retired book back in service, in its lists, counts, reminders and
 * location ampels, its order keeping its serial number again. A book in service is a 404 here.
 */
export function restoreBook(ctx: TenantContext, id: string): Promise<Book> {
  return ctx.db.transaction(async (tx) => {
    const current = await findBook(tx, ctx.tenantId, id, { forUpdate: true, retired: true });
    if (!current?.retiredAt) throw notFound();
    const row = await writeVersion<typeof books, BookRow, BookRow>(tx, books, {
      tenantId: ctx.tenantId,
      current,
      set: { retiredAt: null },
    });
    await keepBookSerial(tx, ctx.tenantId, id, row.glasbocknr);
    await refreshLocationsOfBooks(tx, ctx.tenantId, [id]);
    await recordChanges(
      tx,
      ctx,
      audit(ctx, id, 'update'),
      { retiredAt: current.retiredAt.toISOString() },
      { retiredAt: null },
    );
    return bookDto(tx, ctx.tenantId, row);
  });
}

/**
 * The retention run's purge of one retired book (decision 059), in the caller's transaction: the book goes
 * whole, with its records, bookings, QR codes, PDF assets, uploads and holds (foreign key cascade), its
 * files after the grace period; a protocol row keeps what was purged. The caller has checked the rules
 * under the row's lock.
 */
export async function purgeRetiredBook(tx: Executor, book: BookRow, graceHours: number, summary: string) {
  const files = await fileShasOfBooks(tx, [book.id]);
  await keepBookSerial(tx, book.tenantId, book.id, '');
  await tx.delete(books).where(and(eq(books.id, book.id), eq(books.tenantId, book.tenantId)));
  await tx.insert(auditLogs).values({
    tenantId: book.tenantId,
    entity: 'book',
    entityId: book.id,
    action: 'delete',
    field: 'retentionPurge',
    oldValue: summary,
    newValue: null,
    editorId: null,
    editorAbbreviation: '',
  });
  await scheduleFileRemovals(tx, files, graceHours);
}
