import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyServerOptions } from 'fastify';

/**
 * The path of a request as the log shows it: never the query (search terms, e-mail addresses,
 * tokens) and never a token in the path (reset keys, confirmation links).
 */
export function redactUrl(url: string): string {
  const path = url.replace(/[?#].*$/s, '');
  return path.replace(/\/users\/(reset|confirmation|deactivate2fa)\/[^/]+/g, '/users/$1/[redacted]');
}

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  routeOptions?: { url?: string };
}

/** A matched route is logged as its pattern (/api/v1/books/:id), so parameter values stay out. */
const requestSerializer = (req: LoggedRequest) => ({
  method: req.method,
  url: req.routeOptions?.url ?? redactUrl(req.url),
  ip: req.ip,
});

interface LoggedError extends Error {
  code?: unknown;
  statusCode?: unknown;
  severity?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
}

/**
 * Errors are logged by a fixed set of fields. Database errors carry the failed values in their
 * own fields (Drizzle's params, PostgreSQL's detail) and sometimes in the message; those are
 * left out, so an error log never holds a request's personal data, and so is the failed
 * statement (decision 035).
 */
export function errorSerializer(err: Error): SerializedError {
  return serializeError(err, 0);
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function serializeError(err: unknown, depth: number): SerializedError {
  if (!(err instanceof Error)) return { type: typeof err, message: '[not an Error]', stack: '' };
  const e = err as LoggedError;
  const type = e.constructor?.name ?? e.name;
  const frames = (e.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  return {
    type,
    message: safeMessage(e),
    ...(typeof e.code === 'string' || typeof e.code === 'number' ? { code: e.code } : {}),
    ...(typeof e.statusCode === 'number' ? { statusCode: e.statusCode } : {}),
    ...(typeof e.constraint === 'string' ? { constraint: e.constraint } : {}),
    ...(typeof e.table === 'string' ? { table: e.table } : {}),
    ...(typeof e.column === 'string' ? { column: e.column } : {}),
    stack: `${type}\n${frames}`,
    ...(e.cause !== undefined && depth < 3 ? { cause: serializeError(e.cause, depth + 1) } : {}),
  };
}

/** What is left of Drizzle's 'Failed query: <sql>\nparams: <values>' in a log line. */
export const FAILED_QUERY = 'Failed query';

function safeMessage(e: LoggedError): string {
  // Neither the statement (long, the schema's shape, literals written into it) nor its values: the
  // cause that follows carries PostgreSQL's code, constraint, table and column.
  if (e instanceof DrizzleQueryError || e.message.startsWith(`${FAILED_QUERY}: `)) return FAILED_QUERY;
  const withoutParams = e.message.split('\nparams:', 1)[0] ?? '';
  // PostgreSQL quotes the refused value at the end: 'invalid input syntax for type uuid: "…"'.
  return e.severity !== undefined ? withoutParams.replace(/: ".*"$/s, ': [redacted]') : withoutParams;
}

/** Where log lines go; tests pass a collector, production writes to stdout. */
export interface LogStream {
  write(line: string): void;
}

export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.refreshToken', '*.token'],
      censor: '[redacted]',
    },
    serializers: { req: requestSerializer, err: errorSerializer },
  };
}
