import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth';
import { dashboard } from './admin.service';

const dashboardReply = z.object({
  users: z.number().int(),
  tenants: z.number().int(),
  activeSessions: z.number().int(),
  outbox: z.array(
    z.object({
      _id: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
});

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/dashboard', {
    config: { access: 'admin:dashboard' },
    schema: { tags: ['admin'], response: { 200: dashboardReply } },
    handler: (req) => dashboard(ctxOf(req)),
  });
};
