import { STATUS_CODES } from 'node:http';
import { errorExample, type OperationParameters } from './error-examples.js';
import { capturedExample } from './examples/captured.js';
import { operationIdOf } from './operation-id.js';
import { HEADER_COMPONENTS, headersFor } from './response-headers.js';
import type { RouteFactBook, RouteFacts } from './route-facts.js';

interface MediaType {
  schema?: { $ref?: string };
  example?: unknown;
  examples?: unknown;
}
interface Response {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, MediaType>;
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: { default?: unknown; type?: string };
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  responses?: Record<string, Response>;
}
/** The parts of the generated OpenAPI object this completes. */
export interface OpenApiObject {
  paths?: Record<string, Record<string, Operation> | undefined>;
  components?: { schemas?: Record<string, { description?: string }>; headers?: Record<string, unknown> };
}

const ENVELOPE = 'ErrorEnvelope';
const ENVELOPE_REF = `#/components/schemas/${ENVELOPE}`;
const JSON_MEDIA = 'application/json';

const DESCRIPTIONS: Record<string, string> = {
  '304':
    'Not Modified: If-None-Match names the answer’s current ETag. No body. Counted against the ' +
    'per-minute limit, not the quota.',
  '400':
    'invalid_parameter: a parameter is malformed, out of range or unknown (details: parameter, reason, location).',
  '401':
    'invalid_api_key: the key is missing, malformed, unknown, revoked or expired (details.reason). ' +
    'WWW-Authenticate says how to authenticate.',
  '403':
    'subscription_inactive: the key’s subscription is inactive or its plan no longer offered. Retrying does not help.',
  '404':
    'not_found: no resource has this identifier (details.id), or a filter names one that does not exist ' +
    '(details.parameter, details.value). Do not retry.',
  '429':
    'rate_limit: the per-minute limit or the billing-period quota is used up (details.limit); retry after ' +
    'Retry-After seconds.',
  '503':
    'service_unavailable: the database or the request counters cannot serve now; retry after Retry-After ' +
    'seconds (5 for the database, 1 for the counters).',
};

/** What a route's description adds about keys, limits and caching, which its own schema does not say. */
function behaviourOf(route: RouteFacts): string {
  if (!route.keyed) return 'No key needed; counted against no limit or quota.';
  const counted = route.quota
    ? 'Counted against the key’s per-minute limit and its quota, 400 and 404 answers included'
    : 'Counted against the key’s per-minute limit only, never against its quota';
  const etag = route.conditional
    ? ' A 200 carries a weak ETag: send it back in If-None-Match to get 304 Not Modified, counted against ' +
      'the per-minute limit only.'
    : '';
  return (
    `Needs a key (Authorization: Bearer <key>). ${counted}; every counted answer carries X-RateLimit-* ` +
    `and X-Quota-* headers.${etag}`
  );
}

/**
 * The statuses an operation answers with: those its route declares, and on a keyed route those that
 * admission and validation can give any route (400 for any parameter it does not take, 401, 403, 429,
 * 503 when the counters or the database cannot answer), 404 for an identifier in its path, 304 where it
 * has ETags; 200 unless it declares another success (201, 204).
 */
function statusesOf(
  route: RouteFacts,
  declared: readonly string[],
  parameters: OperationParameters,
): string[] {
  const statuses = new Set(declared);
  if (route.keyed) {
    for (const status of ['400', '401', '403', '429', '503']) statuses.add(status);
    // A route that answers success with another 2xx (201 Created, 204 No Content) declares it instead.
    if (!declared.some((status) => status.startsWith('2'))) statuses.add('200');
    if (route.conditional) statuses.add('304');
    if (parameters.path.length > 0) statuses.add('404');
  }
  return [...statuses].sort();
}

function completeResponse(
  status: string,
  declared: Response | undefined,
  context: { path: string; route: RouteFacts; parameters: OperationParameters; envelopeText?: string },
): Response {
  const response: Response = declared ?? {
    description: '',
    ...(status !== '304' && { content: { [JSON_MEDIA]: { schema: { $ref: ENVELOPE_REF } } } }),
  };
  const media = response.content?.[JSON_MEDIA];
  const isError = media?.schema?.$ref === ENVELOPE_REF;
  if (['', 'Default Response', context.envelopeText].includes(response.description)) {
    const own = isError || !response.content ? DESCRIPTIONS[status] : undefined;
    response.description = own ?? STATUS_CODES[status] ?? status;
  }
  response.headers = { ...headersFor(status, context.route), ...response.headers };
  if (media && media.example === undefined && media.examples === undefined) {
    const example = isError
      ? errorExample(status, context.parameters)
      : capturedExample(context.path, status);
    if (example !== undefined) media.example = example;
  }
  return response;
}

/** A query parameter the server defaults is optional to the client, whatever its validation schema says. */
function completeParameters(operation: Operation, route: RouteFacts): void {
  const parameters = operation.parameters ?? [];
  for (const parameter of parameters) {
    if (parameter.in === 'query' && parameter.schema?.default !== undefined) parameter.required = false;
  }
  if (route.conditional && !parameters.some((p) => p.in === 'header' && /^if-none-match$/i.test(p.name))) {
    parameters.push({
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description: 'The ETag of an answer already held (one tag, a list, or *): a match answers 304.',
      schema: { type: 'string' },
    });
  }
  if (parameters.length > 0) operation.parameters = parameters;
}

/**
 * Completes the document @fastify/swagger generated from the route schemas with what a client generator
 * needs and the schemas do not hold, from each route's config (`facts`): operationIds, descriptions,
 * every status each operation can answer with its schema, headers and a real example, and query
 * parameters the server defaults marked optional. What a route declares itself is kept.
 */
export function completeDocument(
  document: OpenApiObject,
  facts: RouteFactBook,
  prefix: string,
): OpenApiObject {
  const envelopeText = document.components?.schemas?.[ENVELOPE]?.description;
  document.components = {
    ...document.components,
    headers: { ...HEADER_COMPONENTS, ...document.components?.headers },
  };
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      const route = facts.of(method, path);
      const parameters = {
        path: (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      };
      operation.operationId ??= operationIdOf(method, path, prefix);
      operation.description = [operation.description, behaviourOf(route)].filter(Boolean).join('\n\n');
      completeParameters(operation, route);
      const declared = operation.responses ?? {};
      const underPrefix = path.startsWith(prefix) ? path.slice(prefix.length) : path;
      const context = { path: underPrefix, route, parameters, envelopeText };
      operation.responses = Object.fromEntries(
        statusesOf(route, Object.keys(declared), parameters).map((status) => [
          status,
          completeResponse(status, declared[status], context),
        ]),
      );
    }
  }
  return document;
}
