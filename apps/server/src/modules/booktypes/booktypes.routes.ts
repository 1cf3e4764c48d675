import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** SPEC §7 (booktypes). */
export const booktypesRoutes: FastifyPluginAsyncZod = async () => {};
