/**
 * 'Prüfbuch anlegen' on an order (decision 025): POST orders/{id}/book makes the inspection book
 * from the order's door configuration (rules/door-book.ts); GET orders/byBook/{bookId} links a
 * book back to its order.
 */
import { z } from 'zod';
import { idSchema } from './common';

/** POST orders/{id}/book: the folder of the tenant the book goes into (null: no folder). */
export const orderBookCreateSchema = z.object({ folder: idSchema.nullable() });
export type OrderBookCreate = z.infer<typeof orderBookCreateSchema>;

/** The new book, and the component codes the catalogue does not know (shown unchanged in the book). */
export const orderBookReply = z.object({ bookId: z.string(), unknownCodes: z.array(z.string()) });
export type OrderBookReply = z.infer<typeof orderBookReply>;

/** GET orders/byBook/{bookId}: the order a book was made from. */
export const orderOfBookReply = z.object({ orderId: z.string(), abnr: z.string(), objekt: z.string() });
export type OrderOfBook = z.infer<typeof orderOfBookReply>;
export const bookIdParams = z.object({ bookId: idSchema });
