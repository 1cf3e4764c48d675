/** Reading customer locations: list, one location with its books, ampel counts, the ampel of a book's location. */

import { AMPEL_COLOURS, type Ampel } from '@pruefbuch/domain/rules/book-status';
import { bookLinkVerdict, customerKey } from '@pruefbuch/domain/rules/location-book-link';
import type {
  AmpelCount,
  AmpelCountReply,
  CustomerLocationListQuery,
  LinkableBook,
  LinkableBooksQuery,
  LinkableBooksReply,
} from '@pruefbuch/domain/schemas/customerlocation';
import { and, eq } from 'drizzle-orm';
import { books, customerLocations } from '../../db/schema/index';
import { bookInScope } from '../../platform/branch-scope';
import type { TenantContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { inService } from '../../platform/legal-holds';
import { pageReply } from '../../platform/paging';
import { booksOfLocation, customerNamesOf, linkableBooksOf, locationOfBook } from './customerlocations.books';
import { keptAmpelCounts } from './customerlocations.kept';
import { listLocations } from './customerlocations.list';
import {
  ampelCounts,
  findLocation,
  type LocationScope,
  rankName,
  searchKeys,
  searchPlace,
  toLocationDto,
} from './customerlocations.repo';

const asAmpel = (v: string | null): Ampel | null =>
  (AMPEL_COLOURS as readonly string[]).includes(v ?? '') ? (v as Ampel) : null;

export const scopeOf = (ctx: TenantContext): LocationScope => ({
  tenantId: ctx.tenantId,
  user: ctx.user,
});

export async function list(ctx: TenantContext, q: CustomerLocationListQuery) {
  const s = scopeOf(ctx);
  const { rows, total } = await listLocations(ctx.db, s, q);
  return pageReply(rows.map(toLocationDto), total, q);
}

export async function get(ctx: TenantContext, id: string) {
  const s = scopeOf(ctx);
  const row = await findLocation(ctx.db, s, id);
  if (!row) throw notFound();
  const bookList = await booksOfLocation(ctx.db, s, id);
  return { ...toLocationDto(row), books: bookList.map((b) => b._id), bookList };
}

/** '-' or an empty segment: no filter (the path has both segments always). */
const term = (v: string) => (v === '-' || v === '' ? undefined : v);

const emptyCount = (): AmpelCount => ({ black: 0, red: 0, orange: 0, green: 0, none: 0, grey: 0, total: 0 });

export async function ampelCount(ctx: TenantContext, place: string, keys: string): Promise<AmpelCountReply> {
  const rows =
    (await keptAmpelCounts(ctx.db, ctx.tenantId, ctx.user, term(place), term(keys))) ??
    (await ampelCounts(ctx.db, scopeOf(ctx), and(searchPlace(term(place)), searchKeys(term(keys)))));
  const inspection = emptyCount();
  const selfInspection = emptyCount();
  for (const r of rows) {
    inspection[rankName(r.insp)] += r.n;
    selfInspection[rankName(r.self)] += r.n;
    inspection.total += r.n;
    selfInspection.total += r.n;
  }
  return { inspection, selfInspection };
}

/** The ampels of a book and of the location it belongs to (checkinspectionampelbybookid). */
export async function checkAmpelOfBook(ctx: TenantContext, bookId: string) {
  const s = scopeOf(ctx);
  const [book] = await ctx.db
    .select({ id: books.id, inspectionAmpel: books.inspectionAmpel, selfAmpel: books.inspectionSelfAmpel })
    .from(books)
    .where(and(eq(books.id, bookId), eq(books.tenantId, s.tenantId), inService, bookInScope(ctx.user, books.id)))
    .limit(1);
  if (!book) throw notFound();
  const link = await locationOfBook(ctx.db, s.tenantId, bookId);
  const location = link ? await findLocation(ctx.db, s, link.id) : null;
  return {
    bookId: book.id,
    inspectionAmpel: asAmpel(book.inspectionAmpel),
    selfInspectionAmpel: asAmpel(book.selfAmpel),
    location: location
      ? {
          _id: location.row.id,
          inspectionAmpel: location.inspectionAmpel,
          selfInspectionAmpel: location.selfInspectionAmpel,
        }
      : null,
  };
}

/**
 * GET customerlocation/{id}/linkable-books: the books the picker of a branch offers, found as the book list
 * finds them: only those the branch could take (rules/location-book-link.ts), of its customer's names or of no
 * customer, every one while the customer has no book in a branch yet; each says whether linking asks for a
 * confirmation and which branch has it already (decision 038).
 */
export async function linkableBooks(
  ctx: TenantContext,
  id: string,
  q: LinkableBooksQuery,
): Promise<LinkableBooksReply> {
  const [location] = await ctx.db
    .select({ customer: customerLocations.customer })
    .from(customerLocations)
    .where(and(eq(customerLocations.tenantId, ctx.tenantId), eq(customerLocations.id, id)))
    .limit(1);
  if (!location) throw notFound();
  const known = await customerNamesOf(ctx.db, ctx.tenantId, location.customer);
  const names = [...new Set(known.map(customerKey).filter(Boolean))];
  const rows = await linkableBooksOf(ctx.db, ctx.tenantId, names, q);
  const docs: LinkableBook[] = [];
  for (const r of rows) {
    const verdict = bookLinkVerdict(r.customer, names, false);
    // The query compares as the rule does; a name it would read otherwise is left out, never offered.
    if (verdict === 'refuse') continue;
    docs.push({
      _id: r.id,
      title: r.title,
      object: r.object,
      site: r.site,
      customer: r.customer,
      link: verdict,
      location: r.locationId ? { _id: r.locationId, znl: r.znl ?? '', nr: r.nr ?? '', sapNr: r.sapNr ?? '' } : null,
    });
  }
  return { docs };
}
