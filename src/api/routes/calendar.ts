import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Admission } from '../../auth/admission.js';
import { issueCalendarToken, MAX_CALENDAR_TOKENS, MAX_LABEL_LENGTH } from '../../auth/calendar-tokens.js';
import { then, type Maybe } from '../../storage/maybe.js';
import { MATCH_HOURS } from '../../representation/match-calendar.js';
import {
  insertCalendarToken,
  listCalendarTokens,
  revokeCalendarToken,
  type CalendarTokenRow,
} from '../../storage/repositories/calendar-token.repository.js';
import { ID_PREFIXES, idStart } from '../../vocabulary/id-prefixes.js';
import {
  competitionFeed,
  FEED_COMPETITION_CAP,
  FEED_PAST_DAYS,
  FEED_TEAM_CAP,
  teamFeed,
  type Feed,
} from '../calendar/calendar-feeds.js';
import { calendarTokenIdentity } from '../calendar/calendar-token-identity.js';
import { ApiError, notFound } from '../errors/catalogue.js';
import type { RouteDeps } from '../route-context.js';
import { errorResponses, Nullable } from '../schemas/common.js';
import { IdParams, IdString } from '../schemas/ids.js';

const tags = ['calendar'];
export const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

const TokenFields = {
  id: Type.String({ pattern: '^ctk_[A-Za-z0-9]+$', description: 'The token’s identifier (not the secret)' }),
  label: Nullable(Type.String({ description: 'What the key holder called it (“My phone”)' })),
  prefix: Type.String({ description: 'The token’s first characters, to tell tokens apart' }),
  created_at: Type.String({ format: 'date-time' }),
};
const CalendarToken = Type.Object(TokenFields, { $id: 'CalendarToken' });
const CreatedCalendarToken = Type.Object(
  {
    data: Type.Object({
      ...TokenFields,
      token: Type.String({
        pattern: '^cal_[A-Za-z0-9]{32}$',
        description: 'The secret, shown this once: add it to a feed’s URL as ?token=',
      }),
    }),
  },
  { $id: 'CreatedCalendarToken' },
);
const CalendarTokenList = Type.Object({ data: Type.Array(Type.Ref(CalendarToken)) });

const TokenQuery = {
  token: Type.Optional(
    Type.String({
      maxLength: 64,
      description: 'A calendar token (POST /football/calendar-tokens), for apps that cannot send a key',
    }),
  ),
};

const CALENDAR_RESPONSE = {
  description: 'The feed (RFC 5545 iCalendar), one VEVENT per match.',
  content: {
    'text/calendar': {
      schema: { type: 'string' },
      example:
        'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Touchline//calendar-feed//EN\r\nMETHOD:PUBLISH\r\n' +
        'BEGIN:VEVENT\r\nUID:match_0123456789abcdef@touchline\r\nSEQUENCE:1\r\nDTSTAMP:20221219T000000Z\r\n' +
        'DTSTART:20221218T150000Z\r\nDTEND:20221218T170000Z\r\n' +
        'SUMMARY:Argentina 3–3 France (4–2 pens)\r\nLOCATION:Lusail Stadium\\, Lusail\\, Qatar\r\n' +
        'STATUS:CONFIRMED\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
    },
  },
};

const NOT_MODIFIED = Type.Null({
  description: 'Not Modified: the feed is the one whose ETag If-None-Match names (counted as a request).',
});

const FEED_DESCRIPTION =
  `An iCalendar feed (RFC 5545) to subscribe to from a calendar app: one event per match, its UID ` +
  `<match_id>@touchline forever, SEQUENCE raised whenever its kick-off, venue or status changes. A ` +
  `kick-off with a time is a ${MATCH_HOURS} h event in UTC, a date-only one an all-day event; a canceled match is ` +
  `STATUS:CANCELLED, a postponed one TENTATIVE; a finished match shows its score in the summary. ` +
  `Authenticated by the API key (Authorization header) or, for calendar apps, by a calendar token as ` +
  `?token= (POST /football/calendar-tokens), counted against its key’s limits and quota as any request. ` +
  `Each answer carries an ETag made from the feed’s text: If-None-Match with it answers 304 (counted as ` +
  `a request, the feed being built to know it). Cache-Control: private, no-cache. See docs/api.md, ` +
  `"Calendar feeds".`;

/** `feed` sent as text/calendar with its ETag, or 304 when the client holds it. */
function sendFeed(request: FastifyRequest, reply: FastifyReply, feed: Feed): FastifyReply {
  reply.header('etag', feed.etag).header('cache-control', 'private, no-cache');
  const held = request.headers['if-none-match'];
  if (
    held &&
    held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === feed.etag || tag.trim() === '*')
  ) {
    return reply.code(304).send();
  }
  let text = feed.text;
  if (!text.endsWith('\r\n')) text += '\r\n';
  return reply
    .type(CALENDAR_TYPE)
    .serializer((payload) => payload as string)
    .send(text);
}

const tokenView = (row: CalendarTokenRow) => ({
  id: row.id,
  label: row.label,
  prefix: row.prefix,
  created_at: row.created_at,
});

export interface CalendarDeps extends RouteDeps {
  admission: Admission;
}

/**
 * Calendar feeds of a team's or a competition's matches, and the calendar tokens calendar apps open
 * them with (an app subscribes to a URL and cannot send an Authorization header). Decisions are in
 * docs/api.md, "Calendar feeds".
 */
export const calendarRoutes: FastifyPluginAsyncTypebox<CalendarDeps> = async (app, deps) => {
  const { storage, db, admission } = deps;
  app.addSchema(CalendarToken);
  const identify = calendarTokenIdentity(admission, storage);
  const answer = (request: FastifyRequest, reply: FastifyReply, feed: Maybe<Feed>) =>
    then(feed, (f) => sendFeed(request, reply, f));

  app.post(
    '/football/calendar-tokens',
    {
      schema: {
        summary: 'A calendar token, for calendar apps to subscribe to the feeds with',
        description:
          `The token is shown once (stored as its hash alone) and opens every calendar feed as ` +
          `?token=, as the calling key would: its requests are counted against the key’s limits and ` +
          `quota, and it stops working when it is revoked (DELETE) or when the key is revoked, expires or ` +
          `is deactivated (a rotation keeps it). A key holds at most ${MAX_CALENDAR_TOKENS} tokens not ` +
          `revoked: one more is a 409 \`conflict\`. label (optional, at most ${MAX_LABEL_LENGTH} ` +
          `characters) names it in the list. Only the key can create, list or revoke tokens, not a ` +
          `token. Never cached (Cache-Control: no-store).`,
        tags,
        querystring: Type.Object(
          { label: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_LABEL_LENGTH })) },
          { additionalProperties: false },
        ),
        response: { 201: CreatedCalendarToken, ...errorResponses(400, 401, 403, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const key = request.admitted!.key;
      const issued = issueCalendarToken(key.id, request.query.label ?? null, new Date());
      if (!(await insertCalendarToken(db, issued.row, MAX_CALENDAR_TOKENS))) {
        throw new ApiError(
          'conflict',
          `This key holds ${MAX_CALENDAR_TOKENS} calendar tokens already: revoke one first.`,
          { reason: 'calendar_token_limit', limit: MAX_CALENDAR_TOKENS },
        );
      }
      reply.header('cache-control', 'no-store').code(201);
      return { data: { ...tokenView(issued.row), token: issued.token } };
    },
  );

  app.get(
    '/football/calendar-tokens',
    {
      schema: {
        summary: 'The calling key’s calendar tokens, without their secrets',
        description: 'Oldest first; revoked tokens are not listed. Never cached (Cache-Control: no-store).',
        tags,
        response: { 200: CalendarTokenList, ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (request, reply) => {
      const rows = await listCalendarTokens(storage, request.admitted!.key.id);
      reply.header('cache-control', 'no-store');
      return { data: rows.map(tokenView) };
    },
  );

  app.delete(
    '/football/calendar-tokens/:token_id',
    {
      schema: {
        summary: 'Revokes one of the calling key’s calendar tokens',
        description:
          'At once: the token then answers 401. A token of another key, or one revoked already, is a 404.',
        tags,
        params: Type.Object({ token_id: Type.String({ maxLength: 64 }) }),
        response: {
          204: Type.Null({ description: 'Revoked' }),
          ...errorResponses(400, 401, 403, 404, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const { token_id: id } = request.params;
      const revoked = await revokeCalendarToken(db, request.admitted!.key.id, id, new Date().toISOString());
      if (!revoked) throw notFound('Calendar token', id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/football/teams/:team_id/calendar.ics',
    {
      config: { identify },
      schema: {
        summary: 'A team’s matches as a calendar feed (iCalendar)',
        description:
          `${FEED_DESCRIPTION} Holds the team’s matches from ${FEED_PAST_DAYS} days before today (UTC) on, ` +
          `every upcoming one included, oldest first, at most ${FEED_TEAM_CAP}.`,
        tags,
        params: IdParams('team_id'),
        querystring: Type.Object(TokenQuery, { additionalProperties: false }),
        response: {
          200: CALENDAR_RESPONSE,
          304: NOT_MODIFIED,
          ...errorResponses(400, 401, 403, 404, 429, 503),
        },
      },
    },
    (request, reply) => answer(request, reply, teamFeed(storage, request.params.team_id, Date.now())),
  );

  app.get(
    '/football/competitions/:competition_id/calendar.ics',
    {
      config: { identify },
      schema: {
        summary: 'A competition’s matches as a calendar feed (iCalendar)',
        description:
          `${FEED_DESCRIPTION} Without season_id, holds the competition’s matches from ${FEED_PAST_DAYS} ` +
          `days before today (UTC) on, every upcoming one included; with it, that season’s (404 when the ` +
          `season is not the competition’s). Oldest first, at most ${FEED_COMPETITION_CAP}.`,
        tags,
        params: IdParams('competition_id'),
        querystring: Type.Object(
          { season_id: Type.Optional(IdString(idStart(ID_PREFIXES.season))), ...TokenQuery },
          { additionalProperties: false },
        ),
        response: {
          200: CALENDAR_RESPONSE,
          304: NOT_MODIFIED,
          ...errorResponses(400, 401, 403, 404, 429, 503),
        },
      },
    },
    (request, reply) =>
      answer(
        request,
        reply,
        competitionFeed(storage, request.params.competition_id, request.query.season_id, Date.now()),
      ),
  );
};
