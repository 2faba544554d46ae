import { Type, type FastifyPluginAsyncTypebox, type Static } from '@fastify/type-provider-typebox';
import type { Storage } from '../../storage/connection.js';
import {
  latestChange,
  readChanges,
  type ChangeKind,
  type ChangeRow,
} from '../../storage/repositories/change-log.repository.js';
import { findMatch } from '../../storage/repositories/match.repository.js';
import { readSnapshot } from '../../storage/read-snapshot.js';
import { decodeCursor, encodeCursor } from '../../projections/change-cursor.js';
import { invalidParameter } from '../errors/catalogue.js';
import { toCompetition, toMatch, toSeason, toTeam } from '../mappers.js';
import { REQUEST_ID_PLACEHOLDER } from '../cached-body.js';
import type { RouteDeps } from '../route-context.js';
import { errorResponses } from '../schemas/common.js';
import { Competition, Match, Season, Team } from '../schemas/resources.js';
import { CurrentRating } from '../schemas/ratings.js';
import { currentRatings } from '../ratings-current.js';
import { CoachResource, PlayerResource, RefereeResource, VenueResource } from '../schemas/people.js';
import { toCoach, toPlayer, toReferee, toVenue } from '../people/people-mappers.js';
import { teamsOfPlayers } from '../../storage/repositories/people.repository.js';
import { TimeZoneQuery, zoneOf } from '../schemas/time-zone.js';
import { matchViewInZone } from '../../representation/match-in-zone.js';

const AHEAD_OF_LOG =
  'is ahead of the newest change: the data was restored or replaced since it was given; ' +
  'start again without since, from a full snapshot';

const Change = Type.Object({
  type: Type.Union([
    Type.Literal('competition'),
    Type.Literal('season'),
    Type.Literal('team'),
    Type.Literal('match'),
    Type.Literal('rating'),
    Type.Literal('player'),
    Type.Literal('coach'),
    Type.Literal('referee'),
    Type.Literal('venue'),
  ]),
  id: Type.String({ description: 'The record’s ID; for a rating change, the team’s' }),
  removed: Type.Boolean({
    description:
      'A tombstone: the record was removed (a match its source no longer sends); delete it from your copy',
  }),
  replaced_by: Type.Union([Type.String(), Type.Null()], {
    description:
      'For a tombstone, the record that took its place when there is one (a fixture the source re-keyed); ' +
      'it appears in the feed as a change of its own. Null otherwise',
  }),
  record: Type.Union(
    [
      Competition,
      Season,
      Team,
      Match,
      CurrentRating,
      PlayerResource,
      // Before the coach: the serializer writes a record by the first schema it fits, and a referee fits
      // the coach's (less its confederation).
      RefereeResource,
      CoachResource,
      VenueResource,
      Type.Null(),
    ],
    {
      description:
        'The record as the API serves it now (its own route gives the same object; for a rating, the team’s ' +
        'current rating as /football/teams/{team_id}/ratings gives it in `current`); null for a tombstone',
    },
  ),
});

/** How each kind's records are read (by ID, one query a page) and served. */
const TABLES = {
  competition: { table: 'competitions', serve: toCompetition },
  season: { table: 'seasons', serve: toSeason },
  team: { table: 'teams', serve: toTeam },
  coach: { table: 'coaches', serve: toCoach },
  referee: { table: 'referees', serve: toReferee },
  venue: { table: 'venues', serve: toVenue },
} as const;

type Served =
  | ReturnType<(typeof TABLES)[keyof typeof TABLES]['serve']>
  | ReturnType<typeof toMatch>
  | Static<typeof CurrentRating>
  | ReturnType<typeof toPlayer>;

/** The records of a page of changes, as served now: one query per kind; matches through their own reader. */
async function recordsOf(storage: Storage, rows: readonly ChangeRow[], zone: string | undefined) {
  const ids = (kind: ChangeKind) => rows.filter((r) => r.kind === kind && !r.removed).map((r) => r.recordId);
  const found = new Map<string, Served>();
  for (const [kind, { table, serve }] of Object.entries(TABLES)) {
    const wanted = ids(kind as ChangeKind);
    if (wanted.length === 0) continue;
    const stored = await storage.db.selectFrom(table).selectAll().where('id', 'in', wanted).execute();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each table's rows go to its own mapper
    for (const row of stored) found.set(`${kind} ${row.id}`, serve(row as any));
  }
  const players = ids('player');
  if (players.length > 0) {
    const stored = await storage.db.selectFrom('players').selectAll().where('id', 'in', players).execute();
    const teams = await teamsOfPlayers(storage.db, players);
    for (const row of stored) found.set(`player ${row.id}`, toPlayer(row, teams.get(row.id) ?? []));
  }
  for (const id of ids('match')) {
    const row = await findMatch(storage, id);
    if (row) found.set(`match ${id}`, zone ? matchViewInZone(toMatch(row), zone) : toMatch(row));
  }
  for (const rating of await currentRatings(storage.db, ids('rating')))
    found.set(`rating ${rating.team.id}`, rating);
  return found;
}

export const changeRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { storage }) => {
  app.get(
    '/football/changes',
    {
      config: { cache: true },
      schema: {
        summary:
          'Competitions, seasons, teams, matches, team ratings, players, coaches, referees and venues whose served fields changed after a cursor',
        description:
          'In commit order, each record once, at its latest change, with the record as served now. Without ' +
          '`since` the feed starts at the beginning: every stored record, a full snapshot; `meta.latest` is ' +
          'the cursor of "now", for a client that only wants what changes from here. A client that stores ' +
          '`meta.next` and calls again with it holds an exact copy of these nine resources (a `rating` ' +
          'change: the team’s ratings changed, record its current rating). Cursors are ' +
          'opaque, stable across restarts and the same on every instance; one this API did not give (a ' +
          'cursor edited or made up) is a 400 on `since`, and so is one ahead of `meta.latest`: the data was ' +
          'restored or replaced since it was given, and a copy made from it cannot be continued, so start ' +
          'again without `since`. A match an ingestion removed (its ' +
          'source sends its season whole and no longer sends the match) comes as a tombstone: removed true, ' +
          'record null, and replaced_by when another match took its place. tz gives matches’ starts_at in a ' +
          'time zone, as on the match list; the cursors and what changed are the same in every zone.',
        tags: ['changes'],
        querystring: Type.Object(
          {
            since: Type.Optional(
              Type.String({
                pattern: '^[A-Za-z0-9_-]{1,64}$',
                description: 'A cursor from meta.next or meta.latest',
              }),
            ),
            limit: Type.Integer({
              minimum: 1,
              maximum: 500,
              default: 100,
              description: 'Changes per page, 1-500.',
            }),
            ...TimeZoneQuery,
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            data: Type.Array(Change),
            meta: Type.Object({
              next: Type.String({
                description: 'The cursor to ask with next; the same as since when nothing changed',
              }),
              has_more: Type.Boolean(),
              latest: Type.String({ description: 'The cursor of the newest change' }),
              request_id: Type.String(),
            }),
          }),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    // One snapshot: the page's changes, the records they name and the newest change agree.
    async (request) => {
      const { since, limit } = request.query;
      const zone = zoneOf(request.query);
      const from = since === undefined ? 0 : decodeCursor(since);
      if (from === undefined) throw invalidParameter('since', 'is not a cursor of this API');
      return readSnapshot(storage, async (view) => {
        const latest = await latestChange(view.db);
        // The log's numbers only grow, so a cursor past its end was given by another log (a database
        // restored from an older backup, or made anew): no page leads from it to an exact copy.
        if (from > latest) throw invalidParameter('since', AHEAD_OF_LOG);
        const rows = await readChanges(view.db, from, limit + 1);
        const page = rows.slice(0, limit);
        const records = await recordsOf(view, page, zone);
        const last = page.at(-1)?.seq ?? from;
        return {
          data: page.flatMap((row): Array<Static<typeof Change>> => {
            const change = { type: row.kind, id: row.recordId };
            if (row.removed) return [{ ...change, removed: true, replaced_by: row.replacedBy, record: null }];
            const record = records.get(`${change.type} ${change.id}`);
            return record ? [{ ...change, removed: false, replaced_by: null, record }] : [];
          }),
          meta: {
            next: encodeCursor(last),
            has_more: rows.length > limit,
            latest: encodeCursor(latest),
            request_id: REQUEST_ID_PLACEHOLDER,
          },
        };
      });
    },
  );
};
