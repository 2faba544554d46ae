import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ERROR_CATALOGUE, type ErrorCode } from '../errors/catalogue.js';
import { isStorageUnavailable } from '../storage-faults.js';

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

function describeValidation(error: FastifyError): ApiError {
  const issue = (error.validation as ValidationIssue[] | undefined)?.[0];
  const location = error.validationContext ?? 'request';
  if (!issue) return new ApiError('invalid_parameter', error.message, { location });
  if (issue.keyword === 'additionalProperties') {
    const parameter = String(issue.params.additionalProperty);
    return new ApiError('invalid_parameter', `${parameter}: unknown ${location} parameter`, {
      parameter,
      reason: 'unknown parameter',
      location,
    });
  }
  const parameter = issue.instancePath.replace(/^\//, '') || String(issue.params.missingProperty ?? location);
  const reason = issue.message ?? 'is invalid';
  return new ApiError('invalid_parameter', `${parameter}: ${reason}`, { parameter, reason, location });
}

/** The body of every error answer: the spec's envelope. */
export function errorEnvelope(error: ApiError) {
  return { error: { code: error.code, message: error.message, details: error.details } };
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(errorEnvelope(error));
}

function toApiError(error: FastifyError, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  if (error.validation) return describeValidation(error);
  if (isStorageUnavailable(error)) {
    return new ApiError(
      'service_unavailable',
      'The database is unavailable; try again shortly.',
      {
        request_id: request.id,
      },
      { 'retry-after': '5' },
    );
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = (Object.entries(ERROR_CATALOGUE).find(([, s]) => s === status)?.[0] ??
      'invalid_parameter') as ErrorCode;
    return new ApiError(code, error.message, {});
  }
  return new ApiError('internal_error', 'An internal error occurred.', { request_id: request.id });
}

/** One envelope for every error: validation, unknown paths, faults; internals are logged, never sent. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error, request);
    if (apiError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(reply, apiError);
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(
      reply,
      new ApiError('not_found', `No route ${request.method} ${request.url.split('?')[0]}`, {}),
    ),
  );
}
