import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** SPEC §7 (documents). */
export const documentsRoutes: FastifyPluginAsyncZod = async () => {};
