import { createHash } from 'node:crypto';
import { matchCalendarText, type CalendarMatch } from '../../representation/match-calendar.js';
import { matchView } from '../../representation/match.js';
import type { Storage } from '../../storage/connection.js';
import { run, wait, type Steps } from '../../storage/maybe.js';
import { findCompetition, findSeason } from '../../storage/repositories/competition.repository.js';
import {
  calendarTeamName,
  readCalendarSequences,
} from '../../storage/repositories/match-calendar.repository.js';
import { listMatches, type MatchFilter } from '../../storage/repositories/match.repository.js';

import { notFound } from '../errors/catalogue.js';

/**
 * Which matches a feed holds (docs/api.md, "Calendar feeds"): without a season, those kicking off from
 * FEED_PAST_DAYS before today (UTC) on, every upcoming one included; with a season (competitions only),
 * that season's. Oldest first, at most the cap: a team's feed FEED_TEAM_CAP, a competition's
 * FEED_COMPETITION_CAP (a season of the largest league is 380 matches, a World Cup 64 or 104).
 */
export const FEED_PAST_DAYS = 365;
export const FEED_TEAM_CAP = 500;
export const FEED_COMPETITION_CAP = 1000;

/** The feed's text and its entity tag, made from the text: an unchanged feed keeps its tag. */
export interface Feed {
  text: string;
  etag: string;
}

function feedOf(text: string): Feed {
  return { text, etag: `"${createHash('sha1').update(text).digest('base64url').slice(0, 27)}"` };
}

function windowStart(now: number): string {
  return new Date(now - FEED_PAST_DAYS * 86_400_000).toISOString().slice(0, 10);
}

function* calendarOf(storage: Storage, name: string, filter: MatchFilter, cap: number): Steps<Feed> {
  const page = yield* wait(listMatches(storage, filter, { page: 1, limit: cap }, 'asc'));
  const sequences = yield* wait(
    readCalendarSequences(
      storage,
      page.rows.map((row) => row.id),
    ),
  );
  const matches: CalendarMatch[] = page.rows.map((row) => ({
    match: matchView(row),
    sequence: sequences.get(row.id) ?? 0,
  }));
  return feedOf(matchCalendarText(name, matches));
}

function* teamSteps(storage: Storage, teamId: string, now: number): Steps<Feed> {
  const team = yield* wait(calendarTeamName(storage, teamId));
  if (team === undefined) throw notFound('Team', teamId);
  const filter = { teamId, dateFrom: windowStart(now) };
  return yield* calendarOf(storage, `Touchline: ${team}`, filter, FEED_TEAM_CAP);
}

function* competitionSteps(
  storage: Storage,
  competitionId: string,
  seasonId: string | undefined,
  now: number,
): Steps<Feed> {
  const competition = yield* wait(findCompetition(storage, competitionId));
  if (!competition) throw notFound('Competition', competitionId);
  if (seasonId === undefined) {
    const filter = { competitionId, dateFrom: windowStart(now) };
    return yield* calendarOf(storage, `Touchline: ${competition.name}`, filter, FEED_COMPETITION_CAP);
  }
  const season = yield* wait(findSeason(storage, seasonId));
  if (!season || season.competition_id !== competition.id) {
    throw notFound(`Season of competition ${competition.id}`, seasonId);
  }
  const name = `Touchline: ${competition.name} ${season.name}`;
  return yield* calendarOf(storage, name, { competitionId, seasonId }, FEED_COMPETITION_CAP);
}

/** A team's feed: its matches of the last FEED_PAST_DAYS and every upcoming one. */
export const teamFeed = (storage: Storage, teamId: string, now: number) =>
  run(teamSteps(storage, teamId, now));

/** A competition's feed: its matches of the last FEED_PAST_DAYS and upcoming, or one season's. */
export const competitionFeed = (
  storage: Storage,
  competitionId: string,
  seasonId: string | undefined,
  now: number,
) => run(competitionSteps(storage, competitionId, seasonId, now));
