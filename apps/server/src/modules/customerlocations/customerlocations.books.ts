/**
 * The books of customer locations: a branch's books as its user may see them, the books that may be linked to
 * it, the customers its linked books name (decision 038), and the branch a book is linked to. Every query
 * names the tenant.
 */
import type { LocationBook } from '@pruefbuch/domain/schemas/customerlocation';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bookSearchText, books, customerLocationBooks, customerLocations } from '../../db/schema/index';
import { bookInScope } from '../../platform/branch-scope';
import { inService } from '../../platform/legal-holds';
import { ampelRankSql } from '../../platform/location-ampels';
import { containsPattern } from '../../platform/paging';
import type { LocationScope } from './customerlocations.repo';

/** The books of a location the user may see, worst ampel first. */
export async function booksOfLocation(db: Executor, s: LocationScope, locationId: string): Promise<LocationBook[]> {
  const rows = await db
    .select({
      id: books.id,
      title: books.title,
      object: books.object,
      site: books.site,
      active: books.active,
      nextInspectionDate: books.nextInspectionDate,
      inspectionAmpel: books.inspectionAmpel,
      nextInspectionDateSelf: books.nextInspectionDateSelf,
      inspectionSelfAmpel: books.inspectionSelfAmpel,
      tenantId: books.tenantId,
    })
    .from(customerLocationBooks)
    .innerJoin(books, eq(books.id, customerLocationBooks.bookId))
    .where(
      and(
        eq(customerLocationBooks.locationId, locationId),
        eq(books.tenantId, s.tenantId),
        inService,
        bookInScope(s.user, books.id),
      ),
    )
    .orderBy(desc(ampelRankSql(books.inspectionAmpel)), asc(books.title));
  return rows.map((r) => ({
    _id: r.id,
    title: r.title,
    object: r.object,
    site: r.site,
    active: r.active,
    nextInspectionDate: r.nextInspectionDate,
    inspectionAmpel: r.inspectionAmpel,
    nextInspectionDateSelf: r.nextInspectionDateSelf,
    inspectionSelfAmpel: r.inspectionSelfAmpel,
    tenant: r.tenantId,
  }));
}

/**
 * The customers of the books linked to the tenant's branches of one customer: what names that customer
 * (decision 038).
 */
export async function customerNamesOf(db: Executor, tenantId: string, customer: number) {
  const rows = await db
    .selectDistinct({ name: books.customer })
    .from(customerLocationBooks)
    .innerJoin(customerLocations, eq(customerLocations.id, customerLocationBooks.locationId))
    .innerJoin(books, eq(books.id, customerLocationBooks.bookId))
    .where(and(eq(customerLocations.tenantId, tenantId), eq(customerLocations.customer, customer)));
  return rows.map((r) => r.name);
}

/** A book's customer as the link rule compares it (customerKey): spaces collapsed and trimmed, lower case. */
const WHITESPACE = '\\s+';
const customerKeyOf = sql<string>`lower(btrim(regexp_replace(${books.customer}, ${WHITESPACE}, ' ', 'g')))`;

/**
 * The tenant's books found by the search (as the book list searches) whose customer is one of `names` (the
 * customer keys of the branch's customer) or none; every book when `names` is empty (the customer's first
 * book). With the branch each is linked to already, title first.
 */
export async function linkableBooksOf(
  db: Executor,
  tenantId: string,
  names: string[],
  q: { search?: string; size: number },
) {
  return db
    .select({
      id: books.id,
      title: books.title,
      object: books.object,
      site: books.site,
      customer: books.customer,
      locationId: customerLocations.id,
      znl: customerLocations.znl,
      nr: customerLocations.nr,
      sapNr: customerLocations.sapNr,
    })
    .from(books)
    .leftJoin(customerLocationBooks, eq(customerLocationBooks.bookId, books.id))
    .leftJoin(customerLocations, eq(customerLocations.id, customerLocationBooks.locationId))
    .where(
      and(
        eq(books.tenantId, tenantId),
        inService,
        q.search ? sql`${bookSearchText(books)} ilike ${containsPattern(q.search)}` : undefined,
        names.length ? inArray(customerKeyOf, [...names, '']) : undefined,
      ),
    )
    .orderBy(asc(books.title), asc(books.id))
    .limit(q.size);
}

/** The location a book is linked to, if any (tenant-checked through the book). */
export async function locationOfBook(db: Executor, tenantId: string, bookId: string) {
  const [row] = await db
    .select({ id: customerLocations.id, znl: customerLocations.znl, nr: customerLocations.nr })
    .from(customerLocationBooks)
    .innerJoin(customerLocations, eq(customerLocations.id, customerLocationBooks.locationId))
    .where(and(eq(customerLocationBooks.bookId, bookId), eq(customerLocations.tenantId, tenantId)))
    .limit(1);
  return row ?? null;
}
