import { idParams } from '@pruefbuch/domain/schemas/common';
import {
  bookInspectionParams,
  bookSelfInspectionParams,
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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../platform/auth';
import { requireTenant } from '../../platform/context';
import { receiveUpload } from '../../platform/uploads';
import { uploadExistingReport } from './existing-report';
import { createRecord, createSelfRecord } from './records.create';
import { finalizeRecord } from './records.finalize';
import { bookRecords, getRecord, listRecordPage } from './records.read';
import { deleteRecord, updateRecord } from './records.write';
import { shutDownReason } from './shutdown';

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
 */
export const inspectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/inspections', {
    config: { access: 'inspections:read' },
    schema: { tags, querystring: inspectionQuery, response: { 200: inspectionPageReply } },
    handler: (req) => listRecordPage(ctxOf(req), req.query),
  });

  app.get('/inspections/:id', {
    config: { access: 'inspections:read' },
    schema: { tags, params: idParams, response: { 200: inspectionSchema } },
    handler: (req) => getRecord(ctxOf(req), req.params.id),
  });

  app.post('/inspections', {
    config: { access: 'inspections:write' },
    preValidation: rememberSentFields,
    schema: { tags, body: inspectionCreateSchema, response: { 201: inspectionSchema } },
    handler: async (req, reply) => reply.status(201).send(await createRecord(ctxOf(req), req.body, sentOf(req))),
  });

  app.post('/inspections/existingDoc', {
    config: { access: 'inspections:write' },
    schema: {
      tags,
      consumes: ['multipart/form-data'],
      description:
        'multipart/form-data: file (the report, PDF); book; when (YYYY-MM-DD); who; where; text; isAbnahmeGutachten (true/false); tenant (optional, must be the x-tenant tenant).',
      response: { 201: inspectionSchema },
    },
    handler: async (req, reply) => {
      const ctx = requireTenant(ctxOf(req));
      const upload = await receiveUpload(req, req.server.deps.files, {
        limitMb: req.server.deps.config.uploadLimitMb,
      });
      return reply.status(201).send(await uploadExistingReport(ctx, upload));
    },
  });

  app.put('/inspections/:id', {
    config: { access: 'inspections:write' },
    schema: { tags, params: idParams, body: inspectionUpdateSchema, response: { 200: inspectionSchema } },
    handler: (req) => updateRecord(ctxOf(req), 'staff', req.params.id, req.body),
  });

  app.post('/inspections/:id/finalize', {
    config: { access: 'inspections:write' },
    schema: { tags, params: idParams, body: finalizeSchema, response: { 200: inspectionSchema } },
    handler: (req) => finalizeRecord(ctxOf(req), 'staff', req.params.id, req.body.__v),
  });

  app.delete('/inspections/:id', {
    config: { access: 'inspections:write' },
    schema: { tags, params: idParams },
    handler: async (req, reply) => {
      await deleteRecord(ctxOf(req), 'staff', req.params.id);
      return reply.status(204).send();
    },
  });

  app.get('/selfinspections', {
    config: { access: 'inspections:read' },
    schema: { tags, querystring: inspectionQuery, response: { 200: inspectionPageReply } },
    handler: (req) => listRecordPage(ctxOf(req), req.query, 'self'),
  });

  app.get('/selfinspections/:id', {
    config: { access: 'inspections:read' },
    schema: { tags, params: idParams, response: { 200: inspectionSchema } },
    handler: (req) => getRecord(ctxOf(req), req.params.id, 'self'),
  });

  app.post('/selfinspections', {
    config: { access: 'selfinspections:write' },
    preValidation: rememberSentFields,
    schema: { tags, body: selfInspectionCreateSchema, response: { 201: inspectionSchema } },
    handler: async (req, reply) => reply.status(201).send(await createSelfRecord(ctxOf(req), req.body, sentOf(req))),
  });

  app.put('/selfinspections/:id', {
    config: { access: 'selfinspections:write' },
    schema: { tags, params: idParams, body: inspectionUpdateSchema, response: { 200: inspectionSchema } },
    handler: (req) => updateRecord(ctxOf(req), 'self', req.params.id, req.body),
  });

  app.post('/selfinspections/:id/finalize', {
    config: { access: 'selfinspections:write' },
    schema: { tags, params: idParams, body: finalizeSchema, response: { 200: inspectionSchema } },
    handler: (req) => finalizeRecord(ctxOf(req), 'self', req.params.id, req.body.__v),
  });

  app.delete('/selfinspections/:id', {
    config: { access: 'selfinspections:write' },
    schema: { tags, params: idParams },
    handler: async (req, reply) => {
      await deleteRecord(ctxOf(req), 'self', req.params.id);
      return reply.status(204).send();
    },
  });

  app.get('/books/:id/inspection', {
    config: { access: 'inspections:read' },
    schema: { tags, params: idParams, response: { 200: inspectionListReply } },
    handler: (req) => bookRecords(ctxOf(req), req.params.id, 'staff'),
  });

  app.get('/books/:id/selfinspection', {
    config: { access: 'inspections:read' },
    schema: { tags, params: idParams, response: { 200: inspectionListReply } },
    handler: (req) => bookRecords(ctxOf(req), req.params.id, 'self'),
  });

  app.get('/books/:id/shutdown', {
    config: { access: 'inspections:read' },
    schema: { tags, params: idParams, response: { 200: shutDownReply } },
    handler: (req) => shutDownReason(ctxOf(req), req.params.id),
  });

  app.delete('/books/:id/inspection/:inspectionId', {
    config: { access: 'inspections:write' },
    schema: { tags, params: bookInspectionParams },
    handler: async (req, reply) => {
      await deleteRecord(ctxOf(req), 'staff', req.params.inspectionId, req.params.id);
      return reply.status(204).send();
    },
  });

  app.delete('/books/:id/selfinspection/:selfInspectionId', {
    config: { access: 'selfinspections:write' },
    schema: { tags, params: bookSelfInspectionParams },
    handler: async (req, reply) => {
      await deleteRecord(ctxOf(req), 'self', req.params.selfInspectionId, req.params.id);
      return reply.status(204).send();
    },
  });
};
