import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { redactUrl } from './logging';
import type { Metrics } from './metrics';

/** An incoming X-Request-Id is kept when it is a plain token (a proxy's or a client's id), else a new one is made. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(req: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The route pattern (/api/v1/books/:id), so parameter values stay out of logs and metric labels. */
const routeOf = (req: FastifyRequest) => req.routeOptions?.url ?? (req.is404 ? '(unmatched)' : redactUrl(req.url));

/**
 * One log line per request, at its end (method, route, status, duration; the request id is on every
 * line of the request through Fastify's child logger), the id echoed in X-Request-Id, and the
 * request counted in the metrics.
 */
export function registerRequestLog(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.addHook('onResponse', async (req, reply) => {
    const seconds = reply.elapsedTime / 1000;
    const route = routeOf(req);
    metrics.observe(req.method, route, reply.statusCode, seconds);
    const line = { method: req.method, route, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (reply.statusCode >= 500) req.log.error(line, 'request');
    else req.log.info(line, 'request');
  });
}
