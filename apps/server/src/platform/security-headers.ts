/**
 * The security headers of every reply (helmet's), computed once at start: with no CSP nonces they
 * depend on nothing in the request. @fastify/helmet built helmet's middleware anew for every request
 * (parsing the CSP directives each time), a tenth of the server's own work on a small reply.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet writes for `options`, as lower-case names and values. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  // Helmet's middleware is synchronous; a version that is not would leave the headers half written.
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/** Sets the headers on every reply, before routing (a 404 and an error reply carry them too). */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_req, reply, next) => {
    reply.headers(headers);
    next();
  });
}
