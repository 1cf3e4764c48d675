import {
  folderChildParams,
  folderCreateSchema,
  folderIdParams,
  folderList,
  folderSchema,
  folderTenantParams,
  folderTreeSchema,
  folderUpdateSchema,
} from '@pruefbuch/domain/schemas/folder';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../platform/auth';
import * as folders from './folders.service';

const tags = ['folders'];

/** SPEC §7 (folders), plus the folder tree of a tenant for the tenantStart screen. */
export const foldersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/folder/id/:id', {
    config: { access: 'folders:read' },
    schema: { tags, params: folderIdParams, response: { 200: folderSchema } },
    handler: (req) => folders.get(ctxOf(req), req.params.id),
  });

  app.get('/folder/tree/:tenantId', {
    config: { access: 'folders:read' },
    schema: { tags, params: folderTenantParams, response: { 200: folderTreeSchema } },
    handler: (req) => folders.tree(ctxOf(req), req.params.tenantId),
  });

  app.get('/folder/tenant/:tenantId', {
    config: { access: 'folders:read' },
    schema: { tags, params: folderTenantParams, response: { 200: folderList } },
    handler: (req) => folders.list(ctxOf(req), req.params.tenantId, null),
  });

  app.get('/folder/tenant/:tenantId/:parentId', {
    config: { access: 'folders:read' },
    schema: { tags, params: folderChildParams, response: { 200: folderList } },
    handler: (req) => folders.list(ctxOf(req), req.params.tenantId, req.params.parentId),
  });

  app.post('/folder/tenant/:tenantId', {
    config: { access: 'folders:write' },
    schema: { tags, params: folderTenantParams, body: folderCreateSchema, response: { 201: folderSchema } },
    handler: async (req, reply) =>
      reply.status(201).send(await folders.create(ctxOf(req), req.params.tenantId, null, req.body)),
  });

  app.post('/folder/tenant/:tenantId/:parentId', {
    config: { access: 'folders:write' },
    schema: { tags, params: folderChildParams, body: folderCreateSchema, response: { 201: folderSchema } },
    handler: async (req, reply) =>
      reply.status(201).send(await folders.create(ctxOf(req), req.params.tenantId, req.params.parentId, req.body)),
  });

  app.put('/folder/:id', {
    config: { access: 'folders:write' },
    schema: { tags, params: folderIdParams, body: folderUpdateSchema, response: { 200: folderSchema } },
    handler: (req) => folders.update(ctxOf(req), req.params.id, req.body),
  });

  app.delete('/folder/:id', {
    config: { access: 'folders:write' },
    schema: { tags, params: folderIdParams },
    handler: async (req, reply) => {
      await folders.remove(ctxOf(req), req.params.id);
      return reply.status(204).send();
    },
  });
};
