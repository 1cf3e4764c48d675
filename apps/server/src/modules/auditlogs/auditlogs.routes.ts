import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** SPEC §7 (auditlogs). */
export const auditlogsRoutes: FastifyPluginAsyncZod = async () => {};
