import { idParams } from '@pruefbuch/domain/schemas/common';
import {
  qualificationListReply,
  qualificationMatrixReply,
  qualificationSchema,
  qualificationUpdateSchema,
  qualificationWriteSchema,
  signingQualificationQuery,
  signingQualificationReply,
  userQualificationParams,
} from '@pruefbuch/domain/schemas/qualification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf, tenantCtxOf } from '../../platform/auth';
import { sendStoredFile } from '../../platform/replies';
import { receiveUpload } from '../../platform/uploads';
import * as qualifications from './qualifications.service';
import { recordSigningCheck } from './qualifications.signing';

const tags = ['qualifications'];

/**
 * Qualifications of the inspecting staff (decision 055): admins keep them, every user reads their
 * own; admins see the matrix of people × kinds; the inspection editor asks what signing a record
 * needs before the user signs.
 */
export const qualificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/users/:id/qualifications', {
    config: { access: 'session:any' },
    schema: { tags, params: idParams, response: { 200: qualificationListReply } },
    handler: (req) => qualifications.listQualifications(ctxOf(req), req.params.id),
  });

  app.post('/users/:id/qualifications', {
    config: { access: 'qualifications:manage' },
    schema: { tags, params: idParams, body: qualificationWriteSchema, response: { 201: qualificationSchema } },
    handler: async (req, reply) =>
      reply.status(201).send(await qualifications.createQualification(ctxOf(req), req.params.id, req.body)),
  });

  app.put('/users/:id/qualifications/:qualificationId', {
    config: { access: 'qualifications:manage' },
    schema: {
      tags,
      params: userQualificationParams,
      body: qualificationUpdateSchema,
      response: { 200: qualificationSchema },
    },
    handler: (req) =>
      qualifications.updateQualification(ctxOf(req), req.params.id, req.params.qualificationId, req.body),
  });

  app.delete('/users/:id/qualifications/:qualificationId', {
    config: { access: 'qualifications:manage' },
    schema: { tags, params: userQualificationParams },
    handler: async (req, reply) => {
      await qualifications.deleteQualification(ctxOf(req), req.params.id, req.params.qualificationId);
      return reply.status(204).send();
    },
  });

  app.post('/users/:id/qualifications/:qualificationId/certificate', {
    config: { access: 'qualifications:manage' },
    schema: {
      tags,
      params: userQualificationParams,
      consumes: ['multipart/form-data'],
      description:
        'multipart/form-data: file (the certificate: PDF, PNG, JPEG, WebP, GIF or HEIC, taken from the bytes).',
      response: { 200: qualificationSchema },
    },
    handler: async (req) => {
      const ctx = ctxOf(req);
      const upload = await receiveUpload(req, req.server.deps.files, { limitMb: req.server.deps.config.uploadLimitMb });
      return qualifications.uploadCertificate(ctx, req.params.id, req.params.qualificationId, upload);
    },
  });

  app.get('/users/:id/qualifications/:qualificationId/certificate', {
    config: { access: 'session:any' },
    schema: { tags, params: userQualificationParams },
    handler: async (req, reply) =>
      sendStoredFile(
        reply,
        await qualifications.openCertificate(ctxOf(req), req.params.id, req.params.qualificationId),
      ),
  });

  app.get('/qualifications/matrix', {
    config: { access: 'qualifications:manage' },
    schema: { tags, response: { 200: qualificationMatrixReply } },
    handler: (req) => qualifications.qualificationMatrix(ctxOf(req)),
  });

  app.get('/inspections/:id/qualification', {
    config: { access: 'inspections:write' },
    schema: {
      tags,
      params: idParams,
      querystring: signingQualificationQuery,
      response: { 200: signingQualificationReply },
    },
    handler: (req) => recordSigningCheck(tenantCtxOf(req), req.params.id, req.query.when),
  });
};
