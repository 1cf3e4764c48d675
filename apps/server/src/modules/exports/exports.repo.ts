import { hiddenRecordKinds } from '@pruefbuch/domain/access';
import { Customer } from '@pruefbuch/domain/roles';
import type { ExportScope } from '@pruefbuch/domain/schemas/export';
import { and, asc, count, eq, inArray, isNotNull, notInArray, or, type SQL, sql, sum } from 'drizzle-orm';
import { isAnyOf } from '../../db/any-of';
import type { Executor } from '../../db/client';
import { blobs, books, customerLocationBooks, customerLocations, inspections } from '../../db/schema/index';
import { blobInScope, bookInScope, locationInScope } from '../../platform/branch-scope';
import type { AuthUser } from '../../platform/context';
import { BOOK_DOCUMENT_TYPE, PDF_ASSET_TYPE } from '../documents/documents.repo';
import { INSPECTION_PDF_TYPE } from '../pdf/pdf.archive';

type ScopeUser = Pick<AuthUser, 'id' | 'role' | 'customerRole' | 'customer'>;

/** A book of the file, in the order the ZIP lists them. */
export interface ExportBook {
  id: string;
  title: string;
  manufacturerNo: string;
  object: string;
  site: string;
}

const bookColumns = {
  id: books.id,
  title: books.title,
  manufacturerNo: books.manufacturerNo,
  object: books.object,
  site: books.site,
};

/** A branch of the tenant the user may see, or null (another tenant's, or outside a branch user's scope). */
export async function findLocation(db: Executor, user: ScopeUser, tenantId: string, id: string) {
  const [row] = await db
    .select({
      id: customerLocations.id,
      znl: customerLocations.znl,
      nr: customerLocations.nr,
      customer: customerLocations.customer,
      address: customerLocations.address,
    })
    .from(customerLocations)
    .where(and(eq(customerLocations.tenantId, tenantId), eq(customerLocations.id, id), locationInScope(user)))
    .limit(1);
  return row ?? null;
}

/** Whether the customer has a branch in the tenant that the user may see (control: only their own customer). */
export async function customerVisible(db: Executor, user: ScopeUser, tenantId: string, customer: number) {
  const [row] = await db
    .select({ id: customerLocations.id })
    .from(customerLocations)
    .where(
      and(eq(customerLocations.tenantId, tenantId), eq(customerLocations.customer, customer), locationInScope(user)),
    )
    .limit(1);
  return !!row;
}

/** The condition on books that makes up the file of a scope (the branch scope and the tenant added by the caller). */
function booksOfScope(tenantId: string, scope: ExportScope, target: string): SQL | undefined {
  if (scope === 'book') return eq(books.id, target);
  const links = sql`select ${customerLocationBooks.bookId} from ${customerLocationBooks}
      join ${customerLocations} on ${customerLocations.id} = ${customerLocationBooks.locationId}
      where ${customerLocations.tenantId} = ${tenantId} and `;
  return scope === 'branch'
    ? inArray(books.id, sql`(${links}${customerLocations.id} = ${target})`)
    : inArray(
        books.id,
        sql`(${links}${customerLocations.customer} = ${Number(target) || Customer.NO_CUSTOMER} and ${customerLocations.active})`,
      );
}

/** The books of the file that the user may see, ordered by title (a book of several branches once). */
export function exportBooks(db: Executor, user: ScopeUser, tenantId: string, scope: ExportScope, target: string) {
  return db
    .select(bookColumns)
    .from(books)
    .where(and(eq(books.tenantId, tenantId), booksOfScope(tenantId, scope, target), bookInScope(user, books.id)))
    .orderBy(asc(books.title), asc(books.id)) as Promise<ExportBook[]>;
}

/** The blob types copied into the file as the records' PDFs: archived on finalize, and uploaded reports. */
export const RECORD_FILE_TYPES = [INSPECTION_PDF_TYPE, PDF_ASSET_TYPE, 'expert-report'] as const;

/**
 * The stored files of these books that the file copies, as the user may see them: the records' PDFs (an
 * uploaded expert report only once its record is finalized) and the documents, oldest first.
 */
export function exportFiles(db: Executor, user: ScopeUser, tenantId: string, bookIds: readonly string[]) {
  if (bookIds.length === 0) return Promise.resolve([]);
  const finalizedReport = sql`exists (select 1 from ${inspections} where ${inspections.tenantId} = ${tenantId}
      and ${inspections.reportBlobId} = ${blobs.id} and ${inspections.finalizedAt} is not null)`;
  return db
    .select({
      id: blobs.id,
      bookId: blobs.bookId,
      type: blobs.type,
      fileName: blobs.fileName,
      sha256: blobs.sha256,
      size: blobs.size,
      createdAt: blobs.createdAt,
    })
    .from(blobs)
    .where(
      and(
        eq(blobs.tenantId, tenantId),
        isAnyOf(blobs.bookId, bookIds),
        or(
          inArray(blobs.type, [INSPECTION_PDF_TYPE, PDF_ASSET_TYPE, BOOK_DOCUMENT_TYPE]),
          and(eq(blobs.type, 'expert-report'), finalizedReport),
        ),
        blobInScope(user),
      ),
    )
    .orderBy(asc(blobs.bookId), asc(blobs.createdAt), asc(blobs.id));
}

/** Finalized records per book that the user may see (the book PDFs show them). */
export async function recordCounts(db: Executor, user: ScopeUser, tenantId: string, bookIds: readonly string[]) {
  if (bookIds.length === 0) return new Map<string, number>();
  const hidden = hiddenRecordKinds(user);
  const rows = await db
    .select({ bookId: inspections.bookId, n: count() })
    .from(inspections)
    .where(
      and(
        eq(inspections.tenantId, tenantId),
        isAnyOf(inspections.bookId, bookIds),
        isNotNull(inspections.finalizedAt),
        hidden.length ? notInArray(inspections.kind, [...hidden]) : undefined,
      ),
    )
    .groupBy(inspections.bookId);
  return new Map(rows.map((r) => [r.bookId, Number(r.n)]));
}

/** Bytes of the stored files these books' file copies (the size rule's third measure). */
export async function fileBytes(db: Executor, user: ScopeUser, tenantId: string, bookIds: readonly string[]) {
  if (bookIds.length === 0) return 0;
  const [row] = await db
    .select({ bytes: sum(blobs.size) })
    .from(blobs)
    .where(
      and(
        eq(blobs.tenantId, tenantId),
        isAnyOf(blobs.bookId, bookIds),
        inArray(blobs.type, [...RECORD_FILE_TYPES, BOOK_DOCUMENT_TYPE]),
        blobInScope(user),
      ),
    );
  return Number(row?.bytes ?? 0);
}
