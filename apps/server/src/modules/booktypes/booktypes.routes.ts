import {
  bookTypeList,
  bookTypeListQuery,
  bookTypeListReply,
  bookTypeSchema,
  bookTypeUpdateSchema,
  bookTypeWriteSchema,
  serviceIntervalList,
} from '@pruefbuch/domain/schemas/booktype';
import { idParams } from '@pruefbuch/domain/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../platform/auth';
import * as bookTypes from './booktypes.service';

const tags = ['booktypes'];

/** SPEC §7 Book types. */
export const booktypesRoutes: FastifyPluginAsyncZod<bookTypes.BookTypePorts> = async (app, ports) => {
  app.get('/booktype', {
    config: { access: 'booktypes:read' },
    schema: { tags, querystring: bookTypeListQuery, response: { 200: bookTypeListReply } },
    handler: (req) => bookTypes.list(ctxOf(req), req.query),
  });

  app.get('/booktype/serviceinterval/all', {
    config: { access: 'booktypes:read' },
    schema: { tags, response: { 200: serviceIntervalList } },
    handler: (req) => bookTypes.serviceIntervals(ctxOf(req)),
  });

  app.get('/booktype/active', {
    config: { access: 'booktypes:read' },
    schema: { tags, response: { 200: bookTypeList } },
    handler: (req) => bookTypes.active(ctxOf(req)),
  });

  app.get('/booktype/:id', {
    config: { access: 'booktypes:read' },
    schema: { tags, params: idParams, response: { 200: bookTypeSchema } },
    handler: (req) => bookTypes.get(ctxOf(req), req.params.id),
  });

  app.post('/booktype', {
    config: { access: 'booktypes:manage' },
    schema: { tags, body: bookTypeWriteSchema, response: { 201: bookTypeSchema } },
    handler: async (req, reply) => reply.status(201).send(await bookTypes.create(ctxOf(req), req.body)),
  });

  app.put('/booktype/:id', {
    config: { access: 'booktypes:manage' },
    schema: { tags, params: idParams, body: bookTypeUpdateSchema, response: { 200: bookTypeSchema } },
    handler: (req) => bookTypes.update(ctxOf(req), req.params.id, req.body, ports),
  });

  app.delete('/booktype/:id', {
    config: { access: 'booktypes:manage' },
    schema: { tags, params: idParams },
    handler: async (req, reply) => {
      await bookTypes.remove(ctxOf(req), req.params.id);
      return reply.status(204).send();
    },
  });
};
