import { idParams, idSchema } from '@pruefbuch/domain/schemas/common';
import { offerUsersReply } from '@pruefbuch/domain/schemas/offer';
import {
  orderCountReply,
  orderCreateSchema,
  orderListQuery,
  orderListReply,
  orderNumberingReply,
  orderNumberingSchema,
  orderPageQuery,
  orderSchema,
  orderSearchParams,
  orderStepSchema,
  orderUpdatedAtReply,
  orderUpdateSchema,
  orderWeeksQuery,
  orderWeeksReply,
  takeOverProposalReply,
  takeOverSchema,
  transferDepartmentReply,
  transferDepartmentSchema,
} from '@pruefbuch/domain/schemas/order';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantCtxOf } from '../../platform/auth';
import { jsonText } from '../../platform/replies';
import { pickable } from '../offers/offers.read';
import { protocolRoute } from '../protocol/protocol.routes';
import { type CountedList, listCount, type OrderListKind, searchList } from './orders.lists';
import { transferDepartment } from './orders.mails';
import { numbering, setNumbering } from './orders.numbers';
import * as read from './orders.read';
import { orderExists } from './orders.repo';
import { fromOffer, takeOverProposal } from './orders.take-over';
import { weeks } from './orders.weeks';
import * as write from './orders.write';

const tags = ['orders'];
const offerParams = z.object({ offerId: idSchema });
const opmParams = z.object({ searchOpmValue: orderSearchParams.shape.value });

/** The lists answer JSON text of the orders' stored list items (orders.store.ts, platform/replies.ts jsonText). */
const json = (reply: FastifyReply, text: Promise<string>) => jsonText<z.infer<typeof orderListReply>>(reply, text);

/** SPEC §7 Orders: the order, its list, the search lists and counts, the status steps, the hand-over, from offer. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/orders', {
    config: { access: 'orders:read' },
    schema: { tags, querystring: orderListQuery, response: { 200: orderListReply } },
    handler: (req, reply) => json(reply, read.list(tenantCtxOf(req), req.query)),
  });

  app.get('/orders/get/updatedAt', {
    config: { access: 'orders:read' },
    schema: { tags, response: { 200: orderUpdatedAtReply } },
    handler: (req) => read.updatedAt(tenantCtxOf(req)),
  });

  app.get('/orders/get/weeks', {
    config: { access: 'orders:read' },
    schema: { tags, querystring: orderWeeksQuery, response: { 200: orderWeeksReply } },
    handler: (req) => weeks(tenantCtxOf(req), req.query),
  });

  // The search lists by a value, and their counts (decision 024).
  const byValue: [string, OrderListKind][] = [
    ['getOrdersBySearch', 'search'],
    ['getOrdersBySerialnummerSearch', 'serial'],
    ['getOrdersByOpm', 'opm'],
    ['getOrdersByEl', 'el'],
    ['getOrdersByAd', 'ad'],
    // The warehouse's deliveries with a term (decision 054; not in SPEC).
    ['getDeliveryOrders', 'deliveriesSearch'],
  ];
  for (const [name, kind] of byValue) {
    app.get(`/orders/${name}/:value`, {
      config: { access: 'orders:read' },
      schema: { tags, params: orderSearchParams, querystring: orderPageQuery, response: { 200: orderListReply } },
      handler: (req, reply) => json(reply, searchList(tenantCtxOf(req), kind, req.params.value, req.query)),
    });
  }
  const all: [string, OrderListKind][] = [
    ['getVkidOrders', 'vkidAll'],
    ['getElOrders', 'elAll'],
    ['getAdOrders', 'adAll'],
    // The orders that await a delivery: the warehouse's start (decision 054; not in SPEC).
    ['getDeliveryOrders', 'deliveries'],
  ];
  for (const [name, kind] of all) {
    app.get(`/orders/${name}/all`, {
      config: { access: 'orders:read' },
      schema: { tags, querystring: orderPageQuery, response: { 200: orderListReply } },
      handler: (req, reply) => json(reply, searchList(tenantCtxOf(req), kind, '', req.query)),
    });
  }
  app.get('/orders/countOrdersByVkid/:searchOpmValue', {
    config: { access: 'orders:read' },
    schema: { tags, params: opmParams, response: { 200: orderCountReply } },
    handler: (req) => listCount(tenantCtxOf(req), 'opm', req.params.searchOpmValue),
  });
  const counts: [string, CountedList][] = [
    ['countOrdersByEl', 'el'],
    ['countOrdersByAd', 'ad'],
  ];
  for (const [name, kind] of counts) {
    app.get(`/orders/${name}/:value`, {
      config: { access: 'orders:read' },
      schema: { tags, params: orderSearchParams, response: { 200: orderCountReply } },
      handler: (req) => listCount(tenantCtxOf(req), kind, req.params.value),
    });
  }
  const countsAll: [string, CountedList][] = [
    ['countVkidOrders', 'vkidAll'],
    ['countElOrders', 'elAll'],
    ['countAdOrders', 'adAll'],
    ['countDeliveryOrders', 'deliveries'],
  ];
  for (const [name, kind] of countsAll) {
    app.get(`/orders/${name}/all`, {
      config: { access: 'orders:read' },
      schema: { tags, response: { 200: orderCountReply } },
      handler: (req) => listCount(tenantCtxOf(req), kind, ''),
    });
  }

  app.post('/orders/sendMailTransferDepartment', {
    config: { access: 'orders:write' },
    schema: { tags, body: transferDepartmentSchema, response: { 200: transferDepartmentReply } },
    handler: (req) => transferDepartment(tenantCtxOf(req), req.body),
  });

  app.get('/orders/fromOffer/:offerId/proposal', {
    config: { access: 'orders:write' },
    schema: { tags, params: offerParams, response: { 200: takeOverProposalReply } },
    handler: (req) => takeOverProposal(tenantCtxOf(req), req.params.offerId),
  });

  app.post('/orders/fromOffer/:offerId', {
    config: { access: 'orders:write' },
    schema: {
      tags,
      params: offerParams,
      body: z.preprocess((v) => v ?? {}, takeOverSchema),
      response: { 201: orderSchema },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await fromOffer(tenantCtxOf(req), req.params.offerId, req.body)),
  });

  app.get('/orders/users', {
    config: { access: 'orders:read' },
    schema: { tags, response: { 200: offerUsersReply } },
    handler: (req) => pickable(tenantCtxOf(req)),
  });

  app.get('/orders/numbering', {
    config: { access: 'orders:numbering' },
    schema: { tags, response: { 200: orderNumberingReply } },
    handler: (req) => numbering(tenantCtxOf(req).db, tenantCtxOf(req).tenantId),
  });

  app.put('/orders/numbering', {
    config: { access: 'orders:numbering' },
    schema: { tags, body: orderNumberingSchema, response: { 200: orderNumberingReply } },
    handler: (req) => setNumbering(tenantCtxOf(req), req.body),
  });

  app.get('/orders/:id', {
    config: { access: 'orders:read' },
    schema: { tags, params: idParams, response: { 200: orderSchema } },
    handler: (req) => read.get(tenantCtxOf(req), req.params.id),
  });

  app.post('/orders', {
    config: { access: 'orders:write' },
    schema: { tags, body: orderCreateSchema, response: { 201: orderSchema } },
    handler: async (req, reply) => reply.status(201).send(await write.create(tenantCtxOf(req), req.body, req.log)),
  });

  app.put('/orders/:id', {
    config: { access: 'orders:write' },
    schema: { tags, params: idParams, body: orderUpdateSchema, response: { 200: orderSchema } },
    handler: (req) => write.update(tenantCtxOf(req), req.params.id, req.body, req.log),
  });

  app.post('/orders/:id/status', {
    config: { access: 'orders:write' },
    schema: { tags, params: idParams, body: orderStepSchema, response: { 200: orderSchema } },
    handler: (req) => write.step(tenantCtxOf(req), req.params.id, req.body),
  });

  app.delete('/orders/:id', {
    config: { access: 'orders:delete' },
    schema: { tags, params: idParams },
    handler: async (req, reply) => {
      await write.remove(tenantCtxOf(req), req.params.id);
      return reply.status(204).send();
    },
  });

  protocolRoute(app, {
    path: '/protocol/getProtocolByOrder/:id',
    entity: 'order',
    access: 'orders:read',
    exists: orderExists,
  });
};
