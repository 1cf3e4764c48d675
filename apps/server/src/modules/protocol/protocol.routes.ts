/**
 * The protocol (audit trail) routes. Every entity of PROTOCOL_ENTITIES (domain/protocol.ts) is read by
 * the same protocolOf(); a new entity gets its route with one call here, e.g. for offers:
 *
 *   protocolRoute(app, { path: '/protocol/getProtocolByOffer/:id', entity: 'offer', access: 'offers:read',
 *     exists: (db, tenantId, id) => findOffer(db, tenantId, id) });
 *
 * (after adding 'offer' to PROTOCOL_ENTITIES with its fields and 'offers:read' to API_ACCESS).
 */

import { bookAuditQuery, protocolPageQuery, protocolReply } from '@pruefbuch/domain/schemas/audit';
import { idSchema } from '@pruefbuch/domain/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantCtxOf } from '../../platform/auth';
import type { RouteAccess } from '../../platform/context';
import { findBook } from '../books/books.repo';
import { type ProtocolSource, protocolOf } from './protocol.service';

export interface ProtocolRoute extends ProtocolSource {
  /** The route below /api/v1 with an ':id' parameter, e.g. '/protocol/getProtocolByOffer/:id'. */
  path: `${string}/:id`;
  access: Exclude<RouteAccess, 'public' | 'mfa'>;
}

/** Registers GET <path> answering the protocol of the entity with that id. */
export function protocolRoute(app: FastifyInstance, route: ProtocolRoute) {
  const { path, access, ...source } = route;
  app.withTypeProvider<ZodTypeProvider>().get(path, {
    config: { access },
    schema: {
      tags: ['protocol'],
      params: z.object({ id: idSchema }),
      querystring: protocolPageQuery,
      response: { 200: protocolReply },
    },
    handler: (req) => protocolOf(tenantCtxOf(req), source, req.params.id, req.query),
  });
}

const BOOK: ProtocolSource = {
  entity: 'book',
  exists: (db, tenantId, id) => findBook(db, tenantId, id),
};

export const protocolRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * SPEC §7 auditlogs/book: the protocol table of the book page. Without page/size the whole
   * protocol as a list (as existing clients expect); with them one page.
   */
  app.get('/auditlogs/book', {
    config: { access: 'auditlogs:read' },
    schema: { tags: ['auditlogs'], querystring: bookAuditQuery, response: { 200: protocolReply } },
    handler: (req) => {
      const { bookId, ...paging } = req.query;
      return protocolOf(tenantCtxOf(req), BOOK, bookId, paging);
    },
  });
  protocolRoute(app, { path: '/protocol/getProtocolByBook/:id', access: 'auditlogs:read', ...BOOK });
};
