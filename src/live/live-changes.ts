import type { Static } from '@sinclair/typebox';
import {
  matchOutcome,
  scoreBreakdown,
  type MatchOutcome,
  type ScoreBreakdown,
} from '../representation/match-score.js';
import type { TimelineEvent } from '../vocabulary/timeline-event.js';
import type { MatchUpdate } from './match-update.js';
import type { LiveMatch } from './resolve-match.js';
import type { StoredStages } from './stage-rules.js';
import type { MatchState } from './status-rules.js';

type ApiTimelineEvent = Static<typeof TimelineEvent>;

/** A timeline event as the API's timeline shows it, with the operator's ID for it. */
export type LiveTimelineEvent = { id: string } & Omit<ApiTimelineEvent, 'type'> & { type: string };

export interface LiveScore {
  home: number | null;
  away: number | null;
}

/**
 * What one applied update changed: stored as `live_events.changes`, and what stream clients receive as
 * the event's data. Self-contained (a client needs no other request to show it), documented in
 * docs/live-updates.md ("What an applied update changed"). Keys that did not change are absent, but
 * `correction` and `state`, always there.
 */
export interface LiveChanges {
  match_id: string;
  competition_id: string;
  season_id: string;
  update_id: string;
  sequence: number;
  home_team: { id: string; name: string };
  away_team: { id: string; name: string };
  status?: { from: string; to: string };
  score?: { from: LiveScore; to: LiveScore };
  /** The score's stages (half-time, 90 minutes, extra time, shoot-out), when any changed. */
  score_breakdown?: { from: ScoreBreakdown; to: ScoreBreakdown };
  /** New events, in timeline order. */
  events_added?: LiveTimelineEvent[];
  /** Events sent again under an ID already stored, as they now are. */
  events_updated?: LiveTimelineEvent[];
  /** The operator's IDs of the events removed. */
  events_removed?: string[];
  statistics_changed?: true;
  /** A side's lineup (its players, formation or coach) changed. */
  lineups_changed?: true;
  /** The update was sent as a correction (`"correction": true`). */
  correction: boolean;
  /** What only the correction allowed (a status moving back, a score going down, ...), when anything. */
  corrected?: string[];
  /**
   * The match after the update: its status and score, and the breakdown, winner, decision and aggregate
   * the match's JSON shows (representation/match-score.ts).
   */
  state: { status: string; home_score: number | null; away_score: number | null } & MatchOutcome & {
      updated_at: string;
    };
}

/** What an update did to the match's timeline, as the stream shows it. */
export interface LiveEventChanges {
  added: LiveTimelineEvent[];
  updated: LiveTimelineEvent[];
  /** The operator's IDs. */
  removed: string[];
  /** The events removed with their types, for what is told of them beside the stream (webhooks). */
  removedEvents?: Array<{ id: string; type: string }>;
}

export interface AppliedChange {
  /** The match as it was. */
  match: LiveMatch;
  update: MatchUpdate;
  /** The match as it is now. */
  next: MatchState;
  /** Its stages as they are now. */
  stages: StoredStages;
  corrected: string[];
  events: LiveEventChanges;
  statisticsChanged: boolean;
  lineupsChanged: boolean;
  /** The match's `updated_at` now. */
  updatedAt: string;
}

/** The `changes` of an applied update: what changed, and only that, with the state after it. */
export function describeChanges(c: AppliedChange): LiveChanges {
  const { match, update, next, events } = c;
  const scoreMoved = next.home_score !== match.home_score || next.away_score !== match.away_score;
  const after = { ...match, ...next, ...c.stages };
  const [breakdownBefore, breakdownAfter] = [scoreBreakdown(match), scoreBreakdown(after)];
  const breakdownMoved = JSON.stringify(breakdownBefore) !== JSON.stringify(breakdownAfter);
  return {
    match_id: match.id,
    competition_id: match.competition_id,
    season_id: match.season_id,
    update_id: update.update_id,
    sequence: update.sequence,
    home_team: { id: match.home_team_id, name: match.home_team_name },
    away_team: { id: match.away_team_id, name: match.away_team_name },
    ...(next.status !== match.status ? { status: { from: match.status, to: next.status } } : {}),
    ...(scoreMoved
      ? {
          score: {
            from: { home: match.home_score, away: match.away_score },
            to: { home: next.home_score, away: next.away_score },
          },
        }
      : {}),
    ...(breakdownMoved ? { score_breakdown: { from: breakdownBefore, to: breakdownAfter } } : {}),
    ...(events.added.length > 0 ? { events_added: events.added } : {}),
    ...(events.updated.length > 0 ? { events_updated: events.updated } : {}),
    ...(events.removed.length > 0 ? { events_removed: events.removed } : {}),
    ...(c.statisticsChanged ? { statistics_changed: true as const } : {}),
    ...(c.lineupsChanged ? { lineups_changed: true as const } : {}),
    correction: update.correction === true,
    ...(c.corrected.length > 0 ? { corrected: c.corrected } : {}),
    state: {
      status: next.status,
      home_score: next.home_score,
      away_score: next.away_score,
      ...matchOutcome(after),
      updated_at: c.updatedAt,
    },
  };
}
