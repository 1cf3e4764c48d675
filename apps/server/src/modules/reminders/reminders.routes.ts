import {
  digestRunReply,
  icalFeedReply,
  icalParams,
  reminderSettingsSchema,
  reminderSettingsUpdate,
} from '@pruefbuch/domain/schemas/reminders';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userReminderSettings } from '../../db/schema/index';
import { ctxOf } from '../../platform/auth';
import { requireTenant } from '../../platform/context';
import { runDigest } from './reminders.digest';
import { feedOf, renewFeed, revokeFeed } from './reminders.ical';

const tags = ['reminders'];
/** Calendar apps poll every few minutes to hours; a guessed token is 256 bits, so this only limits load. */
const FEED_LIMIT = { max: 60, timeWindow: '1 minute' };

/** Reminders (decision 019): the user's digest switch and calendar feed, the feed itself, and a manual digest run. */
export const remindersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/reminders/settings', {
    config: { access: 'session:any' },
    schema: { tags, response: { 200: reminderSettingsSchema } },
    handler: async (req) => {
      const ctx = ctxOf(req);
      const [row] = await ctx.db
        .select()
        .from(userReminderSettings)
        .where(eq(userReminderSettings.userId, ctx.user.id));
      return {
        digest: row?.digest ?? true,
        ical: { active: Boolean(row?.icalTokenHash), createdAt: row?.icalCreatedAt?.toISOString() ?? null },
      };
    },
  });

  app.put('/reminders/settings', {
    config: { access: 'session:any' },
    schema: { tags, body: reminderSettingsUpdate, response: { 200: reminderSettingsSchema } },
    handler: async (req) => {
      const ctx = ctxOf(req);
      const [row] = await ctx.db
        .insert(userReminderSettings)
        .values({ userId: ctx.user.id, digest: req.body.digest })
        .onConflictDoUpdate({ target: userReminderSettings.userId, set: { digest: req.body.digest } })
        .returning();
      return {
        digest: row?.digest ?? req.body.digest,
        ical: { active: Boolean(row?.icalTokenHash), createdAt: row?.icalCreatedAt?.toISOString() ?? null },
      };
    },
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
    schema: { tags, params: icalParams, produces: ['text/calendar'] },
    handler: async (req, reply) => {
      const body = await feedOf(
        req.server.deps.database.db,
        req.params.token.slice(0, -'.ics'.length),
        req.server.deps.config.publicUrl,
      );
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(body);
    },
  });

  app.post('/reminders/digest/run', {
    config: { access: 'admin:dashboard' },
    schema: { tags, response: { 200: digestRunReply } },
    handler: async (req) => {
      const ctx = requireTenant(ctxOf(req));
      const { compared, changed, mails } = await runDigest(
        req.server.deps.database.db,
        {
          mailer: req.server.deps.mailer,
          publicUrl: req.server.deps.config.publicUrl,
        },
        ctx.tenantId,
      );
      return { compared, changed, mails };
    },
  });
};
