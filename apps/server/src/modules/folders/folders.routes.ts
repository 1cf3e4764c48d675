import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** SPEC §7 (folders). */
export const foldersRoutes: FastifyPluginAsyncZod = async () => {};
