import { translate } from '@pruefbuch/domain/locales/resources';
import type { ErrorDetail, ErrorReply } from '@pruefbuch/domain/schemas/common';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { requestLanguage } from './auth';
import { AppError } from './errors';

interface ZodLikeIssue {
  path?: (string | number)[];
  instancePath?: string;
  message: string;
  params?: {
    issue?: { path?: (string | number)[]; message?: string; code?: string; minimum?: number; maximum?: number };
  };
}

/** One error reply for everything: 400 with field details, 401/403/404/409/413/429, and 5xx without internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const lang = requestLanguage(req);
    const send = (statusCode: number, code: string, extra: Partial<ErrorReply> = {}) =>
      reply.status(statusCode).send({
        statusCode,
        code,
        message: translate(lang, `errors.${code}`, { minutes: Math.ceil((extra.retryAfterSeconds ?? 0) / 60) }),
        ...extra,
      } satisfies ErrorReply);

    if (err instanceof AppError) {
      if (err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
      const details = err.details?.map((d) => ({ ...d, message: translate(lang, d.key, d.params ?? {}) }));
      return send(err.statusCode, err.code, {
        ...(details ? { details } : {}),
        ...(err.retryAfterSeconds ? { retryAfterSeconds: err.retryAfterSeconds } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details: ErrorDetail[] = err.validation.map((v) => {
        const issue = (v as unknown as ZodLikeIssue).params?.issue;
        const field = (issue?.path ?? []).join('.') || (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
        const raw = issue?.message ?? v.message ?? '';
        const key = raw.startsWith('validation.') ? raw : genericKey(issue?.code);
        return {
          field: `${err.validationContext ?? 'body'}${field ? `.${field}` : ''}`.replace(/^body\./, ''),
          key,
          message: translate(lang, key),
        };
      });
      return send(400, 'VALIDATION', { details });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'reply does not match its schema');
      return send(500, 'INTERNAL');
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status === 413) return send(413, 'PAYLOAD_TOO_LARGE');
    if (status === 429) return send(429, 'RATE_LIMITED');
    if (status >= 400 && status < 500) {
      return send(status, status === 404 ? 'NOT_FOUND' : status === 401 ? 'UNAUTHENTICATED' : 'VALIDATION', {
        ...(status === 400 || status === 415
          ? { details: [{ field: 'body', key: 'validation.invalid', message: translate(lang, 'validation.invalid') }] }
          : {}),
      });
    }
    req.log.error({ err }, 'unexpected error');
    return send(500, 'INTERNAL');
  });

  app.setNotFoundHandler((req, reply) => {
    reply
      .status(404)
      .send({ statusCode: 404, code: 'NOT_FOUND', message: translate(requestLanguage(req), 'errors.NOT_FOUND') });
  });
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
