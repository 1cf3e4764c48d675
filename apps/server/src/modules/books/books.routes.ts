import {
  bookAsTemplateSchema,
  bookCreateSchema,
  bookDtoSchema,
  bookFromTemplateSchema,
  bookIdParams,
  bookListQuery,
  bookListReply,
  bookSchema,
  bookSpecialUpdateSchema,
  bookStatisticsSchema,
  bookStatusList,
  bookUpdateSchema,
  folderBookListParams,
  folderBookListQuery,
  moveToFolderParams,
  nameplateQuery,
  nameplateSchema,
} from '@pruefbuch/domain/schemas/book';
import { bookRemovedReply } from '@pruefbuch/domain/schemas/retention';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf, tenantCtxOf } from '../../platform/auth';
import * as read from './books.read';
import * as write from './books.write';

const tags = ['books'];

/** SPEC §7 Books (without inspections, PDFs and QR), and the paged book list of a tenant's folder. */
export const booksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/books', {
    config: { access: 'books:read', scope: 'filtered' },
    schema: { tags, querystring: bookListQuery, response: { 200: bookListReply } },
    handler: (req) => read.listTenantBooks(tenantCtxOf(req), req.query),
  });

  app.get('/tenants/url/:url/:folderOrRoot/:page/:sort/:size', {
    config: { access: 'books:read', scope: 'filtered' },
    schema: {
      tags,
      params: folderBookListParams,
      querystring: folderBookListQuery,
      response: { 200: bookListReply },
    },
    handler: (req) => read.listFolderBooks(tenantCtxOf(req), req.params, req.query.search),
  });

  app.get('/books/status/all', {
    config: { access: 'books:read', scope: 'none' },
    schema: { tags, response: { 200: bookStatusList } },
    handler: (req) => read.statusList(ctxOf(req)),
  });

  app.get('/books/statistics', {
    config: { access: 'books:read', scope: 'filtered' },
    schema: { tags, response: { 200: bookStatisticsSchema } },
    handler: (req) => read.statistics(tenantCtxOf(req)),
  });

  app.get('/books/get/typenschilddata', {
    config: { access: 'books:read', scope: [{ in: 'query', field: 'bookId', of: 'book' }] },
    schema: { tags, querystring: nameplateQuery, response: { 200: nameplateSchema } },
    handler: (req) => read.nameplate(tenantCtxOf(req), req.query.bookId),
  });

  app.get('/books/dto/:id', {
    config: { access: 'books:read', scope: [{ in: 'params', field: 'id', of: 'book' }] },
    schema: { tags, params: bookIdParams, response: { 200: bookDtoSchema } },
    handler: (req) => read.getBookWithRelations(tenantCtxOf(req), req.params.id),
  });

  app.get('/books/:id', {
    config: { access: 'books:read', scope: [{ in: 'params', field: 'id', of: 'book' }] },
    schema: { tags, params: bookIdParams, response: { 200: bookSchema } },
    handler: (req) => read.getBook(tenantCtxOf(req), req.params.id),
  });

  app.post('/books', {
    config: { access: 'books:write' },
    schema: { tags, body: bookCreateSchema, response: { 201: bookSchema } },
    handler: async (req, reply) => reply.status(201).send(await write.createBook(tenantCtxOf(req), req.body)),
  });

  app.post('/books/fromTemplate/:id', {
    config: { access: 'books:write' },
    schema: { tags, params: bookIdParams, body: bookFromTemplateSchema, response: { 201: bookSchema } },
    handler: async (req, reply) =>
      reply.status(201).send(await write.createFromTemplate(tenantCtxOf(req), req.params.id, req.body)),
  });

  app.post('/books/asTemplate/:id', {
    config: { access: 'books:write' },
    schema: { tags, params: bookIdParams, body: bookAsTemplateSchema, response: { 201: bookSchema } },
    handler: async (req, reply) =>
      reply.status(201).send(await write.saveAsTemplate(tenantCtxOf(req), req.params.id, req.body)),
  });

  app.put('/books/updateSpezial/:id', {
    config: { access: 'books:write' },
    schema: { tags, params: bookIdParams, body: bookSpecialUpdateSchema, response: { 200: bookSchema } },
    handler: (req) => write.updateSpecial(tenantCtxOf(req), req.params.id, req.body),
  });

  app.put('/books/:id/move2folder/:folderId', {
    config: { access: 'books:write' },
    schema: { tags, params: moveToFolderParams, response: { 200: bookSchema } },
    handler: (req) => write.moveToFolder(tenantCtxOf(req), req.params.id, req.params.folderId),
  });

  app.put('/books/:id', {
    config: { access: 'books:write' },
    schema: { tags, params: bookIdParams, body: bookUpdateSchema, response: { 200: bookSchema } },
    handler: (req) => write.updateBook(tenantCtxOf(req), req.params.id, req.body),
  });

  // A book with finalized records (or under a legal hold) is retired instead: 200 with the outcome (decision 059).
  app.delete('/books/:id', {
    config: { access: 'books:delete' },
    schema: { tags, params: bookIdParams, response: { 200: bookRemovedReply, 204: z.null() } },
    handler: async (req, reply) => {
      const retired = await write.deleteBook(tenantCtxOf(req), req.params.id);
      return retired ? reply.status(200).send(retired) : reply.status(204).send(null);
    },
  });

  app.post('/books/:id/restore', {
    config: { access: 'books:retired' },
    schema: { tags, params: bookIdParams, response: { 200: bookSchema } },
    handler: (req) => write.restoreBook(tenantCtxOf(req), req.params.id),
  });
};
