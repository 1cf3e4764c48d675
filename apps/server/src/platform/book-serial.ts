/**
 * The serial number of the book made from an order, kept on the order (orders.book_serial) for the serial
 * number search (issue 31 item 7): the search then reads two trigram indexes of orders instead of joining
 * the books. Written where the book is linked (POST orders/{id}/book), where it changes its serial number
 * (the books' writes) and where it is deleted (the link goes, and with it the serial number). It lives in
 * platform, like the location ampels: the books module, a layer below orders, writes it too.
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { orders } from '../db/schema/index';

/** Sets the kept serial number of the order made into book `bookId` (none: nothing to do). */
export async function keepBookSerial(tx: Executor, tenantId: string, bookId: string, serial: string) {
  await tx
    .update(orders)
    .set({ bookSerial: serial })
    .where(and(eq(orders.tenantId, tenantId), eq(orders.bookId, bookId)));
}
