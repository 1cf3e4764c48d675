/**
 * 'Prüfbuch anlegen' on an order (issue 13 item 5, SPEC §9, decision 025): the book made from the
 * order's door configuration with the defaults of rules/door-book.ts, in one transaction with the
 * link on the order and the protocol of both. Reads and writes the orders table directly (the
 * orders module lies beside this one, not below it).
 */
import { doorBookOf, hasDoorType } from '@pruefbuch/domain/rules/door-book';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import type { AddressWrite } from '@pruefbuch/domain/schemas/address';
import type { OrderBookCreate, OrderBookReply, OrderOfBook } from '@pruefbuch/domain/schemas/door-book';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type AddressValue, books, bookTypes, orders, tenants } from '../../db/schema/index';
import { recordChanges } from '../../platform/audit';
import { keepBookSerial } from '../../platform/book-serial';
import type { TenantContext } from '../../platform/context';
import { AppError, badField, notFound } from '../../platform/errors';
import { insertBook } from '../books/books.write';
import { componentTexts } from '../components/components.repo';
import { orderColumns } from '../orders/orders.repo';
import { linkBook } from '../orders/orders.write';

const withoutId = (a: AddressValue | null): AddressWrite | null => {
  if (!a) return null;
  const { _id, ...rest } = a;
  return rest;
};

/** The tenant's company data: the name on its letters (addressName), else its name, and its address. */
async function companyOf(db: Executor, tenantId: string) {
  const [t] = await db
    .select({ name: tenants.name, addressName: tenants.addressName, address: tenants.address })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  if (!t) throw notFound();
  return { name: t.addressName || t.name, address: withoutId(t.address ?? null) };
}

/** The book type's id when the installation still has it, else null (the book then has no type). */
async function existingType(db: Executor, id: string) {
  const [row] = await db.select({ id: bookTypes.id }).from(bookTypes).where(eq(bookTypes.id, id));
  return row?.id ?? null;
}

/** POST orders/{id}/book. 404 for another tenant's order, 409 when it has a book, 400 without a door type. */
export async function createBookOfOrder(
  ctx: TenantContext,
  orderId: string,
  input: OrderBookCreate,
): Promise<OrderBookReply> {
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select(orderColumns)
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.tenantId, ctx.tenantId)))
      .for('update');
    if (!order) throw notFound();
    if (order.bookId) throw new AppError('ORDER_HAS_BOOK', 409);
    const tuer = order.tuer;
    if (!tuer || !hasDoorType(tuer)) throw badField('tuer.tuertyp', 'validation.required');
    const texts = await componentTexts(tx, [tuer.antrieb, tuer.fluegel, tuer.stromart, ...tuer.komponenten]);
    const { fields, unknownCodes } = doorBookOf({
      order: {
        objekt: order.objekt,
        abnr: order.abnr,
        csnr: order.csnr,
        kunde: order.kunde,
        objektdaten: order.objektdaten,
        ansprechpartner_kunde: order.ansprechpartner_kunde,
        ansprechpartner_baustelle: order.ansprechpartner_baustelle,
        tuer,
      },
      company: await companyOf(tx, ctx.tenantId),
      textOf: (code) => texts.get(code),
      today: berlinToday(),
    });
    fields.bookType = fields.bookType ? await existingType(tx, fields.bookType) : null;
    const book = await insertBook(tx, ctx, fields, input.folder);
    await linkBook(tx, ctx.tenantId, order, book._id);
    await keepBookSerial(tx, ctx.tenantId, book._id, book.glasbocknr);
    await recordChanges(
      tx,
      ctx,
      { entity: 'order', entityId: order.id, tenantId: ctx.tenantId, action: 'update' },
      { bookId: null },
      { bookId: book._id },
    );
    return { bookId: book._id, unknownCodes };
  });
}

/**
 * GET orders/byBook/{bookId}: the order of the tenant a book of the tenant was made from, else null: most books
 * have none, so none is an answer, not an error (the book page met a 404 in the console for each). A book of
 * another tenant, or none, is a 404.
 */
export async function orderOfBook(ctx: TenantContext, bookId: string): Promise<OrderOfBook | null> {
  const [row] = await ctx.db
    .select({ bookId: books.id, orderId: orders.id, abnr: orders.abnr, objekt: orders.objekt })
    .from(books)
    .leftJoin(orders, and(eq(orders.bookId, books.id), eq(orders.tenantId, books.tenantId)))
    .where(and(eq(books.id, bookId), eq(books.tenantId, ctx.tenantId)))
    .limit(1);
  if (!row) throw notFound();
  return row.orderId ? { orderId: row.orderId, abnr: row.abnr ?? '', objekt: row.objekt ?? '' } : null;
}
