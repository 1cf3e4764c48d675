import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** SPEC §7 (countries). */
export const countriesRoutes: FastifyPluginAsyncZod = async () => {};
