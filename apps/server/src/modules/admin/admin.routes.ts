import { adminDashboardReply, outboxMailSchema, outboxResendSchema } from '@pruefbuch/domain/schemas/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../platform/auth';
import { resendMail } from './admin.outbox';
import { dashboard } from './admin.service';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/dashboard', {
    config: { access: 'admin:dashboard' },
    schema: { tags: ['admin'], response: { 200: adminDashboardReply } },
    handler: (req) => dashboard(ctxOf(req)),
  });

  app.post('/admin/outbox/resend', {
    config: { access: 'admin:dashboard' },
    schema: { tags: ['admin'], body: outboxResendSchema, response: { 200: outboxMailSchema } },
    handler: (req) => resendMail(ctxOf(req), req.body.id),
  });
};
