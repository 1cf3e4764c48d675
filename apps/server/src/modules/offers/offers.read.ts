import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
/** Reading offers: one offer, the list, the newest change, the people to pick and the last search. */
import type { OfferLastSearch, OfferListQuery, OfferUser } from '@pruefbuch/domain/schemas/offer';
import { and, eq, sql } from 'drizzle-orm';
import { offerLastSearches, offers } from '../../db/schema/index';
import type { TenantContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { pageReplyJson } from '../../platform/paging';
import { findBook } from '../books/books.repo';
import { listOffers } from './offers.list';
import { filesOf, findOffer, pickableUsers, toFileDto, toOfferDto } from './offers.repo';

/** GET offer/{id}: the offer with its people, source and files; another tenant's is a 404. */
export async function get(ctx: TenantContext, id: string) {
  const found = await findOffer(ctx.db, ctx.tenantId, id);
  if (!found) throw notFound();
  const files = (await filesOf(ctx.db, id)).map((f) => toFileDto(f.blob));
  return toOfferDto(found, files, berlinToday());
}

/**
 * GET offer: one page, as JSON text (its rows as offers.list.ts reads them). A book filter naming a book the
 * tenant does not have is a 404.
 */
export async function list(ctx: TenantContext, q: OfferListQuery) {
  if (q.book && !(await findBook(ctx.db, ctx.tenantId, q.book))) throw notFound();
  const scope = { tenantId: ctx.tenantId, userId: ctx.user.id };
  const { items, total, more } = await listOffers(ctx.db, scope, q, berlinToday());
  return pageReplyJson(items, total, q, more);
}

/** GET offer/get/updatedAt: the newest change and the count, so an open list can tell it is stale. */
export async function updatedAt(ctx: TenantContext) {
  const [row] = await ctx.db
    .select({
      updatedAt: sql<Date | null>`max(${offers.updatedAt})`.mapWith(offers.updatedAt),
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(offers)
    .where(eq(offers.tenantId, ctx.tenantId));
  return { updatedAt: row?.updatedAt ? row.updatedAt.toISOString() : null, count: row?.count ?? 0 };
}

/** GET offer/users: who can be named OFM, OPM or KTB in this tenant. */
export async function pickable(ctx: TenantContext): Promise<OfferUser[]> {
  const rows = await pickableUsers(ctx.db, ctx.tenantId);
  return rows.map((u) => ({
    _id: u.id,
    name: `${u.firstName} ${u.lastName}`.trim(),
    abbreviation: u.abbreviation,
    department: u.department,
  }));
}

const lastSearchWhere = (ctx: TenantContext) =>
  and(eq(offerLastSearches.userId, ctx.user.id), eq(offerLastSearches.tenantId, ctx.tenantId));

/** GET offer/lastsearch: the caller's last search in this tenant; 'all' and nothing when there is none. */
export async function lastSearch(ctx: TenantContext): Promise<OfferLastSearch> {
  const [row] = await ctx.db
    .select({ type: offerLastSearches.type, value: offerLastSearches.value })
    .from(offerLastSearches)
    .where(lastSearchWhere(ctx))
    .limit(1);
  return row ? (row as OfferLastSearch) : { type: 'all', value: '' };
}
