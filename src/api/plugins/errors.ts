import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { LimitsUnavailableError } from '../../limits/limits-unavailable.js';
import type { FailureStreaks } from '../../logging/failure-streaks.js';
import { ApiError, ERROR_CATALOGUE, errorEnvelope, type ErrorCode } from '../errors/catalogue.js';
import { NO_CONTROL_CHARACTERS } from '../schemas/common.js';
import { resourceNamed } from '../schemas/ids.js';
import { isPoolExhausted, isStorageUnavailable } from '../storage-faults.js';

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** The q parameter's pattern, so that one definition says what a control character is. */
const FREE_OF_CONTROL_CHARACTERS = new RegExp(NO_CONTROL_CHARACTERS, 'u');

function controlCharacterIn(parameter: string, location: string): ApiError {
  const reason = 'must not contain control characters';
  return new ApiError('invalid_parameter', `${parameter}: ${reason}`, { parameter, reason, location });
}

function describeValidation(error: FastifyError, request: FastifyRequest): ApiError {
  const issue = (error.validation as ValidationIssue[] | undefined)?.[0];
  const location = error.validationContext ?? 'request';
  if (!issue) return new ApiError('invalid_parameter', error.message, { location });
  const parameter = issue.instancePath.replace(/^\//, '') || String(issue.params.missingProperty ?? location);
  // An identifier of the wrong shape in a path names nothing that exists (docs/api.md).
  const resource = location === 'params' ? resourceNamed(parameter) : undefined;
  if (resource) {
    const id = String((request.params as Record<string, unknown>)[parameter]);
    // Unless it holds a character no identifier or name can hold (a NUL byte, say): that is bad input.
    if (!FREE_OF_CONTROL_CHARACTERS.test(id)) return controlCharacterIn(parameter, location);
    return new ApiError('not_found', `${resource} ${id} does not exist`, { id });
  }
  if (issue.keyword === 'pattern' && issue.params.pattern === NO_CONTROL_CHARACTERS) {
    return controlCharacterIn(parameter, location);
  }
  if (issue.keyword === 'additionalProperties') {
    const unknown = String(issue.params.additionalProperty);
    return new ApiError('invalid_parameter', `${unknown}: unknown ${location} parameter`, {
      parameter: unknown,
      reason: 'unknown parameter',
      location,
    });
  }
  const reason = issue.message ?? 'is invalid';
  return new ApiError('invalid_parameter', `${parameter}: ${reason}`, { parameter, reason, location });
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(errorEnvelope(error));
}

function unavailable(what: string, request: FastifyRequest, retryAfter: number): ApiError {
  return new ApiError(
    'service_unavailable',
    `The ${what} cannot be reached; try again shortly.`,
    { request_id: request.id },
    { 'retry-after': String(retryAfter) },
  );
}

/** Every database connection of this process was in use for as long as a query may wait for one. */
const BUSY_MESSAGE =
  'The server is too busy to read the database now (every connection in use); try again shortly.';

function busy(request: FastifyRequest): ApiError {
  return new ApiError(
    'service_unavailable',
    BUSY_MESSAGE,
    { request_id: request.id },
    { 'retry-after': '1' },
  );
}

function toApiError(error: FastifyError, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  if (error.validation) return describeValidation(error, request);
  // Before the outages: every connection in use is a busy server, with the database well.
  if (isPoolExhausted(error)) return busy(request);
  if (isStorageUnavailable(error)) return unavailable('database', request, 5);
  if (error instanceof LimitsUnavailableError) return unavailable('request counters', request, 1);
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = (Object.entries(ERROR_CATALOGUE).find(([, s]) => s === status)?.[0] ??
      'invalid_parameter') as ErrorCode;
    return new ApiError(code, error.message, {});
  }
  return new ApiError('internal_error', 'An internal error occurred.', { request_id: request.id });
}

/** What a failure is, for logging it once per streak: outages by what is down, faults by their error. */
function failureKind(apiError: ApiError, error: FastifyError): string {
  if (apiError.code === 'service_unavailable') return apiError.message;
  return `${error.name}: ${error.code ?? ''} ${String(error.message).slice(0, 200)}`;
}

/**
 * The methods Fastify's router answers for `target` (a request's path and query), in the order routes
 * were first declared with them: asked of the router itself, method by method, so that a 405 names
 * exactly what a request would be routed by. `methods` are those the app's routes are declared with.
 */
function allowedMethods(app: FastifyInstance, methods: ReadonlySet<string>, target: string): string[] {
  const allowed: string[] = [];
  for (const method of methods) {
    try {
      if (app.findRoute({ method: method as HTTPMethods, url: target })) allowed.push(method);
    } catch {
      // A target the router cannot decode has no route by any method.
    }
  }
  return allowed;
}

/**
 * One envelope for every error: validation, unknown paths (404, or 405 with Allow for a path that
 * exists with other methods), faults. Internals are never sent; faults are logged once per streak.
 */
export function registerErrorHandling(app: FastifyInstance, streaks: FailureStreaks): void {
  // Every method a route is declared with, but CORS's catch-all preflight route, which is no resource.
  const methods = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (route.url !== '*') for (const method of [route.method].flat()) methods.add(method);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error, request);
    if (apiError.statusCode >= 500) {
      streaks.failed(
        failureKind(apiError, error),
        `requests failed with ${apiError.statusCode} ${apiError.code}`,
        error,
      );
    }
    return sendError(reply, apiError);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const allowed = allowedMethods(app, methods, request.url);
    // A route that answers this method and found nothing (a static file that is not there) is a 404.
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      reply.header('allow', allowed.join(', '));
      return sendError(
        reply,
        new ApiError('method_not_allowed', `${request.method} is not allowed on ${path}`, {
          method: request.method,
          allowed,
        }),
      );
    }
    return sendError(reply, new ApiError('not_found', `No route ${request.method} ${path}`, {}));
  });
}
