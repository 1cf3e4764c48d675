import { idParams } from '@pruefbuch/domain/schemas/common';
import {
  componentListQuery,
  componentListReply,
  componentSchema,
  componentUpdateSchema,
  componentWriteSchema,
} from '@pruefbuch/domain/schemas/component';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../platform/auth';
import * as components from './components.service';

const tags = ['components'];

/** The door component catalogue (issue 13, decision 025). */
export const componentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/components', {
    config: { access: 'components:read' },
    schema: { tags, querystring: componentListQuery, response: { 200: componentListReply } },
    handler: (req) => components.list(ctxOf(req), req.query),
  });

  app.post('/components', {
    config: { access: 'components:manage' },
    schema: { tags, body: componentWriteSchema, response: { 201: componentSchema } },
    handler: async (req, reply) => reply.status(201).send(await components.create(ctxOf(req), req.body)),
  });

  app.put('/components/:id', {
    config: { access: 'components:manage' },
    schema: { tags, params: idParams, body: componentUpdateSchema, response: { 200: componentSchema } },
    handler: (req) => components.update(ctxOf(req), req.params.id, req.body),
  });

  app.delete('/components/:id', {
    config: { access: 'components:manage' },
    schema: { tags, params: idParams },
    handler: async (req, reply) => {
      await components.remove(ctxOf(req), req.params.id);
      return reply.status(204).send();
    },
  });
};
