import { offlineDayQuery, offlineDayReply } from '@pruefbuch/domain/schemas/offline';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenantCtxOf } from '../../platform/auth';
import { offlineDay } from './offline.read';

const tags = ['offline'];

/** The day prepared for offline work (decision 061). */
export const offlineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/offline/day', {
    config: { access: 'offline:day' },
    schema: { tags, querystring: offlineDayQuery, response: { 200: offlineDayReply } },
    handler: (req) => {
      const { folder, location } = req.query;
      return offlineDay(tenantCtxOf(req), folder ? { folder } : location ? { location } : null);
    },
  });
};
