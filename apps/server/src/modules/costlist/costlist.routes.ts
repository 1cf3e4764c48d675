import { costListFieldsSchema, costListSchema, costListUpdateSchema } from '@pruefbuch/domain/schemas/capacity';
import { idParams } from '@pruefbuch/domain/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantCtxOf } from '../../platform/auth';
import { protocolRoute } from '../protocol/protocol.routes';
import * as read from './costlist.read';
import { findCostListById } from './costlist.repo';
import * as write from './costlist.write';

const tags = ['costlist'];

/** SPEC §7 Cost list: the tenant's list, create, update, its protocol. */
export const costlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/costlist', {
    config: { access: 'costlist:read', scope: 'none' },
    schema: { tags, response: { 200: z.array(costListSchema) } },
    handler: (req) => read.list(tenantCtxOf(req)),
  });

  app.get('/costlist/find/first', {
    config: { access: 'costlist:read', scope: 'none' },
    schema: { tags, response: { 200: costListSchema } },
    handler: (req) => read.findFirst(tenantCtxOf(req)),
  });

  app.post('/costlist', {
    config: { access: 'costlist:manage', scope: 'none' },
    schema: { tags, body: costListFieldsSchema, response: { 201: costListSchema } },
    handler: async (req, reply) => reply.status(201).send(await write.create(tenantCtxOf(req), req.body)),
  });

  app.put('/costlist/:id', {
    config: { access: 'costlist:manage', scope: 'none' },
    schema: { tags, params: idParams, body: costListUpdateSchema, response: { 200: costListSchema } },
    handler: (req) => write.update(tenantCtxOf(req), req.params.id, req.body),
  });

  protocolRoute(app, {
    path: '/protocol/getProtocolByCostList/:id',
    entity: 'costlist',
    access: 'costlist:read',
    exists: findCostListById,
  });
};
