import { idParams, idSchema } from '@pruefbuch/domain/schemas/common';
import {
  defectOffersReply,
  ktbReminderReply,
  ktbReminderSchema,
  offerCreateSchema,
  offerDraftQuery,
  offerDraftReply,
  offerLastSearchSchema,
  offerListQuery,
  offerListReply,
  offerSchema,
  offerUpdatedAtReply,
  offerUpdateSchema,
  offerUsersReply,
} from '@pruefbuch/domain/schemas/offer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantCtxOf } from '../../platform/auth';
import { dispositionOf, jsonText } from '../../platform/replies';
import { receiveUpload } from '../../platform/uploads';
import { protocolRoute } from '../protocol/protocol.routes';
import { draftFromDefect, offersOfBook } from './offers.defects';
import * as files from './offers.files';
import { sendKtbReminder } from './offers.mails';
import * as read from './offers.read';
import { offerExists } from './offers.repo';
import * as write from './offers.write';

const tags = ['offers'];
const fileParams = z.object({ id: idSchema, fileId: idSchema });

/**
 * SPEC §7 Offers (technical offers of a tenant), with the attachments, the defect link, the people to
 * pick and the hand-over to order processing. The evaluation (offer/evaluation/*) is a module of its own.
 */
export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/offer', {
    config: { access: 'offers:read' },
    schema: { tags, querystring: offerListQuery, response: { 200: offerListReply } },
    // The page as JSON text of the offers' stored list items (offers.list.ts, platform/replies.ts jsonText).
    handler: (req, reply) => jsonText<z.infer<typeof offerListReply>>(reply, read.list(tenantCtxOf(req), req.query)),
  });

  app.get('/offer/get/updatedAt', {
    config: { access: 'offers:read' },
    schema: { tags, response: { 200: offerUpdatedAtReply } },
    handler: (req) => read.updatedAt(tenantCtxOf(req)),
  });

  app.get('/offer/lastsearch', {
    config: { access: 'offers:read' },
    schema: { tags, response: { 200: offerLastSearchSchema } },
    handler: (req) => read.lastSearch(tenantCtxOf(req)),
  });

  app.put('/offer/lastsearch', {
    config: { access: 'offers:read' },
    schema: { tags, body: offerLastSearchSchema, response: { 200: offerLastSearchSchema } },
    handler: (req) => write.saveLastSearch(tenantCtxOf(req), req.body),
  });

  app.get('/offer/users', {
    config: { access: 'offers:read' },
    schema: { tags, response: { 200: offerUsersReply } },
    handler: (req) => read.pickable(tenantCtxOf(req)),
  });

  app.get('/offer/draftFromDefect', {
    config: { access: 'offers:write' },
    schema: { tags, querystring: offerDraftQuery, response: { 200: offerDraftReply } },
    handler: (req) => draftFromDefect(tenantCtxOf(req), req.query),
  });

  app.get('/offer/byBook/:id', {
    config: { access: 'offers:read' },
    schema: { tags, params: idParams, response: { 200: defectOffersReply } },
    handler: (req) => offersOfBook(tenantCtxOf(req), req.params.id),
  });

  app.post('/offer/sendktbremindermail', {
    config: { access: 'offers:write' },
    schema: { tags, body: ktbReminderSchema, response: { 200: ktbReminderReply } },
    handler: (req) => sendKtbReminder(tenantCtxOf(req), req.body),
  });

  /** SPEC §7 spells it so; existing clients call it by this name. */
  app.get('/offer/donwloadAngebotsanhang/:id', {
    config: { access: 'offers:read' },
    schema: { tags, params: idParams, produces: ['application/zip'] },
    handler: async (req, reply) => {
      const zip = await files.zipOfFiles(tenantCtxOf(req), req.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', dispositionOf(zip.fileName, 'attachment'))
        .header('x-content-type-options', 'nosniff')
        .send(zip.stream);
    },
  });

  app.get('/offer/:id', {
    config: { access: 'offers:read' },
    schema: { tags, params: idParams, response: { 200: offerSchema } },
    handler: (req) => read.get(tenantCtxOf(req), req.params.id),
  });

  app.post('/offer', {
    config: { access: 'offers:write' },
    schema: { tags, body: offerCreateSchema, response: { 201: offerSchema } },
    handler: async (req, reply) => reply.status(201).send(await write.create(tenantCtxOf(req), req.body)),
  });

  app.put('/offer/:id', {
    config: { access: 'offers:write' },
    schema: { tags, params: idParams, body: offerUpdateSchema, response: { 200: offerSchema } },
    handler: (req) => write.update(tenantCtxOf(req), req.params.id, req.body),
  });

  app.delete('/offer/:id', {
    config: { access: 'offers:delete' },
    schema: { tags, params: idParams },
    handler: async (req, reply) => {
      await write.remove(tenantCtxOf(req), req.params.id);
      return reply.status(204).send();
    },
  });

  app.post('/offer/:id/takeover', {
    config: { access: 'offers:write' },
    schema: { tags, params: idParams, response: { 200: offerSchema } },
    handler: (req) => write.takeOver(tenantCtxOf(req), req.params.id),
  });

  app.post('/offer/:id/files', {
    config: { access: 'offers:write' },
    schema: {
      tags,
      params: idParams,
      consumes: ['multipart/form-data'],
      description:
        'multipart/form-data: file. The type is taken from the bytes: PDF, PNG, JPEG, WebP, GIF or HEIC; at most the upload limit.',
      response: { 201: offerSchema },
    },
    handler: async (req, reply) => {
      const ctx = tenantCtxOf(req);
      const upload = await receiveUpload(req, req.server.deps.files, { limitMb: req.server.deps.config.uploadLimitMb });
      return reply.status(201).send(await files.addFile(ctx, req.params.id, upload));
    },
  });

  app.get('/offer/:id/files/:fileId', {
    config: { access: 'offers:read' },
    schema: { tags, params: fileParams },
    handler: async (req, reply) => {
      const { blob, stream } = await files.openFile(tenantCtxOf(req), req.params.id, req.params.fileId);
      return reply
        .header('content-type', blob.contentType)
        .header('content-length', String(blob.size))
        .header('content-disposition', dispositionOf(blob.fileName, 'attachment'))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(stream);
    },
  });

  app.delete('/offer/:id/files/:fileId', {
    config: { access: 'offers:write' },
    schema: { tags, params: fileParams, response: { 200: offerSchema } },
    handler: (req) => files.removeFile(tenantCtxOf(req), req.params.id, req.params.fileId),
  });

  protocolRoute(app, {
    path: '/protocol/getProtocolByOffer/:id',
    entity: 'offer',
    access: 'offers:read',
    exists: offerExists,
  });
};
