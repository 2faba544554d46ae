/** Every error code the API answers with, and its HTTP status. */
export const ERROR_CATALOGUE = {
  invalid_parameter: 400,
  malformed_request: 400,
  invalid_api_key: 401,
  subscription_inactive: 403,
  not_found: 404,
  method_not_allowed: 405,
  not_acceptable: 406,
  conflict: 409,
  request_timeout: 408,
  rate_limit: 429,
  headers_too_large: 431,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export class ApiError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.statusCode = ERROR_CATALOGUE[code];
  }
}

export function notFound(what: string, id: string, parameter?: string): ApiError {
  return new ApiError(
    'not_found',
    `${what} ${id} does not exist`,
    parameter ? { parameter, value: id } : { id },
  );
}

export function invalidParameter(parameter: string, reason: string): ApiError {
  return new ApiError('invalid_parameter', `${parameter}: ${reason}`, { parameter, reason });
}

/** The body of every error answer: the spec's envelope. */
export function errorEnvelope(error: ApiError) {
  return { error: { code: error.code, message: error.message, details: error.details } };
}
