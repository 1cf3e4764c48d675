import type { DetailKey, ErrorCode } from '@pruefbuch/domain/error-codes';
import type { ErrorDetail } from '@pruefbuch/domain/schemas/common';

/**
 * The one error type of the server; the error handler turns it into the error reply. The code is
 * typed against the errors catalogue: a code without a German and English text does not compile.
 */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    public readonly statusCode: number,
    public readonly details?: ErrorDetail[],
    public readonly retryAfterSeconds?: number,
  ) {
    super(code);
  }
}

export const notFound = () => new AppError('NOT_FOUND', 404);
export const forbidden = () => new AppError('FORBIDDEN', 403);
export const unauthenticated = (code: ErrorCode = 'UNAUTHENTICATED') => new AppError(code, 401);
export const conflict = (code: ErrorCode = 'CONFLICT') => new AppError(code, 409);
/** A 400 naming one field and the i18n key of the reason. */
export const badField = (field: string, key: DetailKey, message: string = key) =>
  new AppError('VALIDATION', 400, [{ field, key, message }]);
