import {
  capacityDateQuery,
  capacityRangeReply,
  capacitySettingsFieldsSchema,
  capacitySettingsSchema,
  capacitySettingsUpdateSchema,
  employeeTimeReply,
  finishTimeslotSchema,
  holidaysQuery,
  holidaysReply,
  newTimeslotSchema,
  proposalQuery,
  proposalReply,
  requiredTimeListQuery,
  requiredTimeListReply,
  requiredTimeReply,
  saveCapacityByOrderSchema,
  saveTimeslotsSchema,
  shiftTimeslotSchema,
  timeslotSchema,
} from '@pruefbuch/domain/schemas/capacity';
import { levellingReply, levelWeekSchema } from '@pruefbuch/domain/schemas/capacity-levelling';
import { idParams, idSchema } from '@pruefbuch/domain/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantCtxOf } from '../../platform/auth';
import { protocolRoute } from '../protocol/protocol.routes';
import { levelling } from './capacity.levelling';
import * as read from './capacity.read';
import { findSettingsById } from './capacity.repo';
import * as write from './capacity.write';

const tags = ['capacity'];
const orderParams = z.object({ orderId: idSchema });
const versionQuery = z.object({
  __v: z.coerce
    .number({ error: 'validation.version' })
    .int({ error: 'validation.version' })
    .min(0, { error: 'validation.version' }),
});

/** SPEC §7 Capacity: settings, holidays, required time, employee time, daily capacity, proposal, timeslots. */
export const capacityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/capacity', {
    config: { access: 'capacity:read', scope: 'none' },
    schema: { tags, response: { 200: capacitySettingsSchema } },
    handler: (req) => read.getSettings(tenantCtxOf(req)),
  });

  app.post('/capacity', {
    config: { access: 'capacity:settings', scope: 'none' },
    schema: { tags, body: capacitySettingsFieldsSchema, response: { 201: capacitySettingsSchema } },
    handler: async (req, reply) => reply.status(201).send(await write.createSettings(tenantCtxOf(req), req.body)),
  });

  app.put('/capacity/:id', {
    config: { access: 'capacity:settings', scope: 'none' },
    schema: { tags, params: idParams, body: capacitySettingsUpdateSchema, response: { 200: capacitySettingsSchema } },
    handler: (req) => write.updateSettings(tenantCtxOf(req), req.params.id, req.body),
  });

  protocolRoute(app, {
    path: '/protocol/getProtocolByCapacity/:id',
    entity: 'capacity',
    access: 'capacity:read',
    exists: findSettingsById,
  });

  app.get('/capacity/get/holidays', {
    config: { access: 'capacity:read', scope: 'none' },
    schema: { tags, querystring: holidaysQuery, response: { 200: holidaysReply } },
    handler: (req) => read.holidays(tenantCtxOf(req), req.query.year, req.query.bundesland),
  });

  app.get('/capacity/get/requiredTimeList', {
    config: { access: 'capacity:read', scope: 'none' },
    schema: { tags, querystring: requiredTimeListQuery, response: { 200: requiredTimeListReply } },
    handler: (req) => read.requiredTimeList(tenantCtxOf(req), req.query),
  });

  app.get('/capacity/get/requiredTime/:orderId', {
    config: { access: 'capacity:read', scope: 'none' },
    schema: { tags, params: orderParams, response: { 200: requiredTimeReply } },
    handler: (req) => read.requiredTime(tenantCtxOf(req), req.params.orderId),
  });

  const employeeTimes = [
    ['getWeeklyEmployeeTime', 'week'],
    ['getMonthlyEmployeeTime', 'month'],
  ] as const;
  for (const [name, kind] of employeeTimes) {
    app.get(`/capacity/get/${name}`, {
      config: { access: 'capacity:read', scope: 'none' },
      schema: { tags, querystring: capacityDateQuery, response: { 200: employeeTimeReply } },
      handler: (req) => read.employeeTime(tenantCtxOf(req), kind, req.query.date),
    });
  }

  const ranges = [
    ['capacityForWeekFromDate', 'week'],
    ['getCapacityForMonthFromDate', 'month'],
  ] as const;
  for (const [name, kind] of ranges) {
    app.get(`/capacity/get/${name}`, {
      config: { access: 'capacity:read', scope: 'none' },
      schema: { tags, querystring: capacityDateQuery, response: { 200: capacityRangeReply } },
      handler: (req) => read.capacityRange(tenantCtxOf(req), kind, req.query.date),
    });
  }

  app.get('/capacity/get/proposal/:orderId', {
    config: { access: 'capacity:plan', scope: 'none' },
    schema: { tags, params: orderParams, querystring: proposalQuery, response: { 200: proposalReply } },
    handler: (req) => read.proposal(tenantCtxOf(req), req.params.orderId, req.query.direction),
  });

  app.get('/capacity/get/levelling', {
    config: { access: 'capacity:plan', scope: 'none' },
    schema: { tags, querystring: capacityDateQuery, response: { 200: levellingReply } },
    handler: (req) => levelling(tenantCtxOf(req), req.query.date),
  });

  app.put('/capacity/put/levelWeek', {
    config: { access: 'capacity:plan', scope: 'none' },
    schema: { tags, body: levelWeekSchema, response: { 200: z.array(timeslotSchema) } },
    handler: (req) => write.levelWeek(tenantCtxOf(req), req.body),
  });

  app.put('/capacity/put/saveCapacityByOrderId', {
    config: { access: 'capacity:plan', scope: 'none' },
    schema: { tags, body: saveCapacityByOrderSchema, response: { 200: requiredTimeReply } },
    handler: (req) => write.saveCapacityByOrder(tenantCtxOf(req), req.body),
  });

  app.put('/capacity/put/saveNewTimeslot', {
    config: { access: 'capacity:plan', scope: 'none' },
    schema: { tags, body: newTimeslotSchema, response: { 200: timeslotSchema } },
    handler: (req) => write.saveNewTimeslot(tenantCtxOf(req), req.body),
  });

  app.put('/capacity/put/shiftTimeslot', {
    config: { access: 'capacity:plan', scope: 'none' },
    schema: { tags, body: shiftTimeslotSchema, response: { 200: timeslotSchema } },
    handler: (req) => write.shiftTimeslot(tenantCtxOf(req), req.body),
  });

  app.put('/capacity/put/finishTimeslot', {
    config: { access: 'capacity:plan', scope: 'none' },
    schema: { tags, body: finishTimeslotSchema, response: { 200: timeslotSchema } },
    handler: (req) => write.finishTimeslot(tenantCtxOf(req), req.body),
  });

  app.put('/capacity/put/saveTimeslots', {
    config: { access: 'capacity:plan', scope: 'none' },
    schema: { tags, body: saveTimeslotsSchema, response: { 200: z.array(timeslotSchema) } },
    handler: (req) => write.saveTimeslots(tenantCtxOf(req), req.body),
  });

  app.delete('/capacity/timeslot/:id', {
    config: { access: 'capacity:plan', scope: 'none' },
    schema: { tags, params: idParams, querystring: versionQuery },
    handler: async (req, reply) => {
      await write.deleteTimeslot(tenantCtxOf(req), req.params.id, req.query.__v);
      return reply.status(204).send();
    },
  });
};
