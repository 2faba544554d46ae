import type { RouteFacts } from './route-facts.js';

export interface HeaderObject {
  description: string;
  required: boolean;
  schema: { type: 'integer'; minimum: 0 } | { type: 'string' };
  example: number | string;
}

export const HEADER_REF_PREFIX = '#/components/headers/';

const count = (description: string, example: number) => (required: boolean) =>
  ({ description, required, schema: { type: 'integer', minimum: 0 }, example }) satisfies HeaderObject;
const text = (description: string, example: string) => (required: boolean) =>
  ({ description, required, schema: { type: 'string' }, example }) satisfies HeaderObject;

/** Every header the API documents; all values of the counts are whole numbers (docs/api.md). */
const HEADERS = {
  'X-Request-Id': text(
    'Names this answer; equals meta.request_id where the body has one',
    '7e2743f5-97ac-48bd-8422-000000000001',
  ),
  'X-RateLimit-Limit': count('Requests per minute the key’s plan allows', 300),
  'X-RateLimit-Remaining': count('Requests left in the current 60-second sliding window', 287),
  'X-RateLimit-Reset': count(
    'Seconds until the sliding window frees a request (its oldest turns a minute old); 0 when it is empty',
    41,
  ),
  'X-Quota-Limit': count('Requests per billing period the key’s plan allows', 300000),
  'X-Quota-Remaining': count('Requests left in the current billing period', 251630),
  'X-Quota-Reset': count('Seconds until the billing period ends and the quota starts again', 583994),
  'Retry-After': count('Seconds to wait before retrying', 12),
  ETag: text(
    'Weak entity tag of the answer: send it back in If-None-Match',
    'W/"1.1795499376953-SlDHpIbQn6h5x7jyhw7qYr"',
  ),
  'WWW-Authenticate': text('How to authenticate (RFC 6750)', 'Bearer realm="touchline"'),
  Link: text(
    'RFC 8288 links to the next page (while meta.has_more) and the previous one (after the first): this ' +
      'request’s URL with page changed',
    '</api/v1/football/matches?limit=20&page=3>; rel="next", </api/v1/football/matches?limit=20&page=1>; rel="prev"',
  ),
} as const;

type Name = keyof typeof HEADERS;

/** components.headers: each header as an answer that always carries it declares it. */
export const HEADER_COMPONENTS = Object.fromEntries(
  Object.entries(HEADERS).map(([name, header]) => [name, header(true)]),
) as Record<Name, HeaderObject>;

const LIMITS: Name[] = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'X-Quota-Limit',
  'X-Quota-Remaining',
  'X-Quota-Reset',
];

/**
 * The headers an answer with `status` carries, and which of them it always carries. Admission writes the
 * limit headers on every request it counts, before validation and the route run: so on 200, 304, 400,
 * 404 and 429, never on the refusals of a key (401, 403), and on a 503 only when the database failed
 * after counting (a 503 of the request counters has none). Public routes count nothing.
 */
export function headersFor(
  status: string,
  route: RouteFacts,
): Record<string, HeaderObject | { $ref: string }> {
  const headers: Partial<Record<Name, HeaderObject | { $ref: string }>> = {};
  // Those always carried refer to components.headers; the others are spelt out, not required.
  const add = (names: Name[], required = true) => {
    for (const name of names)
      headers[name] = required ? { $ref: `${HEADER_REF_PREFIX}${name}` } : HEADERS[name](false);
  };
  add(['X-Request-Id']);
  if (!route.keyed) return headers;
  if (['200', '304', '400', '404', '429'].includes(status)) add(LIMITS);
  if (status === '503') add(LIMITS, false);
  if (status === '429' || status === '503') add(['Retry-After']);
  if (status === '401') add(['WWW-Authenticate']);
  if (route.conditional && (status === '200' || status === '304')) add(['ETag']);
  if (route.paged && status === '200') add(['Link'], false);
  return headers;
}
