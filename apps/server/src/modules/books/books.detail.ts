/**
 * The book detail reads (GET books/{id}, GET books/dto/{id}) in one prepared query each: the
 * book row, its document ids and its record ids (correlated sub-selects over the indexes of
 * blobs and inspections), and for the dto its folder and book type. Before, a detail read was
 * three or four round trips, each built by the query builder anew. The replies carry record
 * ids only, never records or signatures (decision 012): those come from
 * GET books/{id}/inspection and /selfinspection.
 */
import type { Book, BookDto } from '@pruefbuch/domain/schemas/book';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { blobs, books, bookTypes, folders, inspections } from '../../db/schema/index';
import { toBookTypeDto } from '../booktypes/booktypes.repo';
import { type BookRefs, toBookDto } from './books.repo';

const P = { tenantId: sql.placeholder('tenantId'), id: sql.placeholder('id') };

/** Ids as text[] (both drivers parse text arrays), '{}' when there are none. */
const idArray = (q: SQL) => sql<string[]>`coalesce((${q}), '{}'::text[])`;

const documentIds = idArray(
  sql`select array_agg(${blobs.id}::text order by ${blobs.createdAt}, ${blobs.id}) from ${blobs}
    where ${blobs.tenantId} = ${books.tenantId} and ${blobs.bookId} = ${books.id} and ${blobs.type} = 'document'`,
);
const recordIds = (self: boolean) =>
  idArray(
    sql`select array_agg(${inspections.id}::text order by ${inspections.when} desc, ${inspections.createdAt} desc, ${inspections.id} desc)
      from ${inspections} where ${inspections.tenantId} = ${books.tenantId} and ${inspections.bookId} = ${books.id}
      and ${self ? sql`${inspections.kind} = 'self'` : sql`${inspections.kind} <> 'self'`}`,
  );

const refColumns = {
  documents: documentIds,
  inspection: recordIds(false),
  selfInspection: recordIds(true),
};
const whereBook = and(sql`${books.id} = ${P.id}`, sql`${books.tenantId} = ${P.tenantId}`);

const bookQuery = (db: Db) =>
  db
    .select({ book: books, ...refColumns })
    .from(books)
    .where(whereBook)
    .limit(1)
    .prepare('book_detail');

const dtoQuery = (db: Db) =>
  db
    .select({
      book: books,
      ...refColumns,
      folder: { id: folders.id, folderName: folders.folderName, parentId: folders.parentId },
      type: bookTypes,
    })
    .from(books)
    .leftJoin(folders, and(eq(folders.id, books.folderId), eq(folders.tenantId, books.tenantId)))
    .leftJoin(bookTypes, eq(bookTypes.id, books.bookTypeId))
    .where(whereBook)
    .limit(1)
    .prepare('book_dto');

/** The statements of a database, prepared once (on PostgreSQL planned once per connection). */
const prepared = preparedStatements<{ book: ReturnType<typeof bookQuery>; dto: ReturnType<typeof dtoQuery> }>();
const statementsOf = (db: Db) => prepared(db, 'book', () => ({ book: bookQuery(db), dto: dtoQuery(db) }));

const refsOf = (r: BookRefs): BookRefs => ({
  documents: r.documents,
  inspection: r.inspection,
  selfInspection: r.selfInspection,
});

/** GET books/{id}: the book of the tenant with its document and record ids, or null. */
export async function readBook(db: Db, tenantId: string, id: string): Promise<Book | null> {
  const [r] = await statementsOf(db).book.execute({ tenantId, id });
  return r ? toBookDto(r.book, refsOf(r)) : null;
}

/** The download link of a book's documents: the first document's download (SPEC §3). */
export const downloadLinkOf = (documents: string[]) =>
  documents[0] ? `/api/v1/blobs/${documents[0]}/document/download` : null;

/** GET books/dto/{id}: the book with its book type, folder, document ids and download link, or null. */
export async function readBookDto(db: Db, tenantId: string, id: string): Promise<BookDto | null> {
  const [r] = await statementsOf(db).dto.execute({ tenantId, id });
  if (!r) return null;
  const book = toBookDto(r.book, refsOf(r));
  return {
    book,
    bookType: r.type ? toBookTypeDto(r.type) : null,
    folder: r.folder ? { _id: r.folder.id, folderName: r.folder.folderName, parentFolderId: r.folder.parentId } : null,
    documents: book.documents,
    downloadLink: downloadLinkOf(book.documents),
  };
}
