/**
 * Queries of the prepared day (decision 061): one per kind — the candidates (bookings, drafts), the books,
 * their types, their last records, the user's drafts, documents and QR codes — never one per book. Every query names the
 * tenant and the branch scope.
 */
import { hiddenRecordKinds } from '@pruefbuch/domain/access';
import { locationName } from '@pruefbuch/domain/rules/location-name';
import { OFFLINE_DAY, type OfflineCandidate } from '@pruefbuch/domain/rules/offline-day';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  blobs,
  bookings,
  books,
  bookTypes,
  customerLocationBooks,
  customerLocations,
  folders,
  inspections,
  qrCodes,
} from '../../db/schema/index';
import { blobInScope, bookInScope, locationInScope, recordInScope } from '../../platform/branch-scope';
import type { AuthUser } from '../../platform/context';
import { BOOK_DOCUMENT_TYPE } from '../documents/documents.repo';
import { readRecords } from '../inspections/inspections.repo';

type User = Pick<AuthUser, 'id' | 'role' | 'customerRole' | 'customer'>;

/** The user's books reached through `link` (their bookings, their records), with what the rule table reads. */
function candidateBooks(
  db: Executor,
  tenantId: string,
  user: User,
  link: typeof bookings | typeof inspections,
  ...conditions: SQL[]
) {
  return db
    .selectDistinct({
      bookId: books.id,
      retiredAt: books.retiredAt,
      enableFrom: books.enableFrom,
      enableTo: books.enableTo,
    })
    .from(link)
    .innerJoin(books, eq(books.id, link.bookId))
    .where(and(eq(link.tenantId, tenantId), eq(books.tenantId, tenantId), bookInScope(user, books.id), ...conditions));
}

/** What the user chose to take along instead of their bookings (decision 061): a folder or a branch. */
export type OfflineChoice = { folder: string } | { location: string };

/**
 * The chosen folder's (or branch's) name and its books in title order, as candidates; null when the folder or branch
 * is not the tenant's or not in the user's scope.
 */
export async function chosenOf(db: Executor, tenantId: string, user: User, choice: OfflineChoice) {
  const columns = {
    bookId: books.id,
    retiredAt: books.retiredAt,
    enableFrom: books.enableFrom,
    enableTo: books.enableTo,
  };
  if ('folder' in choice) {
    const [folder] = await db
      .select({ id: folders.id, name: folders.folderName })
      .from(folders)
      .where(and(eq(folders.id, choice.folder), eq(folders.tenantId, tenantId)));
    if (!folder) return null;
    const rows = await db
      .select(columns)
      .from(books)
      .where(and(eq(books.tenantId, tenantId), eq(books.folderId, folder.id), bookInScope(user, books.id)))
      .orderBy(asc(books.title), asc(books.id));
    return { chosen: { kind: 'folder' as const, ...folder }, rows };
  }
  const [location] = await db
    .select({
      id: customerLocations.id,
      znl: customerLocations.znl,
      nr: customerLocations.nr,
      sapNr: customerLocations.sapNr,
    })
    .from(customerLocations)
    .where(
      and(eq(customerLocations.id, choice.location), eq(customerLocations.tenantId, tenantId), locationInScope(user)),
    );
  if (!location) return null;
  const rows = await db
    .select(columns)
    .from(customerLocationBooks)
    .innerJoin(books, eq(books.id, customerLocationBooks.bookId))
    .where(
      and(eq(customerLocationBooks.locationId, location.id), eq(books.tenantId, tenantId), bookInScope(user, books.id)),
    )
    .orderBy(asc(books.title), asc(books.id));
  return { chosen: { kind: 'location' as const, id: location.id, name: locationName(location) }, rows };
}

/** The books of the user's bookings and of their open records in the tenant, as candidates for the day. */
export async function candidatesOf(
  db: Executor,
  tenantId: string,
  user: User,
  chosen:
    | { bookId: string; retiredAt: Date | null; enableFrom: string | null; enableTo: string | null }[]
    | null = null,
): Promise<OfflineCandidate[]> {
  // A chosen folder or branch takes the place of the bookings.
  const booked = chosen ?? (await candidateBooks(db, tenantId, user, bookings, eq(bookings.userId, user.id)));
  const drafted = await candidateBooks(
    db,
    tenantId,
    user,
    inspections,
    eq(inspections.createdBy, user.id),
    isNull(inspections.finalizedAt),
  );
  const toCandidate = (source: OfflineCandidate['source']) => (r: (typeof booked)[number]) => ({
    bookId: r.bookId,
    source,
    retired: r.retiredAt != null,
    enableFrom: r.enableFrom,
    enableTo: r.enableTo,
  });
  return [...drafted.map(toCandidate('draft')), ...booked.map(toCandidate(chosen ? 'chosen' : 'booking'))];
}

export async function booksByIds(db: Executor, tenantId: string, user: User, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select()
    .from(books)
    .where(and(eq(books.tenantId, tenantId), inArray(books.id, ids), bookInScope(user, books.id)));
}

/** Book types are shared by the tenants. */
export async function bookTypesByIds(db: Executor, ids: string[]) {
  if (!ids.length) return [];
  return db.select().from(bookTypes).where(inArray(bookTypes.id, ids));
}

/** The last finalized records of each book (by date, then by finalization), in summary. */
export async function lastRecordsOf(db: Executor, tenantId: string, user: User, bookIds: string[]) {
  if (!bookIds.length) return [];
  const ranked = db
    .select({
      id: inspections.id,
      bookId: inspections.bookId,
      kind: inspections.kind,
      when: inspections.when,
      who: inspections.who,
      continuedOperation: inspections.continuedOperation,
      defects: sql<number>`jsonb_array_length(${inspections.defects})`.as('defects'),
      finalizedAt: inspections.finalizedAt,
      rank: sql<number>`row_number() over (partition by ${inspections.bookId} order by ${inspections.when} desc, ${inspections.finalizedAt} desc)`.as(
        'rank',
      ),
    })
    .from(inspections)
    .where(
      and(
        eq(inspections.tenantId, tenantId),
        inArray(inspections.bookId, bookIds),
        isNotNull(inspections.finalizedAt),
        recordInScope(user),
      ),
    )
    .as('ranked');
  return db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, OFFLINE_DAY.lastRecords))
    .orderBy(asc(ranked.bookId), asc(ranked.rank));
}

/**
 * The user's own open records of the books, whole (as GET inspections/{id} answers each, through the
 * inspections module's read), so they can be continued offline.
 */
export async function draftsOf(db: Executor, tenantId: string, user: User, bookIds: string[]) {
  if (!bookIds.length) return [];
  return readRecords(db, tenantId, {
    bookIds,
    createdBy: user.id,
    finalized: false,
    excludeKinds: hiddenRecordKinds(user),
    scope: recordInScope(user),
  });
}

/** The documents of the books: metadata only. */
export async function documentsOf(db: Executor, tenantId: string, user: User, bookIds: string[]) {
  if (!bookIds.length) return [];
  return db
    .select({
      id: blobs.id,
      bookId: blobs.bookId,
      fileName: blobs.fileName,
      contentType: blobs.contentType,
      size: blobs.size,
      type: blobs.type,
      createdAt: blobs.createdAt,
    })
    .from(blobs)
    .where(
      and(
        eq(blobs.tenantId, tenantId),
        inArray(blobs.bookId, bookIds),
        eq(blobs.type, BOOK_DOCUMENT_TYPE),
        blobInScope(user),
      ),
    )
    .orderBy(desc(blobs.createdAt));
}

export async function qrCodesOf(db: Executor, tenantId: string, user: User, bookIds: string[]) {
  if (!bookIds.length) return [];
  return db
    .select({ bookId: qrCodes.bookId, code: qrCodes.code })
    .from(qrCodes)
    .where(and(eq(qrCodes.tenantId, tenantId), inArray(qrCodes.bookId, bookIds), bookInScope(user, qrCodes.bookId)))
    .orderBy(asc(qrCodes.createdAt));
}
