import type { ValidationErrorItem } from '../shared/error-shape.js';

/**
 * An error with an HTTP status and a `detail`, thrown by handlers and domain
 * adapters and rendered by the one error middleware as `{"detail": "..."}`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 500 | 501 | 503,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

/** A request that breaks a rule the schema cannot express; rendered as a 422 listing every item. */
export class ValidationFailure extends Error {
  constructor(readonly items: readonly ValidationErrorItem[]) {
    super(items.map((item) => `${item.loc.join('.')}: ${item.msg}`).join('; '));
    this.name = 'ValidationFailure';
  }

  static single(loc: ValidationErrorItem['loc'], msg: string, type = 'value_error'): ValidationFailure {
    return new ValidationFailure([{ loc, msg, type }]);
  }
}

export const notFound = (detail: string) => new ApiError(404, detail);
