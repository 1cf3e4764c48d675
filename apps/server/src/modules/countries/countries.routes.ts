import { countryList } from '@pruefbuch/domain/schemas/country';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../platform/auth';
import { listCountries } from './countries.service';

/** SPEC §7 (countries). */
export const countriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/country', {
    config: { access: 'session:any' },
    schema: { tags: ['countries'], response: { 200: countryList } },
    handler: (req) => {
      const ctx = ctxOf(req);
      return listCountries(ctx.db, ctx.lang);
    },
  });
};
