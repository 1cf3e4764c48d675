import { adminDashboardReply } from '@pruefbuch/domain/schemas/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../platform/auth';
import { dashboard } from './admin.service';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/dashboard', {
    config: { access: 'admin:dashboard' },
    schema: { tags: ['admin'], response: { 200: adminDashboardReply } },
    handler: (req) => dashboard(ctxOf(req)),
  });
};
