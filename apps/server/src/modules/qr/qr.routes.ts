import { idParams } from '@pruefbuch/domain/schemas/common';
import {
  bookDefectReportQuery,
  defectReportCountReply,
  defectReportCreatedReply,
  defectReportCreateSchema,
  defectReportListQuery,
  defectReportListReply,
  defectReportPageReply,
  defectReportSchema,
  defectReportUpdateSchema,
  labelPdfBody,
  publicQrReply,
  qrCodeListReply,
  qrCodeSchema,
  qrGenerateBody,
  qrGenerateParams,
  qrMappingParams,
  qrPublicParams,
  qrResolveParams,
  qrResolveReply,
} from '@pruefbuch/domain/schemas/qr';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf, publicCtxOf, tenantCtxOf } from '../../platform/auth';
import { pdfFileName } from '../../platform/pdf/file-names';
import { sendPdf } from '../../platform/replies';
import * as defectReports from './qr.defect-reports';
import { labelPdf, loadLabels, renderLabels } from './qr.labels';
import { publicView, reportDefect } from './qr.public';
import * as qr from './qr.service';

const tags = ['qr'];

/** Reads of the public page: generous for people, a wall for anyone trying codes in bulk. */
export const PUBLIC_READ_LIMIT = { max: 60, timeWindow: '1 minute' };
/** Defect reports: a few per code and address per hour; each one mails the service company. */
export const DEFECT_REPORT_LIMIT = {
  max: 5,
  timeWindow: '1 hour',
  keyGenerator: (req: FastifyRequest) => `${req.ip}|${(req.params as { code?: string }).code ?? ''}`,
};

/** SPEC §7 QR, the label PDF, the public page of a code and the defects reported there. */
export const qrRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/qr/generate/:tenantId/:bookId', {
    config: { access: 'qr:write' },
    schema: { tags, params: qrGenerateParams, body: qrGenerateBody, response: { 201: qrCodeSchema } },
    handler: async (req, reply) =>
      reply.status(201).send(await qr.generate(tenantCtxOf(req), req.params.tenantId, req.params.bookId, req.body?.qr)),
  });

  app.get('/qr/mapping/:tenantId/:bookId/:qrCodeId', {
    config: { access: 'qr:read', scope: [{ in: 'params', field: 'bookId', of: 'book' }] },
    schema: { tags, params: qrMappingParams, response: { 200: qrCodeSchema } },
    handler: (req) => qr.mapping(tenantCtxOf(req), req.params.tenantId, req.params.bookId, req.params.qrCodeId),
  });

  app.get('/qr/:id', {
    config: { access: 'qr:read', scope: 'filtered' },
    schema: { tags, params: qrResolveParams, response: { 200: qrResolveReply } },
    handler: (req) => qr.resolve(ctxOf(req), req.params.id),
  });

  app.delete('/qr/:id', {
    config: { access: 'qr:write' },
    schema: { tags, params: idParams },
    handler: async (req, reply) => {
      await qr.remove(tenantCtxOf(req), req.params.id);
      return reply.status(204).send();
    },
  });

  app.get('/books/:id/qrcode', {
    config: { access: 'qr:read', scope: [{ in: 'params', field: 'id', of: 'book' }] },
    schema: { tags, params: idParams, response: { 200: qrCodeListReply } },
    handler: (req) => qr.bookCodes(tenantCtxOf(req), req.params.id),
  });

  app.post('/books/getEtikettPdf', {
    config: { access: 'qr:write' },
    schema: {
      tags,
      body: labelPdfBody,
      produces: ['application/pdf'],
      description:
        'Labels (Avery Zweckform 3474, 3 × 8 per A4 sheet) with QR codes and their codes, streamed; `start` (1–24) is the position of the first label on a sheet of which some labels are used.',
    },
    handler: async (req, reply) => {
      const run = await loadLabels(tenantCtxOf(req), req.body.books, req.body.start);
      return sendPdf(req, reply, await labelPdf(run), pdfFileName('labels', null), (pdf) => renderLabels(pdf, run));
    },
  });

  app.get('/defectreports', {
    config: { access: 'defectreports:manage' },
    schema: { tags, querystring: defectReportListQuery, response: { 200: defectReportPageReply } },
    handler: (req) => defectReports.list(tenantCtxOf(req), req.query),
  });

  app.get('/defectreports/count', {
    config: { access: 'defectreports:manage' },
    schema: { tags, response: { 200: defectReportCountReply } },
    handler: (req) => defectReports.countOpen(tenantCtxOf(req)),
  });

  app.get('/books/:id/defectreports', {
    config: { access: 'defectreports:read', scope: [{ in: 'params', field: 'id', of: 'book' }] },
    schema: {
      tags,
      params: idParams,
      querystring: bookDefectReportQuery,
      response: { 200: defectReportListReply },
      description: 'The reporter (name, contact) only for the roles of defectreports:manage.',
    },
    handler: (req) => defectReports.ofBook(tenantCtxOf(req), req.params.id, req.query.status),
  });

  app.put('/defectreports/:id', {
    config: { access: 'defectreports:manage' },
    schema: { tags, params: idParams, body: defectReportUpdateSchema, response: { 200: defectReportSchema } },
    handler: (req) => defectReports.setStatus(tenantCtxOf(req), req.params.id, req.body),
  });

  app.get('/public/qr/:code', {
    config: { access: 'public', rateLimit: PUBLIC_READ_LIMIT },
    schema: { tags, params: qrPublicParams, response: { 200: publicQrReply }, security: [] },
    handler: (req) => publicView(publicCtxOf(app, req), req.params.code),
  });

  app.post('/public/qr/:code/defects', {
    config: { access: 'public', rateLimit: DEFECT_REPORT_LIMIT, idempotent: true },
    schema: {
      tags,
      params: qrPublicParams,
      body: defectReportCreateSchema,
      response: { 201: defectReportCreatedReply },
      security: [],
    },
    handler: async (req, reply) =>
      reply.status(201).send(await reportDefect(publicCtxOf(app, req), req.params.code, req.body)),
  });
};
