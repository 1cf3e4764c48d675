import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { APP_VERSION } from '@pruefbuch/domain/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthReply = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.boolean(),
  /** Id of the deployed web build; the browser compares it with its own to offer an update. */
  build: z.string().nullable(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const buildFile = path.join(app.deps.config.webDistDir, 'build.json');
  app.get('/health', {
    config: { access: 'public' },
    schema: { tags: ['platform'], response: { 200: healthReply, 503: healthReply } },
    handler: async (_req, reply) => {
      const database = await app.deps.database.ping();
      const build = await readFile(buildFile, 'utf8')
        .then((s) => String(JSON.parse(s).build ?? '') || null)
        .catch(() => null);
      return reply
        .status(database ? 200 : 503)
        .send({ status: database ? 'ok' : 'degraded', version: APP_VERSION, database, build });
    },
  });
};
