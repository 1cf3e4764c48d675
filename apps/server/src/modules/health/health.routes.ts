import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { APP_VERSION } from '@pruefbuch/domain/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { migrationsCurrent } from '../../db/client';
import { appRelease } from '../../platform/error-tracking';
import { isDirectLocalRequest, sameSecret } from '../../platform/local-request';
import { withTimeout } from './health.checks';

const healthReply = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  /** pruefbuch@<version>+<commit>: what runs, as the error tracker names it. */
  release: z.string(),
  /** The database as last seen by the background check: /health itself never waits for the pool. */
  database: z.boolean(),
  /** Id of the deployed web build; the browser compares it with its own to offer an update. */
  build: z.string().nullable(),
});

const readyReply = z.object({
  ready: z.boolean(),
  checks: z.object({ database: z.boolean(), migrations: z.boolean(), files: z.boolean(), accepting: z.boolean() }),
});

/** Longest wait of /ready for each dependency. */
const CHECK_TIMEOUT_MS = 2_000;

/**
 * /health: the process is alive (a load balancer's liveness probe; answers at once, even with the
 * pool exhausted). /ready: it can serve (database, migrations, file store, not draining).
 * /metrics: Prometheus text, for the loopback address or a bearer METRICS_TOKEN only.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const buildFile = path.join(deps.config.webDistDir, 'build.json');
  let build: string | null | undefined;

  app.get('/health', {
    config: { access: 'public' },
    schema: { tags: ['platform'], response: { 200: healthReply } },
    handler: async () => {
      build ??= await readFile(buildFile, 'utf8')
        .then((s) => String(JSON.parse(s).build ?? '') || null)
        .catch(() => null);
      const database = deps.lifecycle.databaseSeen;
      const status = database ? ('ok' as const) : ('degraded' as const);
      return { status, version: APP_VERSION, release: appRelease(), database, build };
    },
  });

  app.get('/ready', {
    config: { access: 'public' },
    schema: { tags: ['platform'], response: { 200: readyReply, 503: readyReply } },
    handler: async (_req, reply) => {
      const [database, migrations, files] = await Promise.all([
        withTimeout(deps.database.ping(), CHECK_TIMEOUT_MS),
        withTimeout(migrationsCurrent(deps.database.db), CHECK_TIMEOUT_MS),
        withTimeout(
          deps.files.ping().then(() => true),
          CHECK_TIMEOUT_MS,
        ),
      ]);
      const accepting = !deps.lifecycle.draining;
      const ready = database && migrations && files && accepting;
      return reply.status(ready ? 200 : 503).send({ ready, checks: { database, migrations, files, accepting } });
    },
  });

  app.get('/metrics', {
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (req, reply) => {
      const token = deps.config.metricsToken;
      const allowed = token ? sameSecret(req.headers.authorization, `Bearer ${token}`) : isDirectLocalRequest(req);
      if (!allowed) return reply.status(404).send({ code: 'NOT_FOUND' });
      return reply.type(deps.metrics.contentType).send(await deps.metrics.text());
    },
  });
};
