import { idParams } from '@pruefbuch/domain/schemas/common';
import {
  bookIdParams,
  orderBookCreateSchema,
  orderBookReply,
  orderOfBookReply,
} from '@pruefbuch/domain/schemas/door-book';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenantCtxOf } from '../../platform/auth';
import { createBookOfOrder, orderOfBook } from './doorbooks.create';

const tags = ['orders'];

/** 'Prüfbuch anlegen' on an order and the way back from a book to its order (decision 025). */
export const doorbooksRoutes: FastifyPluginAsyncZod = async (app) => {
  // Making a book needs the book writers' right, as POST books does (decision 043); the order only gets the link.
  app.post('/orders/:id/book', {
    config: { access: 'books:write' },
    schema: {
      tags,
      params: idParams,
      body: orderBookCreateSchema,
      description:
        "Creates the order's inspection book from its door configuration in the given folder; unknownCodes are the component codes without a catalogue text (logged, shown unchanged).",
      response: { 201: orderBookReply },
    },
    handler: async (req, reply) => {
      const result = await createBookOfOrder(tenantCtxOf(req), req.params.id, req.body);
      // SPEC §8: a component code without a text is logged (and shown unchanged in the book).
      if (result.unknownCodes.length) {
        req.log.warn(
          { orderId: req.params.id, bookId: result.bookId, codes: result.unknownCodes },
          'door component codes without a catalogue text',
        );
      }
      return reply.status(201).send(result);
    },
  });

  app.get('/orders/byBook/:bookId', {
    config: { access: 'orders:read' },
    schema: { tags, params: bookIdParams, response: { 200: orderOfBookReply.nullable() } },
    handler: (req) => orderOfBook(tenantCtxOf(req), req.params.bookId),
  });
};
