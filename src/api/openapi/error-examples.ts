import { MAX_CALENDAR_TOKENS } from '../../auth/calendar-tokens.js';
import type { LimitDecision } from '../../limits/limit-store.js';
import { limitedError, refusalError } from '../errors/admission-errors.js';
import { ApiError, errorEnvelope, notFound } from '../errors/catalogue.js';
import { ID_PARAMETERS } from '../schemas/ids.js';

/** The parameters of an operation, by where they are sent. */
export interface OperationParameters {
  path: readonly string[];
  query: readonly string[];
}

/** A well-formed identifier that names nothing. */
const UNKNOWN_TOKEN = '4x7k2m9q8w1z5v3n';

const A_MINUTE_USED_UP: LimitDecision = {
  allowed: false,
  exceeded: 'rate',
  rateLimit: 300,
  rateRemaining: 0,
  rateResetSeconds: 12,
  rateUsed: 300,
  quotaLimit: 300_000,
  quotaRemaining: 251_630,
  quotaUsed: 48_370,
  quotaResetSeconds: 583_994,
  retryAfterSeconds: 12,
};

function unknownIdentifier({ path, query }: OperationParameters): ApiError {
  const known = (name: string) => name in ID_PARAMETERS;
  // The last one: the resource the route is about (a season, not its competition).
  const inPath = [...path].reverse().find(known) as keyof typeof ID_PARAMETERS | undefined;
  if (inPath) {
    const { prefix, resource } = ID_PARAMETERS[inPath];
    return notFound(resource, `${prefix}${UNKNOWN_TOKEN}`);
  }
  const filter = query.find(known) as keyof typeof ID_PARAMETERS | undefined;
  if (filter) {
    const { prefix, resource } = ID_PARAMETERS[filter];
    return notFound(resource, `${prefix}${UNKNOWN_TOKEN}`, filter);
  }
  return new ApiError('not_found', 'No route GET /api/v1/football/team', {});
}

/**
 * The error envelope an operation answers with `status`, made by the functions that make the real
 * answers: the same codes, messages and details. Undefined for a status that has no error envelope.
 */
export function errorExample(status: string, parameters: OperationParameters): unknown {
  const error = (() => {
    switch (status) {
      case '400':
        // The mistake every route can see: a parameter it does not take (here, a misspelt `limit`).
        return new ApiError('invalid_parameter', 'page_size: unknown querystring parameter', {
          parameter: 'page_size',
          reason: 'unknown parameter',
          location: 'querystring',
        });
      case '401':
        return refusalError('missing');
      case '403':
        return refusalError('inactive');
      case '404':
        return unknownIdentifier(parameters);
      case '409':
        // The one conflict there is: a key's calendar tokens beyond the cap (routes/calendar.ts).
        return new ApiError(
          'conflict',
          `This key holds ${MAX_CALENDAR_TOKENS} calendar tokens already: revoke one first.`,
          { reason: 'calendar_token_limit', limit: MAX_CALENDAR_TOKENS },
        );
      case '429':
        return limitedError(A_MINUTE_USED_UP);
      case '503':
        return new ApiError('service_unavailable', 'The database cannot be reached; try again shortly.', {
          request_id: '7e2743f5-97ac-48bd-8422-00000000002a',
        });
      default:
        return undefined;
    }
  })();
  return error && errorEnvelope(error);
}
