import { translate } from '@pruefbuch/domain/locales/resources';
import {
  AMPEL_COLOURS,
  BOOK_STATUS_LABEL_KEY,
  BOOK_STATUS_NAME,
  BookStatus,
} from '@pruefbuch/domain/rules/book-status';
import type {
  Book,
  BookDto,
  BookListQuery,
  BookStatistics,
  folderBookListParams,
  Nameplate,
} from '@pruefbuch/domain/schemas/book';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { books } from '../../db/schema/index';
import { bookInScope, recordInScope } from '../../platform/branch-scope';
import type { RequestContext, TenantContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { inService, readsRetired } from '../../platform/legal-holds';
import { findBookType } from '../booktypes/booktypes.repo';
import { readBook, readBookDto } from './books.detail';
import { bookDto, findBook, findFolder, findTenantByUrl, recordIdsOf } from './books.repo';
import { listBooks } from './books.search';

/**
 * A branch user's book names only the records they may read (decision 038: no staff drafts, no expert
 * reports but for control); staff get the book as read.
 */
async function withVisibleRecords(ctx: TenantContext, book: Book): Promise<Book> {
  const scope = recordInScope(ctx.user);
  if (!scope) return book;
  const visible = (await recordIdsOf(ctx.db, ctx.tenantId, [book._id], scope)).get(book._id);
  return { ...book, inspection: visible?.inspection ?? [], selfInspection: visible?.selfInspection ?? [] };
}

/** GET books/{id}: one prepared query (books.detail.ts). */
export async function getBook(ctx: TenantContext, id: string) {
  const book = await readBook(ctx.db, ctx.tenantId, id);
  if (!book || (book.retiredAt && !readsRetired(ctx.user))) throw notFound();
  return withVisibleRecords(ctx, book);
}

/** GET books/dto/{id}: the book with its book type, folder, document ids and download link, in one query. */
export async function getBookWithRelations(ctx: TenantContext, id: string): Promise<BookDto> {
  const dto = await readBookDto(ctx.db, ctx.tenantId, id);
  // A retired book (decision 059) is the admins' only.
  if (!dto || (dto.book.retiredAt && !readsRetired(ctx.user))) throw notFound();
  return { ...dto, book: await withVisibleRecords(ctx, dto.book) };
}

export function listTenantBooks(ctx: TenantContext, q: BookListQuery) {
  return listBooks(ctx.db, ctx.tenantId, q, bookInScope(ctx.user, books.id));
}

/**
 * GET tenants/url/{url}/{folderOrRoot}/{page}/{sort}/{size}: the url must be the slug of the
 * request's tenant (x-tenant), the folder one of its folders; anything else is a 404. Both are
 * conditions of the list query itself; only an empty page checks which one failed.
 */
export async function listFolderBooks(
  ctx: TenantContext,
  p: z.infer<typeof folderBookListParams>,
  search: string | undefined,
) {
  const folder = p.folderOrRoot === 'all' ? undefined : p.folderOrRoot;
  const list = await listBooks(
    ctx.db,
    ctx.tenantId,
    {
      folder,
      search,
      tenantUrl: p.url,
      page: p.page,
      size: p.size,
      sort: p.sort,
    },
    bookInScope(ctx.user, books.id),
  );
  if (list.total === 0) {
    const tenant = await findTenantByUrl(ctx.db, p.url);
    if (!tenant || tenant.id !== ctx.tenantId) throw notFound();
    if (folder && folder !== 'root' && !(await findFolder(ctx.db, ctx.tenantId, folder))) throw notFound();
  }
  return list;
}

/** GET books/status/all: every status with its label in the request's language. */
export const statusList = (ctx: Pick<RequestContext, 'lang'>) =>
  Object.values(BookStatus).map((id) => ({
    id,
    name: BOOK_STATUS_NAME[id],
    label: translate(ctx.lang, BOOK_STATUS_LABEL_KEY[id]),
  }));

const noAmpel = () => ({ green: 0, orange: 0, red: 0, black: 0, none: 0 });
const ampelKey = (v: string | null) =>
  v && (AMPEL_COLOURS as readonly string[]).includes(v) ? (v as (typeof AMPEL_COLOURS)[number]) : 'none';

/** GET books/statistics: the tenant's books counted by status, active switch and both ampels, in one query. */
export async function statistics(ctx: TenantContext): Promise<BookStatistics> {
  const rows = await ctx.db
    .select({
      status: books.status,
      active: books.active,
      ampel: books.inspectionAmpel,
      selfAmpel: books.inspectionSelfAmpel,
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(books)
    .where(and(eq(books.tenantId, ctx.tenantId), inService, bookInScope(ctx.user, books.id)))
    .groupBy(books.status, books.active, books.inspectionAmpel, books.inspectionSelfAmpel);
  const stats: BookStatistics = {
    total: 0,
    active: 0,
    inactive: 0,
    byStatus: Object.values(BookStatus).map((status) => ({ status, name: BOOK_STATUS_NAME[status], count: 0 })),
    inspectionAmpel: noAmpel(),
    selfInspectionAmpel: noAmpel(),
  };
  for (const r of rows) {
    stats.total += r.n;
    if (r.active) stats.active += r.n;
    else stats.inactive += r.n;
    const s = stats.byStatus.find((b) => b.status === r.status);
    if (s) s.count += r.n;
    stats.inspectionAmpel[ampelKey(r.ampel)] += r.n;
    stats.selfInspectionAmpel[ampelKey(r.selfAmpel)] += r.n;
  }
  return stats;
}

const TECHNICAL_KEYS = ['norm', 'antriebsspannung', 'steuerspannung', 'schliesskraft', 'steuerung'];
const scalar = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);

/** GET books/get/typenschilddata: the nameplate data of a book of the tenant. */
export async function nameplate(ctx: TenantContext, bookId: string): Promise<Nameplate> {
  const row = await findBook(ctx.db, ctx.tenantId, bookId, { retired: readsRetired(ctx.user) });
  if (!row) throw notFound();
  const type = row.bookTypeId ? await findBookType(ctx.db, row.bookTypeId) : null;
  const book = await bookDto(ctx.db, ctx.tenantId, row);
  const completed = row.completedOn ? `${row.completedOn.slice(5, 7)}/${row.completedOn.slice(0, 4)}` : null;
  const technical: Record<string, string> = {};
  for (const k of TECHNICAL_KEYS) {
    const v = scalar(row.misc[k]);
    if (v) technical[k] = v;
  }
  return {
    bookId: row.id,
    title: row.title,
    manufacturer: row.manufacturer,
    manufacturerAddress: book.manufactureraddress,
    manufacturerNo: row.manufacturerNo,
    serialNo: row.glasbocknr,
    type: row.typ || type?.type || '',
    bookType: type?.type ?? null,
    component: type?.component ?? null,
    year: scalar(row.misc.baujahr) ?? completed,
    orderNo: row.orderNo,
    object: row.object,
    site: row.site,
    technical,
  };
}
