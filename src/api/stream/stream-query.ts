import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { findCompetition } from '../../storage/repositories/competition.repository.js';
import { findMatch } from '../../storage/repositories/match.repository.js';
import type { Storage } from '../../storage/connection.js';
import type { StreamFilter } from '../../stream/live-event.js';
import { MAX_TOKEN_LENGTH } from '../../stream/stream-token.js';
import { invalidParameter, notFound } from '../errors/catalogue.js';
import { IdString } from '../schemas/ids.js';

const FilterQuery = {
  match_id: Type.Optional(IdString('match_', 'Only the events of this match')),
  competition_id: Type.Optional(
    IdString('comp_', 'Only the events of this competition’s matches (not with match_id)'),
  ),
};

/** The largest event ID taken: event IDs are the log's integers, far below this. */
const MAX_EVENT_ID = Number.MAX_SAFE_INTEGER;

export const StreamQuery = Type.Object(
  {
    ...FilterQuery,
    last_event_id: Type.Optional(
      Type.String({
        pattern: '^[0-9]{1,16}$',
        description:
          'Resume after this event ID, for a client that cannot send the Last-Event-ID header (a new ' +
          'EventSource); the header wins when both are sent.',
      }),
    ),
    token: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: MAX_TOKEN_LENGTH,
        description:
          'A stream token from POST /football/live/stream-tokens, for clients that cannot send the ' +
          'Authorization header (browser EventSource). Never put the API key in a URL.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const StreamTokenQuery = Type.Object(FilterQuery, { additionalProperties: false });

export interface FilterQueryValues {
  match_id?: string;
  competition_id?: string;
}

/** The filter a query names; 400 when it names both a match and a competition. */
export function filterOf(query: FilterQueryValues): StreamFilter {
  if (query.match_id !== undefined && query.competition_id !== undefined) {
    throw invalidParameter('competition_id', 'give match_id or competition_id, not both');
  }
  if (query.match_id !== undefined) return { matchId: query.match_id };
  if (query.competition_id !== undefined) return { competitionId: query.competition_id };
  return {};
}

/** The filter as a request's raw query names it, before validation (to compare with a token's). */
export function rawFilterOf(query: unknown): StreamFilter {
  const q = (query ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return { matchId: text(q.match_id), competitionId: text(q.competition_id) };
}

/** 404 for a filter naming a match or competition that does not exist. */
export async function checkFilterExists(storage: Storage, filter: StreamFilter): Promise<void> {
  if (filter.matchId !== undefined && !(await findMatch(storage, filter.matchId))) {
    throw notFound('Match', filter.matchId, 'match_id');
  }
  if (filter.competitionId !== undefined && !(await findCompetition(storage, filter.competitionId))) {
    throw notFound('Competition', filter.competitionId, 'competition_id');
  }
}

/**
 * The event ID a stream resumes after: the Last-Event-ID header (what EventSource sends when it
 * reconnects), else the last_event_id parameter; undefined for a new stream. 400 when malformed.
 */
export function resumeAfter(request: FastifyRequest): number | undefined {
  const header = request.headers['last-event-id'];
  if (header !== undefined) {
    const text = String(header).trim();
    // EventSource sends the last ID it received, or an empty one before any: a new stream.
    if (text === '') return undefined;
    const id = /^[0-9]{1,16}$/.test(text) ? Number(text) : Number.NaN;
    if (!(id <= MAX_EVENT_ID)) throw invalidParameter('Last-Event-ID', 'must be an event ID this API sent');
    return id;
  }
  const given = (request.query as { last_event_id?: string }).last_event_id;
  return given === undefined ? undefined : Number(given);
}
