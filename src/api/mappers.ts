import type { Static } from '@sinclair/typebox';
import type { Capabilities, Competition, Match, Season, Team } from './schemas/resources.js';
import type { HeadToHead } from './schemas/match-list.js';
import type { CompetitionRow, SeasonRow } from '../storage/repositories/competition.repository.js';
import type { HeadToHead as HeadToHeadRecord } from '../storage/repositories/head-to-head.repository.js';
import type { MatchSummaryRow } from '../storage/repositories/match.repository.js';
import type { TeamRow } from '../storage/repositories/team.repository.js';
import { matchView } from '../representation/match.js';
import type { StandingRowWithNames } from '../storage/repositories/team-detail.repository.js';

/** Storage rows to API resources, in one place, so every route shows a resource the same way. */

export function toCompetition(row: CompetitionRow): Static<typeof Competition> {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    country: { name: row.country_name, code: row.country_code },
    confederation: row.confederation,
    type: row.type as Static<typeof Competition>['type'],
    gender: row.gender as Static<typeof Competition>['gender'],
    logo_url: row.logo_url,
    season_count: row.season_count,
  };
}

export function toSeason(row: SeasonRow): Static<typeof Season> {
  return {
    id: row.id,
    name: row.name,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    is_current: row.is_current === 1,
    team_count: row.team_count,
    match_count: row.match_count,
  };
}

export function toTeam(row: TeamRow): Static<typeof Team> {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    short_name: row.short_name,
    country_name: row.country_name,
    country_code: row.country_code,
    logo_url: row.logo_url,
  };
}

/**
 * The match resource: representation/match.ts's view, the one definition of how a match is shown (the
 * stored JSON is its text). Typed here as the response schema's Match, so that the two cannot part.
 */
export const toMatch: (row: MatchSummaryRow) => Static<typeof Match> = matchView;

export function toCapabilities(row: CompetitionRow): Static<typeof Capabilities> {
  return {
    fixtures: row.match_count > 0,
    results: row.result_count > 0,
    teams: row.team_count > 0,
    standings: row.table_season_count > 0,
    players: row.squad_count > 0 || row.lineup_match_count > 0,
    // No source carries live data or odds.
    live: false,
    odds: false,
    statistics: row.stats_match_count > 0,
    lineups: row.lineup_match_count > 0,
    timeline: row.event_match_count > 0,
  };
}

export function toStandingRow(row: StandingRowWithNames) {
  return {
    position: row.position,
    group: row.group_name,
    team: { id: row.team_id, name: row.team_name },
    played: row.played,
    won: row.won,
    drawn: row.drawn,
    lost: row.lost,
    goals_for: row.goals_for,
    goals_against: row.goals_against,
    goal_difference: row.goal_difference,
    points: row.points,
    form: row.form,
    description: row.description,
  };
}

export function toHeadToHead(
  teamId: string,
  opponentId: string,
  r: HeadToHeadRecord,
): Static<typeof HeadToHead> {
  return {
    team_id: teamId,
    opponent_id: opponentId,
    played: r.played,
    wins: r.wins,
    draws: r.draws,
    losses: r.losses,
    goals_for: r.goalsFor,
    goals_against: r.goalsAgainst,
    shootout_wins: r.shootoutWins,
    shootout_losses: r.shootoutLosses,
  };
}
