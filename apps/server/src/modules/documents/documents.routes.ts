import { idParams } from '@pruefbuch/domain/schemas/common';
import {
  blobSchema,
  bookDocumentAddedReply,
  bookDocumentParams,
  bookDocumentsReply,
  DOCUMENT_CONTENT_TYPES,
} from '@pruefbuch/domain/schemas/document';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenantCtxOf } from '../../platform/auth';
import { dispositionOf } from '../../platform/replies';
import { receiveUpload } from '../../platform/uploads';
import * as documents from './documents.service';

const tags = ['documents'];
/** Multipart bodies are read as a stream in the handler, so they are described here, not validated by a schema. */
const multipart = (fields: string) => ({
  consumes: ['multipart/form-data'],
  description: `multipart/form-data: ${fields}. The type is taken from the bytes: PDF, PNG, JPEG, WebP, GIF or HEIC.`,
});

const upload = (req: FastifyRequest) =>
  receiveUpload(req, req.server.deps.files, { limitMb: req.server.deps.config.uploadLimitMb });

/** Types a browser may show in place; everything else is only ever a download. */
const INLINE_TYPES = new Set<string>(DOCUMENT_CONTENT_TYPES);

/**
 * A file reply that cannot turn into a page of this origin: the stored (sniffed) type, no
 * sniffing, a sandbox without any sources, and the user's name only inside an RFC 6266
 * Content-Disposition.
 */
async function sendFile(req: FastifyRequest, reply: FastifyReply, id: string, forceDownload: boolean) {
  const { blob, stream } = await documents.openBlobFile(tenantCtxOf(req), id);
  const inline = !forceDownload && INLINE_TYPES.has(blob.contentType);
  return reply
    .header('content-type', blob.contentType)
    .header('content-length', String(blob.size))
    .header('content-disposition', dispositionOf(blob.fileName, inline ? 'inline' : 'attachment'))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(stream);
}

/** SPEC §7 Blobs and files, and the documents of a book. */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/blobs', {
    config: { access: 'documents:write', idempotent: true },
    schema: {
      tags,
      ...multipart('file; tenant (optional, must be the x-tenant tenant); type (default document); book (optional id)'),
      response: { 201: blobSchema },
    },
    handler: async (req, reply) => {
      const ctx = tenantCtxOf(req);
      return reply.status(201).send(await documents.createBlob(ctx, await upload(req)));
    },
  });

  app.get('/blobs/:id', {
    config: { access: 'documents:read', scope: [{ in: 'params', field: 'id', of: 'blob' }] },
    schema: { tags, params: idParams, response: { 200: blobSchema } },
    handler: (req) => documents.getBlob(tenantCtxOf(req), req.params.id),
  });

  app.delete('/blobs/:id', {
    config: { access: 'documents:write' },
    schema: { tags, params: idParams },
    handler: async (req, reply) => {
      await documents.deleteBlobById(tenantCtxOf(req), req.params.id);
      return reply.status(204).send();
    },
  });

  app.get('/blobs/:id/document', {
    config: { access: 'documents:read', scope: [{ in: 'params', field: 'id', of: 'blob' }] },
    schema: { tags, params: idParams },
    handler: (req, reply) => sendFile(req, reply, req.params.id, false),
  });

  app.get('/blobs/:id/document/download', {
    config: { access: 'documents:read', scope: [{ in: 'params', field: 'id', of: 'blob' }] },
    schema: { tags, params: idParams },
    handler: (req, reply) => sendFile(req, reply, req.params.id, true),
  });

  app.get('/books/:id/documents', {
    config: { access: 'documents:read', scope: [{ in: 'params', field: 'id', of: 'book' }] },
    schema: { tags, params: idParams, response: { 200: bookDocumentsReply } },
    handler: (req) => documents.bookDocuments(tenantCtxOf(req), req.params.id),
  });

  app.post('/books/:id/document', {
    config: { access: 'documents:write', idempotent: true },
    schema: {
      tags,
      params: idParams,
      ...multipart('file; tenant (optional, must be the x-tenant tenant)'),
      response: { 201: bookDocumentAddedReply },
    },
    handler: async (req, reply) => {
      const ctx = tenantCtxOf(req);
      return reply.status(201).send(await documents.addBookDocument(ctx, req.params.id, await upload(req)));
    },
  });

  app.delete('/books/:id/document/:docId', {
    config: { access: 'documents:write' },
    schema: { tags, params: bookDocumentParams, response: { 200: bookDocumentsReply } },
    handler: (req) => documents.deleteBookDocument(tenantCtxOf(req), req.params.id, req.params.docId),
  });
};
