import type { FastifyServerOptions } from 'fastify';

/** Tokens travel in some paths and queries (reset keys, confirmation links): they never reach the log. */
export function redactUrl(url: string): string {
  return url
    .replace(/\/users\/(reset|confirmation|deactivate2fa)\/[^/?#]+/g, '/users/$1/[redacted]')
    .replace(/([?&](?:token|key|refreshToken)=)[^&#]*/g, '$1[redacted]');
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.refreshToken', '*.token'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}
