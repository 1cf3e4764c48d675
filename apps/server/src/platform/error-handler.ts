import { type ErrorCode, isKnownKey } from '@pruefbuch/domain/error-codes';
import { type Language, translate } from '@pruefbuch/domain/locales/resources';
import type { ErrorDetail, ErrorReply } from '@pruefbuch/domain/schemas/common';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { requestLanguage } from './auth';
import { reportRequestError } from './error-tracking';
import { AppError } from './errors';
import { invalidCharacters } from './input-guard';

interface ZodLikeIssue {
  path?: (string | number)[];
  instancePath?: string;
  message: string;
  params?: {
    issue?: { path?: (string | number)[]; message?: string; code?: string; minimum?: number; maximum?: number };
  };
}

/** The error reply in one language: the message is always the catalogue's text, never a raw key or path. */
function errorReply(lang: Language, statusCode: number, error: AppError): ErrorReply {
  const params = Object.fromEntries((error.details ?? []).flatMap((d) => Object.entries(d.params ?? {})));
  const minutes = Math.ceil((error.retryAfterSeconds ?? 0) / 60);
  return {
    statusCode,
    code: error.code,
    message: translate(lang, `errors.${error.code}`, { minutes, ...params }),
    ...(error.details
      ? {
          details: error.details.map((d) => {
            // A Zod message that is not a catalogue key must not reach a screen as it is.
            const key = isKnownKey(d.key) ? d.key : 'validation.invalid';
            return { ...d, key, message: translate(lang, key, d.params ?? {}) };
          }),
        }
      : {}),
    ...(error.retryAfterSeconds ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
  };
}

/** A 5xx reply's error (`cause`: what went wrong behind it) goes to the error tracker; 4xx replies are the client's. */
const sendError = (req: FastifyRequest, reply: FastifyReply, error: AppError, cause: unknown = error) => {
  if (error.statusCode >= 500) reportRequestError(cause, req);
  if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.status(error.statusCode).send(errorReply(requestLanguage(req), error.statusCode, error));
};

const bodyDetail = (code: ErrorCode): ErrorDetail[] => [{ field: 'body', key: `errors.${code}`, message: code }];

/**
 * Fastify's and its plugins' own errors (parsers, limits, router) as app errors: their messages
 * are English and may quote the request path, so only the status and the code are kept.
 */
function frameworkError(err: FastifyError): AppError | null {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('BODY_TOO_LARGE', 413);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 415);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('INVALID_JSON', 400, bodyDetail('INVALID_JSON'));
    case 'FST_ERR_BAD_URL':
      return invalidCharacters('url');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('URI_TOO_LONG', 414);
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError('UPLOAD_INCOMPLETE', 400, bodyDetail('UPLOAD_INCOMPLETE'));
  }
  const status = err.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  const byStatus: Partial<Record<number, ErrorCode>> = {
    401: 'UNAUTHENTICATED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    413: 'PAYLOAD_TOO_LARGE',
    414: 'URI_TOO_LONG',
    415: 'UNSUPPORTED_MEDIA_TYPE',
    429: 'RATE_LIMITED',
  };
  return new AppError(byStatus[status] ?? 'BAD_REQUEST', status);
}

/**
 * PostgreSQL data exceptions caused by a value the checks before let through (a NUL in a
 * multipart field, an impossible date): the request is wrong, not the server. The transaction
 * they happen in is rolled back, so nothing is half written.
 */
function databaseRefusal(err: unknown): AppError | null {
  for (let e: unknown = err, i = 0; e instanceof Error && i < 4; e = e.cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return invalidCharacters('');
    if (code === '22007' || code === '22008') return new AppError('BAD_REQUEST', 400);
  }
  return null;
}

/** One error reply for everything: 400 with field details, 401/403/404/409/413/429, and 5xx without internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) return sendError(req, reply, err);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details: ErrorDetail[] = err.validation.map((v) => {
        const issue = (v as unknown as ZodLikeIssue).params?.issue;
        const field = (issue?.path ?? []).join('.') || (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
        const raw = issue?.message ?? v.message ?? '';
        const key = raw.startsWith('validation.') ? raw : genericKey(issue?.code);
        return {
          field: `${err.validationContext ?? 'body'}${field ? `.${field}` : ''}`.replace(/^body\./, ''),
          key,
          message: key,
        };
      });
      return sendError(req, reply, new AppError('VALIDATION', 400, details));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'reply does not match its schema');
      return sendError(req, reply, new AppError('INTERNAL', 500), err);
    }
    const framework = frameworkError(err);
    if (framework) return sendError(req, reply, framework);
    const refused = databaseRefusal(err);
    if (refused) {
      req.log.warn({ err }, 'database refused a value');
      return sendError(req, reply, refused);
    }
    req.log.error({ err }, 'unexpected error');
    return sendError(req, reply, new AppError('INTERNAL', 500), err);
  });

  app.setNotFoundHandler((req, reply) => sendError(req, reply, new AppError('NOT_FOUND', 404)));
}

/** Fastify's frameworkErrors option: the router's refusals (bad encoding, over-long parameter) before any route runs. */
export function frameworkErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  return sendError(req, reply, frameworkError(err) ?? new AppError('BAD_REQUEST', 400));
}

function genericKey(code?: string): string {
  switch (code) {
    case 'too_big':
      return 'validation.max';
    case 'too_small':
      return 'validation.min';
    case 'invalid_type':
      return 'validation.required';
    default:
      return 'validation.invalid';
  }
}
