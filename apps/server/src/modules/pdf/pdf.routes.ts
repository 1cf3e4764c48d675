import { hiddenRecordKinds } from '@pruefbuch/domain/access';
import { idParams } from '@pruefbuch/domain/schemas/common';
import { inspectionCreateSchema } from '@pruefbuch/domain/schemas/inspection';
import {
  pdfAssetListReply,
  pdfAssetSchema,
  pdfAssetsQuery,
  techAcceptorBody,
  techAcceptorParams,
} from '@pruefbuch/domain/schemas/pdf-asset';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantCtxOf } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { readsRetired } from '../../platform/legal-holds';
import { pdfFileName } from '../../platform/pdf/file-names';
import { dispositionOf, sendPdf } from '../../platform/replies';
import { receiveUpload } from '../../platform/uploads';
import { archivedPdfOf } from './pdf.archive';
import { findAssetBlob, listBookAssets, signOff } from './pdf.assets';
import { bookExportPdf, loadBookExport, renderBookExport } from './pdf.book-export';
import { preInspectionPdf, renderPreInspection } from './pdf.pre-inspection';
import { loadPreview, loadRecordDocument, recordFileName, recordPdf, renderRecordDocument } from './pdf.single-record';
import { loadSummary, renderSummary, summaryPdf } from './pdf.summary';
import { uploadPdfAsset } from './pdf.upload';

const tags = ['pdf'];
const binary = { produces: ['application/pdf'], description: 'A PDF, streamed (Content-Disposition: attachment).' };

/** SPEC §7: the PDFs of books and records, the PDF assets of a book and their tech acceptor sign-off. */
export const pdfRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/books/:id/exportPdf', {
    config: { access: 'inspections:read', scope: [{ in: 'params', field: 'id', of: 'book' }] },
    schema: { tags, params: idParams, ...binary },
    handler: async (req, reply) => {
      const data = await loadBookExport(tenantCtxOf(req), req.params.id);
      return sendPdf(req, reply, await bookExportPdf(data), pdfFileName('book', data.book), (pdf) =>
        renderBookExport(pdf, data),
      );
    },
  });

  app.get('/books/:id/exportPdfShrink', {
    config: { access: 'inspections:read', scope: [{ in: 'params', field: 'id', of: 'book' }] },
    schema: { tags, params: idParams, ...binary },
    handler: async (req, reply) => {
      const data = await loadSummary(tenantCtxOf(req), req.params.id);
      return sendPdf(req, reply, await summaryPdf(data), pdfFileName('shrink', data.book), (pdf) =>
        renderSummary(pdf, data),
      );
    },
  });

  app.get('/books/:id/gutachtenPdf/:gutachtenId', {
    config: {
      access: 'gutachten:read',
      scope: [
        { in: 'params', field: 'id', of: 'book' },
        { in: 'params', field: 'gutachtenId', of: 'inspection' },
      ],
    },
    schema: { tags, params: z.object({ id: idParams.shape.id, gutachtenId: idParams.shape.id }), ...binary },
    handler: async (req, reply) => {
      const ctx = tenantCtxOf(req);
      const doc = await loadRecordDocument(
        ctx.db,
        ctx.deps.files,
        ctx.tenantId,
        req.params.gutachtenId,
        req.params.id,
        readsRetired(ctx.user),
      );
      if (doc.record.kind !== 'gutachten') throw notFound();
      // A finalized report is its archived, sealed PDF; a draft is rendered as it stands.
      const archived = doc.record.finalizedAt
        ? await archivedPdfOf(ctx.db, ctx.tenantId, req.params.gutachtenId)
        : null;
      const stream = archived ? await ctx.deps.files.get(archived.sha256) : null;
      if (archived && stream) {
        return reply
          .header('content-type', 'application/pdf')
          .header('content-length', String(archived.size))
          .header('content-disposition', dispositionOf(archived.fileName, 'attachment'))
          .header('x-content-type-options', 'nosniff')
          .send(stream);
      }
      return sendPdf(req, reply, await recordPdf(doc), recordFileName(doc, 'gutachten'), (pdf) =>
        renderRecordDocument(pdf, doc),
      );
    },
  });

  app.get('/inspections/preInspectionPdf/:bookId', {
    config: { access: 'inspections:read', scope: [{ in: 'params', field: 'bookId', of: 'book' }] },
    schema: { tags, params: z.object({ bookId: idParams.shape.id }), ...binary },
    handler: async (req, reply) => {
      const data = await loadSummary(tenantCtxOf(req), req.params.bookId);
      return sendPdf(req, reply, await preInspectionPdf(data), pdfFileName('preInspection', data.book), (pdf) =>
        renderPreInspection(pdf, data),
      );
    },
  });

  app.post('/inspections/preview', {
    config: { access: 'inspections:write' },
    schema: { tags, body: inspectionCreateSchema, ...binary },
    handler: async (req, reply) => {
      const doc = await loadPreview(tenantCtxOf(req), req.body);
      return sendPdf(req, reply, await recordPdf(doc), recordFileName(doc, 'preview'), (pdf) =>
        renderRecordDocument(pdf, doc),
      );
    },
  });

  app.get('/inspections/inspectionPdf/:blobId', {
    config: { access: 'inspections:read', scope: [{ in: 'params', field: 'blobId', of: 'blob' }] },
    schema: { tags, params: z.object({ blobId: idParams.shape.id }), ...binary },
    handler: async (req, reply) => {
      const ctx = tenantCtxOf(req);
      const blob = await findAssetBlob(
        ctx.db,
        ctx.tenantId,
        req.params.blobId,
        hiddenRecordKinds(ctx.user),
        readsRetired(ctx.user),
      );
      const stream = blob ? await ctx.deps.files.get(blob.sha256) : null;
      if (!blob || !stream) throw notFound();
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(blob.size))
        .header('content-disposition', dispositionOf(blob.fileName, 'attachment'))
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  });

  app.get('/pdfassets/book', {
    config: { access: 'inspections:read', scope: [{ in: 'query', field: 'book', of: 'book' }] },
    schema: { tags, querystring: pdfAssetsQuery, response: { 200: pdfAssetListReply } },
    handler: (req) => listBookAssets(tenantCtxOf(req), req.query.book),
  });

  app.post('/pdfassets/uploadfile', {
    config: { access: 'documents:write' },
    schema: {
      tags,
      consumes: ['multipart/form-data'],
      description:
        'multipart/form-data: file (a PDF); book (the book it belongs to); tenant (optional, must be the x-tenant tenant). The PDF becomes a PDF asset of the book (kind upload), ready for the tech acceptor’s sign-off.',
      response: { 201: pdfAssetSchema },
    },
    handler: async (req, reply) => {
      const ctx = tenantCtxOf(req);
      const upload = await receiveUpload(req, req.server.deps.files, { limitMb: req.server.deps.config.uploadLimitMb });
      return reply.status(201).send(await uploadPdfAsset(ctx, upload));
    },
  });

  app.put('/books/:id/techacceptor/:techAcceptorId/:tenantId/:pdfassetId', {
    config: { access: 'techacceptor:sign' },
    schema: { tags, params: techAcceptorParams, body: techAcceptorBody, response: { 200: pdfAssetSchema } },
    handler: (req) =>
      signOff(
        tenantCtxOf(req),
        {
          bookId: req.params.id,
          techAcceptorId: req.params.techAcceptorId,
          tenantId: req.params.tenantId,
          assetId: req.params.pdfassetId,
        },
        req.body?.note ?? '',
      ),
  });
};
