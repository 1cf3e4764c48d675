import {
  digestRunReply,
  icalFeedReply,
  icalParams,
  icalQuery,
  reminderSettingsSchema,
  reminderSettingsUpdate,
} from '@pruefbuch/domain/schemas/reminders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf, requestLanguage, tenantCtxOf } from '../../platform/auth';
import { runDigestNow } from './reminders.digest';
import { feedOf, renewFeed, revokeFeed } from './reminders.ical';
import * as settings from './reminders.settings';

const tags = ['reminders'];
/** Calendar apps poll every few minutes to hours; a guessed token is 256 bits, so this only limits load. */
const FEED_LIMIT = { max: 60, timeWindow: '1 minute' };

/** Reminders (decision 019): the user's digest switch and calendar feed, the feed itself, and a manual digest run. */
export const remindersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/reminders/settings', {
    config: { access: 'session:any' },
    schema: { tags, response: { 200: reminderSettingsSchema } },
    handler: (req) => settings.getSettings(ctxOf(req)),
  });

  app.put('/reminders/settings', {
    config: { access: 'session:any' },
    schema: { tags, body: reminderSettingsUpdate, response: { 200: reminderSettingsSchema } },
    handler: (req) => settings.setDigest(ctxOf(req), req.body.digest),
  });

  app.post('/reminders/ical', {
    config: { access: 'session:any' },
    schema: { tags, response: { 200: icalFeedReply } },
    handler: (req) => renewFeed(ctxOf(req).db, ctxOf(req).user.id, req.server.deps.config.publicUrl),
  });

  app.delete('/reminders/ical', {
    config: { access: 'session:any' },
    schema: { tags },
    handler: async (req, reply) => {
      await revokeFeed(ctxOf(req).db, ctxOf(req).user.id);
      return reply.status(204).send();
    },
  });

  app.get('/reminders/ical/:token', {
    config: { access: 'public', rateLimit: FEED_LIMIT },
    schema: { tags, params: icalParams, querystring: icalQuery, produces: ['text/calendar'] },
    handler: async (req, reply) => {
      const body = await feedOf(
        req.server.deps.database.db,
        req.params.token.slice(0, -'.ics'.length),
        req.server.deps.config.publicUrl,
        req.query.lang ?? requestLanguage(req),
      );
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('vary', 'accept-language')
        .send(body);
    },
  });

  app.post('/reminders/digest/run', {
    config: { access: 'admin:dashboard' },
    schema: { tags, response: { 200: digestRunReply } },
    handler: (req) => runDigestNow(tenantCtxOf(req)),
  });
};
