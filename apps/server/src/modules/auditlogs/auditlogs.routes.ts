import { bookAuditQuery, protocolList } from '@pruefbuch/domain/schemas/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../platform/auth';
import { bookProtocol } from './auditlogs.service';

/** SPEC §7 auditlogs/book: the protocol table of the book page. */
export const auditlogsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/auditlogs/book', {
    config: { access: 'auditlogs:read' },
    schema: { tags: ['auditlogs'], querystring: bookAuditQuery, response: { 200: protocolList } },
    handler: (req) => bookProtocol(ctxOf(req), req.query.bookId),
  });
};
