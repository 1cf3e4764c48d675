import { clientConfigReply } from '@pruefbuch/domain/schemas/client-config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appRelease } from '../../platform/error-tracking';

/** The browser's error-tracker settings (decision 034); read before anyone signs in, so public. */
export const clientconfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sentryDsn, env } = app.deps.config;
  app.get('/client-config', {
    config: { access: 'public' },
    schema: { tags: ['platform'], response: { 200: clientConfigReply } },
    handler: () => ({ sentryDsn: sentryDsn ?? null, release: appRelease(), environment: env }),
  });
};
