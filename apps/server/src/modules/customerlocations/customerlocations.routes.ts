import { idParams } from '@pruefbuch/domain/schemas/common';
import {
  ampelCountParams,
  ampelCountReply,
  checkAmpelReply,
  customerLocationCreateSchema,
  customerLocationDetailSchema,
  customerLocationListQuery,
  customerLocationListReply,
  customerLocationUpdateSchema,
  importReplySchema,
  importRunListQuery,
  importRunListReply,
  importRunSchema,
  linkableBooksQuery,
  linkableBooksReply,
  linkBookSchema,
  locationAssignmentSchema,
  locationBookParams,
  locationExportQuery,
  removeBookParams,
  userIdParams,
} from '@pruefbuch/domain/schemas/customerlocation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantCtxOf } from '../../platform/auth';
import { dispositionOf } from '../../platform/replies';
import { protocolRoute } from '../protocol/protocol.routes';
import * as assignments from './customerlocations.assign';
import { exportLocations } from './customerlocations.export';
import * as imports from './customerlocations.import';
import * as importRuns from './customerlocations.import-runs';
import * as read from './customerlocations.read';
import { locationExists } from './customerlocations.repo';
import * as write from './customerlocations.write';

const tags = ['customerlocations'];

/** SPEC §7 Customer locations, plus a DELETE for removing a book and the user assignment (decision 019). */
export const customerlocationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/customerlocation', {
    config: { access: 'customerlocations:read', scope: 'filtered' },
    schema: { tags, querystring: customerLocationListQuery, response: { 200: customerLocationListReply } },
    handler: (req) => read.list(tenantCtxOf(req), req.query),
  });

  app.get('/customerlocation/getampelcount/:searchplzorort/:searchznlornrorsapnr', {
    config: { access: 'customerlocations:read', scope: 'filtered' },
    schema: { tags, params: ampelCountParams, response: { 200: ampelCountReply } },
    handler: (req) => read.ampelCount(tenantCtxOf(req), req.params.searchplzorort, req.params.searchznlornrorsapnr),
  });

  app.get('/customerlocation/checkinspectionampelbybookid/:bookId', {
    config: { access: 'customerlocations:read', scope: 'filtered' },
    schema: { tags, params: z.object({ bookId: idParams.shape.id }), response: { 200: checkAmpelReply } },
    handler: (req) => read.checkAmpelOfBook(tenantCtxOf(req), req.params.bookId),
  });

  /** SPEC §7 keeps this GET for existing clients; the web app uses the DELETE below. */
  app.get('/customerlocation/removebook/:a/:b', {
    config: { access: 'customerlocations:write' },
    schema: { tags, params: removeBookParams, response: { 200: customerLocationDetailSchema } },
    handler: (req) => write.unlinkBook(tenantCtxOf(req), req.params.a, req.params.b),
  });

  app.get('/customerlocation/export', {
    config: { access: 'customerlocations:read', scope: 'filtered' },
    schema: {
      tags,
      querystring: locationExportQuery,
      produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    },
    handler: async (req, reply) => {
      const file = await exportLocations(tenantCtxOf(req), req.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', dispositionOf(file.fileName, 'attachment'))
        .send(file.body);
    },
  });

  const importForm = {
    tags,
    consumes: ['multipart/form-data'],
    description:
      'multipart/form-data: file (CSV or XLSX, at most 5 MB); customer (required: the customer the branches belong to); mapping (optional JSON: field → column index); skipInvalid (optional, "true"); clearEmpty (optional, "true": an empty cell clears the stored value, else it keeps it).',
    response: { 200: importReplySchema },
  };

  app.post('/customerlocation/import/preview', {
    config: { access: 'customerlocations:write' },
    schema: importForm,
    handler: async (req) => imports.preview(tenantCtxOf(req), await imports.readImportForm(req)),
  });

  app.post('/customerlocation/import', {
    config: { access: 'customerlocations:write' },
    schema: importForm,
    handler: async (req) => imports.commit(tenantCtxOf(req), await imports.readImportForm(req)),
  });

  /** The import runs of branch lists, newest first, and undoing one (decision 041). */
  app.get('/customerlocation/import/runs', {
    config: { access: 'customerlocations:importruns' },
    schema: { tags, querystring: importRunListQuery, response: { 200: importRunListReply } },
    handler: (req) => importRuns.listRuns(tenantCtxOf(req), req.query),
  });

  app.post('/customerlocation/import/runs/:id/undo', {
    config: { access: 'customerlocations:importruns' },
    schema: { tags, params: idParams, response: { 200: importRunSchema } },
    handler: (req) => importRuns.undoRun(tenantCtxOf(req), req.params.id),
  });

  app.get('/customerlocation/user/:userId', {
    config: { access: 'users:manage' },
    schema: { tags, params: userIdParams, response: { 200: locationAssignmentSchema } },
    handler: (req) => assignments.assigned(tenantCtxOf(req), req.params.userId),
  });

  app.put('/customerlocation/user/:userId', {
    config: { access: 'users:manage' },
    schema: { tags, params: userIdParams, body: locationAssignmentSchema, response: { 200: locationAssignmentSchema } },
    handler: (req) => assignments.assign(tenantCtxOf(req), req.params.userId, req.body.locations),
  });

  app.get('/customerlocation/:id', {
    config: { access: 'customerlocations:read', scope: 'filtered' },
    schema: { tags, params: idParams, response: { 200: customerLocationDetailSchema } },
    handler: (req) => read.get(tenantCtxOf(req), req.params.id),
  });

  app.post('/customerlocation', {
    config: { access: 'customerlocations:write' },
    schema: { tags, body: customerLocationCreateSchema, response: { 201: customerLocationDetailSchema } },
    handler: async (req, reply) => reply.status(201).send(await write.create(tenantCtxOf(req), req.body)),
  });

  app.put('/customerlocation/:id', {
    config: { access: 'customerlocations:write' },
    schema: {
      tags,
      params: idParams,
      body: customerLocationUpdateSchema,
      response: { 200: customerLocationDetailSchema },
    },
    handler: (req) => write.update(tenantCtxOf(req), req.params.id, req.body),
  });

  app.delete('/customerlocation/:id', {
    config: { access: 'customerlocations:write' },
    schema: { tags, params: idParams },
    handler: async (req, reply) => {
      await write.remove(tenantCtxOf(req), req.params.id);
      return reply.status(204).send();
    },
  });

  app.post('/customerlocation/:id/books', {
    config: { access: 'customerlocations:write' },
    schema: { tags, params: idParams, body: linkBookSchema, response: { 200: customerLocationDetailSchema } },
    handler: (req) => write.linkBook(tenantCtxOf(req), req.params.id, req.body.bookId, req.body.confirm),
  });

  app.get('/customerlocation/:id/linkable-books', {
    config: { access: 'customerlocations:write' },
    schema: { tags, params: idParams, querystring: linkableBooksQuery, response: { 200: linkableBooksReply } },
    handler: (req) => read.linkableBooks(tenantCtxOf(req), req.params.id, req.query),
  });

  app.delete('/customerlocation/:id/books/:bookId', {
    config: { access: 'customerlocations:write' },
    schema: { tags, params: locationBookParams, response: { 200: customerLocationDetailSchema } },
    handler: (req) => write.unlinkBook(tenantCtxOf(req), req.params.id, req.params.bookId),
  });

  protocolRoute(app, {
    path: '/protocol/getProtocolByCustomerLocation/:id',
    entity: 'customerlocation',
    access: 'customerlocations:write',
    exists: locationExists,
  });
};
