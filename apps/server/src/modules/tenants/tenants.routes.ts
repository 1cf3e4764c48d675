import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** SPEC §7 (tenants). */
export const tenantsRoutes: FastifyPluginAsyncZod = async () => {};
