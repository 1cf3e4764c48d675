import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** SPEC §7 (books). */
export const booksRoutes: FastifyPluginAsyncZod = async () => {};
