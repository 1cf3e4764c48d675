import { idParams } from '@pruefbuch/domain/schemas/common';
import {
  legalHoldCreateSchema,
  legalHoldList,
  legalHoldSchema,
  purgeEntryList,
  retiredBookList,
} from '@pruefbuch/domain/schemas/retention';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantCtxOf } from '../../platform/auth';
import * as holds from './retention.holds';
import * as read from './retention.read';

const tags = ['retention'];

/** Retired books, legal holds and the retention run's purges of the tenant (admins, decision 059). */
export const retentionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/retention/books', {
    config: { access: 'books:retired' },
    schema: { tags, response: { 200: retiredBookList } },
    handler: (req) => read.retiredBooks(tenantCtxOf(req)),
  });

  app.get('/retention/holds', {
    config: { access: 'retention:read' },
    schema: { tags, response: { 200: legalHoldList } },
    handler: (req) => {
      const ctx = tenantCtxOf(req);
      return read.holdsList(ctx.db, ctx.tenantId);
    },
  });

  app.post('/retention/holds', {
    config: { access: 'retention:write' },
    schema: { tags, body: legalHoldCreateSchema, response: { 201: legalHoldSchema } },
    handler: async (req, reply) => reply.status(201).send(await holds.createHold(tenantCtxOf(req), req.body)),
  });

  app.delete('/retention/holds/:id', {
    config: { access: 'retention:write' },
    schema: { tags, params: idParams, response: { 204: z.null() } },
    handler: async (req, reply) => {
      await holds.deleteHold(tenantCtxOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  });

  app.get('/retention/purges', {
    config: { access: 'retention:read' },
    schema: { tags, response: { 200: purgeEntryList } },
    handler: (req) => read.listPurges(tenantCtxOf(req)),
  });
};
