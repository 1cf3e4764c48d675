import { jobsReply } from '@pruefbuch/domain/schemas/job';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../platform/auth';
import { jobOverview } from './jobs.overview';

export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/jobs', {
    config: { access: 'admin:jobs' },
    schema: { tags: ['admin'], response: { 200: jobsReply } },
    handler: (req) => jobOverview(ctxOf(req)),
  });
};
