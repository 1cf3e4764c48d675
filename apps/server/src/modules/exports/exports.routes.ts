import { idParams, idSchema } from '@pruefbuch/domain/schemas/common';
import { exportJobSchema, exportStartReply } from '@pruefbuch/domain/schemas/export';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantCtxOf } from '../../platform/auth';
import { dispositionOf } from '../../platform/replies';
import { exportJobOf, openExportDownload } from './exports.jobs';
import { type ExportTarget, startExport, streamExport } from './exports.service';

const tags = ['exports'];
const zip = {
  produces: ['application/zip'],
  description: 'The inspection file as a ZIP, streamed (Content-Disposition: attachment).',
};
const customerParams = z.object({ customer: z.coerce.number().int().min(1).max(1_000_000) });
const jobParams = z.object({ jobId: idSchema });
const downloadParams = z.object({ jobId: idSchema, key: z.string().min(1).max(100) });

/**
 * The inspection file (Prüfakte) of a book, a branch or a customer's branches (decision 058). POST says how
 * it comes: 'direct' (then GET the same path streams the ZIP) or 'background' (a job whose progress GET
 * exports/jobs/{jobId} shows, and whose link is shown there and mailed).
 */
export const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const both = (
    path: string,
    access: 'exports:book' | 'exports:branches',
    params: z.ZodObject,
    scope: { in: 'params'; field: string; of: 'book' }[] | 'filtered',
    targetOf: (params: Record<string, unknown>) => ExportTarget,
  ) => {
    app.post(path, {
      config: { access, scope },
      schema: { tags, params, response: { 200: exportStartReply, 202: exportStartReply } },
      handler: async (req, reply) => {
        const started = await startExport(tenantCtxOf(req), targetOf(req.params as Record<string, unknown>));
        return reply.status(started.mode === 'direct' ? 200 : 202).send(started);
      },
    });
    app.get(path, {
      config: { access, scope },
      schema: { tags, params, ...zip },
      handler: async (req, reply) => {
        const file = await streamExport(tenantCtxOf(req), targetOf(req.params as Record<string, unknown>));
        file.done.catch((err: unknown) => req.log.warn({ err }, 'inspection file cut short'));
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', dispositionOf(file.fileName, 'attachment'))
          .header('x-content-type-options', 'nosniff')
          .send(file.stream);
      },
    });
  };

  both('/books/:id/exportFile', 'exports:book', idParams, [{ in: 'params', field: 'id', of: 'book' }], (p) => ({
    scope: 'book',
    target: String(p.id),
  }));
  both('/customerlocation/:id/exportFile', 'exports:branches', idParams, 'filtered', (p) => ({
    scope: 'branch',
    target: String(p.id),
  }));
  both('/exports/customer/:customer', 'exports:branches', customerParams, 'filtered', (p) => ({
    scope: 'customer',
    target: String(p.customer),
  }));

  app.get('/exports/jobs/:jobId', {
    config: { access: 'exports:read', scope: 'filtered' },
    schema: { tags, params: jobParams, response: { 200: exportJobSchema } },
    handler: (req) => exportJobOf(tenantCtxOf(req), req.params.jobId),
  });

  // The link shown and mailed: it works without signing in (a browser download, a mail client), by the key
  // only the link carries, until it expires (decision 058).
  app.get('/exports/download/:jobId/:key', {
    config: { access: 'public' },
    schema: { tags, params: downloadParams, produces: ['application/zip'] },
    handler: async (req, reply) => {
      const file = await openExportDownload(req.server.deps, req.params.jobId, req.params.key);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(file.size ?? ''))
        .header('content-disposition', dispositionOf(file.fileName, 'attachment'))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  });
};
