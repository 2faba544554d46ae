import type { MatchStatus } from '../vocabulary/match-statuses.js';
import { matchOutcome, type MatchOutcome, type ScoreRow } from './match-score.js';

/**
 * How a match is shown, the one definition: the API's match resource is this object (api/mappers.ts
 * checks at compile time that it is the response schema's Match), and the JSON stored for each match by
 * the runs that change it (projections/match-json.ts), which list pages and matches by ID are answered
 * with, is matchJson of the same row. The two cannot drift: one is derived from the other.
 *
 * Below api/, storage/ and projections/ so that all of them may use it; it imports no storage module and
 * names the columns it reads itself (storage's MatchSummaryRow has them).
 */

/**
 * The columns of a match, and the names of its competition, season and teams, that a match shows; the
 * score's stages and its first leg's score too (ScoreRow).
 */
export interface ShownMatchRow extends ScoreRow {
  id: string;
  competition_id: string;
  competition_name: string;
  season_id: string;
  season_name: string;
  starts_at: string;
  /** 1 when the source gave a kick-off time, 0 for a date only. */
  time_known: number;
  round: string | null;
  stage: string | null;
  status: string;
  home_team_id: string;
  home_team_name: string;
  home_team_logo_url: string | null;
  away_team_id: string;
  away_team_name: string;
  away_team_logo_url: string | null;
  venue_name: string | null;
  venue_city: string | null;
  venue_country: string | null;
  /** 1 on neutral ground, 0 at a side's home, null when the source does not say. */
  neutral: number | null;
  updated_at: string;
}

interface MatchSide {
  id: string;
  name: string;
  logo_url: string | null;
  score: number | null;
}

export interface MatchView extends MatchOutcome {
  id: string;
  competition: { id: string; name: string };
  season: { id: string; name: string };
  starts_at: string;
  starts_at_precision: 'datetime' | 'date';
  round: string | null;
  status: MatchStatus;
  home_team: MatchSide;
  away_team: MatchSide;
  venue: { name: string | null; city: string | null; country: string | null; neutral: boolean | null } | null;
  updated_at: string | null;
}

/** The match a row shows, its keys in the order the API lists them. */
export function matchView(row: ShownMatchRow): MatchView {
  return {
    id: row.id,
    competition: { id: row.competition_id, name: row.competition_name },
    season: { id: row.season_id, name: row.season_name },
    starts_at: row.starts_at,
    starts_at_precision: row.time_known === 1 ? 'datetime' : 'date',
    // A few sources give only a stage ("Playoffs") for a match; it is the best round name there is.
    round: row.round ?? row.stage,
    status: row.status as MatchStatus,
    home_team: {
      id: row.home_team_id,
      name: row.home_team_name,
      logo_url: row.home_team_logo_url,
      score: row.home_score,
    },
    away_team: {
      id: row.away_team_id,
      name: row.away_team_name,
      logo_url: row.away_team_logo_url,
      score: row.away_score,
    },
    // The breakdown beside the contract's one number per side, which keeps its meaning (after extra
    // time, before a shoot-out): match-score.ts.
    ...matchOutcome(row),
    venue: venueOf(row),
    updated_at: row.updated_at,
  };
}

/** The venue as far as the source knows it; null when it says nothing of it. */
function venueOf(row: ShownMatchRow): MatchView['venue'] {
  const { venue_name: name, venue_city: city, venue_country: country, neutral } = row;
  if (name === null && city === null && country === null && neutral === null) return null;
  return { name, city, country, neutral: neutral === null ? null : neutral === 1 };
}

/** A match's JSON text as stored and answered: matchView's, through JSON.stringify. */
export function matchJson(row: ShownMatchRow): string {
  return JSON.stringify(matchView(row));
}
