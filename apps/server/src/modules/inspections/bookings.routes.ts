import { idParams } from '@pruefbuch/domain/schemas/common';
import {
  bookBookingParams,
  bookingEntrySchema,
  bookingListReply,
  bookingReplySchema,
  bookMetaSchema,
  bookUserParams,
  calculateDateReply,
  calculateDateSchema,
} from '@pruefbuch/domain/schemas/inspection';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../platform/auth';
import { addBooking, bookBookings, bookMeta, calculateDate, cancelBooking, userBookings } from './bookings.service';

const tags = ['inspections'];

/** SPEC §7 Books: bookings of a book's slots, its meta, and books/calculatedate. */
export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/books/calculatedate', {
    config: { access: 'inspections:read' },
    schema: { tags, body: calculateDateSchema, response: { 200: calculateDateReply } },
    handler: (req) => calculateDate(req.body),
  });

  app.post('/books/:id/inspection', {
    config: { access: 'bookings:write' },
    schema: { tags, params: idParams, body: bookingEntrySchema, response: { 201: bookingReplySchema } },
    handler: async (req, reply) => reply.status(201).send(await addBooking(ctxOf(req), req.params.id, req.body)),
  });

  app.get('/books/:id/bookings', {
    config: { access: 'bookings:manage' },
    schema: { tags, params: idParams, response: { 200: bookingListReply } },
    handler: (req) => bookBookings(ctxOf(req), req.params.id),
  });

  app.delete('/books/:id/bookings/:bookingId', {
    config: { access: 'bookings:write' },
    schema: {
      tags,
      params: bookBookingParams,
      description: 'Cancels a registration (own; office roles: anybody’s). Reply: the book meta after it.',
      response: { 200: bookMetaSchema },
    },
    handler: (req) => cancelBooking(ctxOf(req), req.params.id, req.params.bookingId),
  });

  app.get('/books/:id/meta', {
    config: { access: 'inspections:read' },
    schema: { tags, params: idParams, response: { 200: bookMetaSchema } },
    handler: (req) => bookMeta(ctxOf(req), req.params.id),
  });

  app.get('/books/:id/inspectionUser/:userId', {
    config: { access: 'inspections:read' },
    schema: { tags, params: bookUserParams, response: { 200: bookingListReply } },
    handler: (req) => userBookings(ctxOf(req), req.params.id, req.params.userId),
  });
};
