import { idParams } from '@pruefbuch/domain/schemas/common';
import {
  bookBookingParams,
  bookInspectionParams,
  bookingEntrySchema,
  bookingListReply,
  bookingReplySchema,
  bookMetaSchema,
  bookSelfInspectionParams,
  bookUserParams,
  calculateDateReply,
  calculateDateSchema,
  finalizeSchema,
  inspectionCreateSchema,
  inspectionListReply,
  inspectionPageReply,
  inspectionQuery,
  inspectionSchema,
  inspectionUpdateSchema,
  selfInspectionCreateSchema,
  shutDownReply,
} from '@pruefbuch/domain/schemas/inspection';
import { bookVerifyReply } from '@pruefbuch/domain/schemas/record-seal';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenantCtxOf } from '../../platform/auth';
import { receiveUpload } from '../../platform/uploads';
import { addBooking, bookBookings, bookMeta, calculateDate, cancelBooking, userBookings } from './inspections.bookings';
import { createRecord, createSelfRecord } from './inspections.create';
import { uploadExistingReport } from './inspections.existing-report';
import { finalizeRecord, type InspectionPorts } from './inspections.finalize';
import { bookRecords, getRecord, listRecordPage } from './inspections.read';
import { verifyBook } from './inspections.seal';
import { shutDownReason } from './inspections.shutdown';
import { deleteRecord, updateRecord } from './inspections.write';

const tags = ['inspections'];

/**
 * The fields a create request actually carried: the schema fills in defaults, but a correction
 * copies whatever the request left out from the record it corrects.
 */
const sentFields = new WeakMap<FastifyRequest, ReadonlySet<string>>();
const rememberSentFields = async (req: FastifyRequest) => {
  const body = req.body;
  sentFields.set(req, new Set(body && typeof body === 'object' ? Object.keys(body) : []));
};
const sentOf = (req: FastifyRequest) => sentFields.get(req) ?? new Set<string>();

/**
 * SPEC §7 Inspections: records of all four kinds. inspections/* write inspections, maintenance
 * and expert reports (inspections:write); selfinspections/* the operator's self-inspections
 * (selfinspections:write, branch users too). A record of the other family is a 404 there.
 * SPEC §7 Books: bookings of a book's slots, its meta, and books/calculatedate (at the end).
 */
export const inspectionsRoutes: FastifyPluginAsyncZod<InspectionPorts> = async (app, ports) => {
  app.get('/inspections', {
    config: { access: 'inspections:read', scope: 'filtered' },
    schema: { tags, querystring: inspectionQuery, response: { 200: inspectionPageReply } },
    handler: (req) => listRecordPage(tenantCtxOf(req), req.query),
  });

  app.get('/inspections/:id', {
    config: { access: 'inspections:read', scope: [{ in: 'params', field: 'id', of: 'inspection' }] },
    schema: { tags, params: idParams, response: { 200: inspectionSchema } },
    handler: (req) => getRecord(tenantCtxOf(req), req.params.id),
  });

  app.post('/inspections', {
    config: { access: 'inspections:write', idempotent: true },
    preValidation: rememberSentFields,
    schema: { tags, body: inspectionCreateSchema, response: { 201: inspectionSchema } },
    handler: async (req, reply) => reply.status(201).send(await createRecord(tenantCtxOf(req), req.body, sentOf(req))),
  });

  app.post('/inspections/existingDoc', {
    config: { access: 'inspections:write', idempotent: true },
    schema: {
      tags,
      consumes: ['multipart/form-data'],
      description:
        'multipart/form-data: file (the report, PDF); book; when (YYYY-MM-DD); who; where; text; isAbnahmeGutachten (true/false); tenant (optional, must be the x-tenant tenant).',
      response: { 201: inspectionSchema },
    },
    handler: async (req, reply) => {
      const ctx = tenantCtxOf(req);
      const upload = await receiveUpload(req, req.server.deps.files, {
        limitMb: req.server.deps.config.uploadLimitMb,
      });
      return reply.status(201).send(await uploadExistingReport(ctx, upload));
    },
  });

  app.put('/inspections/:id', {
    config: { access: 'inspections:write' },
    schema: { tags, params: idParams, body: inspectionUpdateSchema, response: { 200: inspectionSchema } },
    handler: (req) => updateRecord(tenantCtxOf(req), 'staff', req.params.id, req.body),
  });

  app.post('/inspections/:id/finalize', {
    config: { access: 'inspections:write' },
    schema: { tags, params: idParams, body: finalizeSchema, response: { 200: inspectionSchema } },
    handler: (req) => finalizeRecord(tenantCtxOf(req), 'staff', req.params.id, req.body.__v, ports),
  });

  app.delete('/inspections/:id', {
    config: { access: 'inspections:write' },
    schema: { tags, params: idParams },
    handler: async (req, reply) => {
      await deleteRecord(tenantCtxOf(req), 'staff', req.params.id);
      return reply.status(204).send();
    },
  });

  app.get('/selfinspections', {
    config: { access: 'inspections:read', scope: 'filtered' },
    schema: { tags, querystring: inspectionQuery, response: { 200: inspectionPageReply } },
    handler: (req) => listRecordPage(tenantCtxOf(req), req.query, 'self'),
  });

  app.get('/selfinspections/:id', {
    config: { access: 'inspections:read', scope: [{ in: 'params', field: 'id', of: 'inspection' }] },
    schema: { tags, params: idParams, response: { 200: inspectionSchema } },
    handler: (req) => getRecord(tenantCtxOf(req), req.params.id, 'self'),
  });

  app.post('/selfinspections', {
    config: {
      access: 'selfinspections:write',
      scope: [{ in: 'body', field: 'book', of: 'book' }],
      idempotent: true,
    },
    preValidation: rememberSentFields,
    schema: { tags, body: selfInspectionCreateSchema, response: { 201: inspectionSchema } },
    handler: async (req, reply) =>
      reply.status(201).send(await createSelfRecord(tenantCtxOf(req), req.body, sentOf(req))),
  });

  app.put('/selfinspections/:id', {
    config: { access: 'selfinspections:write', scope: [{ in: 'params', field: 'id', of: 'inspection' }] },
    schema: { tags, params: idParams, body: inspectionUpdateSchema, response: { 200: inspectionSchema } },
    handler: (req) => updateRecord(tenantCtxOf(req), 'self', req.params.id, req.body),
  });

  app.post('/selfinspections/:id/finalize', {
    config: { access: 'selfinspections:write', scope: [{ in: 'params', field: 'id', of: 'inspection' }] },
    schema: { tags, params: idParams, body: finalizeSchema, response: { 200: inspectionSchema } },
    handler: (req) => finalizeRecord(tenantCtxOf(req), 'self', req.params.id, req.body.__v, ports),
  });

  app.delete('/selfinspections/:id', {
    config: { access: 'selfinspections:write', scope: [{ in: 'params', field: 'id', of: 'inspection' }] },
    schema: { tags, params: idParams },
    handler: async (req, reply) => {
      await deleteRecord(tenantCtxOf(req), 'self', req.params.id);
      return reply.status(204).send();
    },
  });

  app.get('/books/:id/inspection', {
    config: { access: 'inspections:read', scope: [{ in: 'params', field: 'id', of: 'book' }] },
    schema: { tags, params: idParams, response: { 200: inspectionListReply } },
    handler: (req) => bookRecords(tenantCtxOf(req), req.params.id, 'staff'),
  });

  app.get('/books/:id/selfinspection', {
    config: { access: 'inspections:read', scope: [{ in: 'params', field: 'id', of: 'book' }] },
    schema: { tags, params: idParams, response: { 200: inspectionListReply } },
    handler: (req) => bookRecords(tenantCtxOf(req), req.params.id, 'self'),
  });

  app.get('/books/:id/shutdown', {
    config: { access: 'inspections:read', scope: [{ in: 'params', field: 'id', of: 'book' }] },
    schema: { tags, params: idParams, response: { 200: shutDownReply } },
    handler: (req) => shutDownReason(tenantCtxOf(req), req.params.id),
  });

  app.get('/books/:id/verify', {
    config: { access: 'records:verify', scope: [{ in: 'params', field: 'id', of: 'book' }] },
    schema: {
      tags,
      params: idParams,
      description:
        "Checks the book's chain of sealed records and the bytes of its stored PDFs (decision 057): ok, the records and PDFs checked, and each problem with the record it names.",
      response: { 200: bookVerifyReply },
    },
    handler: (req) => verifyBook(tenantCtxOf(req), req.params.id),
  });

  app.delete('/books/:id/inspection/:inspectionId', {
    config: { access: 'inspections:write' },
    schema: { tags, params: bookInspectionParams },
    handler: async (req, reply) => {
      await deleteRecord(tenantCtxOf(req), 'staff', req.params.inspectionId, req.params.id);
      return reply.status(204).send();
    },
  });

  app.delete('/books/:id/selfinspection/:selfInspectionId', {
    config: {
      access: 'selfinspections:write',
      scope: [
        { in: 'params', field: 'id', of: 'book' },
        { in: 'params', field: 'selfInspectionId', of: 'inspection' },
      ],
    },
    schema: { tags, params: bookSelfInspectionParams },
    handler: async (req, reply) => {
      await deleteRecord(tenantCtxOf(req), 'self', req.params.selfInspectionId, req.params.id);
      return reply.status(204).send();
    },
  });

  // Bookings of a book's slots, its meta, and books/calculatedate.
  app.post('/books/calculatedate', {
    config: { access: 'inspections:read', scope: 'none' },
    schema: { tags, body: calculateDateSchema, response: { 200: calculateDateReply } },
    handler: (req) => calculateDate(req.body),
  });

  app.post('/books/:id/inspection', {
    config: { access: 'bookings:write', scope: [{ in: 'params', field: 'id', of: 'book' }] },
    schema: { tags, params: idParams, body: bookingEntrySchema, response: { 201: bookingReplySchema } },
    handler: async (req, reply) => reply.status(201).send(await addBooking(tenantCtxOf(req), req.params.id, req.body)),
  });

  app.get('/books/:id/bookings', {
    config: { access: 'bookings:manage', scope: [{ in: 'params', field: 'id', of: 'book' }] },
    schema: { tags, params: idParams, response: { 200: bookingListReply } },
    handler: (req) => bookBookings(tenantCtxOf(req), req.params.id),
  });

  app.delete('/books/:id/bookings/:bookingId', {
    config: { access: 'bookings:write', scope: [{ in: 'params', field: 'id', of: 'book' }] },
    schema: {
      tags,
      params: bookBookingParams,
      description: 'Cancels a registration (own; office roles: anybody’s). Reply: the book meta after it.',
      response: { 200: bookMetaSchema },
    },
    handler: (req) => cancelBooking(tenantCtxOf(req), req.params.id, req.params.bookingId),
  });

  app.get('/books/:id/meta', {
    config: { access: 'inspections:read', scope: [{ in: 'params', field: 'id', of: 'book' }] },
    schema: { tags, params: idParams, response: { 200: bookMetaSchema } },
    handler: (req) => bookMeta(tenantCtxOf(req), req.params.id),
  });

  app.get('/books/:id/inspectionUser/:userId', {
    config: { access: 'inspections:read', scope: [{ in: 'params', field: 'id', of: 'book' }] },
    schema: { tags, params: bookUserParams, response: { 200: bookingListReply } },
    handler: (req) => userBookings(tenantCtxOf(req), req.params.id, req.params.userId),
  });
};
