import type { LiveStatus } from '../vocabulary/match-statuses.js';

/**
 * The rules a live update's status and score follow (docs/live-updates.md, "Rules"). Pure: given the
 * match as stored and what the update says, the state after it, or why it is refused.
 *
 * Status: scheduled -> live -> finished; scheduled or live -> postponed or canceled; postponed ->
 * scheduled, live or canceled; a match whose status is `unknown` (a past fixture no source gave a result
 * for) may take any status. The same status again is no move. Anything else (finished -> live, canceled ->
 * scheduled, scheduled -> finished without being live) only with `correction`.
 *
 * Score: kept by live and finished matches; it never goes down, and a finished match's score does not
 * change, except with `correction`. A match going live without a score starts at 0-0. A finished match
 * has a score.
 */

/** The match's state as the rules see it. `status` may be any stored status, `unknown` included. */
export interface MatchState {
  status: string;
  home_score: number | null;
  away_score: number | null;
}

export interface StateChange {
  status?: LiveStatus;
  score?: { home: number; away: number };
  correction?: boolean;
}

export type Judgement =
  | {
      ok: true;
      next: MatchState;
      /** What only `correction` allowed (empty when the update needed none): audited with the update. */
      corrected: string[];
    }
  | { ok: false; reason: string };

/** Moves allowed without a correction, from each stored status. */
const MOVES: Readonly<Record<string, readonly string[]>> = {
  scheduled: ['live', 'postponed', 'canceled'],
  live: ['finished', 'postponed', 'canceled'],
  postponed: ['scheduled', 'live', 'canceled'],
  finished: [],
  canceled: [],
  unknown: ['scheduled', 'live', 'finished', 'postponed', 'canceled'],
};

/** Whether `from` -> `to` is a move the rules allow without a correction (the same status is no move). */
export function statusMoveAllowed(from: string, to: string): boolean {
  return from === to || (MOVES[from] ?? []).includes(to);
}

const SCORED = new Set(['live', 'finished']);

const show = (home: number | null, away: number | null) =>
  home === null || away === null ? 'none' : `${home}-${away}`;

/** The state after `change`, or why the rules refuse it. */
export function judgeChange(current: MatchState, change: StateChange): Judgement {
  const correction = change.correction === true;
  const corrected: string[] = [];
  const refuse = (why: string): Judgement => ({
    ok: false,
    reason: `${why}; send it with "correction": true if it is one`,
  });

  const status = change.status ?? current.status;
  if (!statusMoveAllowed(current.status, status)) {
    const why = `status ${current.status} cannot become ${status}`;
    if (!correction) return refuse(why);
    corrected.push(why);
  }

  let home = current.home_score;
  let away = current.away_score;
  const score = change.score;
  if (score && (score.home !== home || score.away !== away)) {
    const was = show(home, away);
    const to = show(score.home, score.away);
    const problems: string[] = [];
    if (!SCORED.has(status)) problems.push(`a ${status} match has no score to change (${was} -> ${to})`);
    if ((home !== null && score.home < home) || (away !== null && score.away < away)) {
      problems.push(`the score would go backwards (${was} -> ${to})`);
    }
    if (current.status === 'finished' && status === 'finished') {
      problems.push(`the score of a finished match would change (${was} -> ${to})`);
    }
    if (problems.length > 0 && !correction) return refuse(problems[0]!);
    corrected.push(...problems);
    home = score.home;
    away = score.away;
  }

  // Kick-off: the score is 0-0 until a goal says otherwise.
  if (status === 'live' && current.status !== 'live' && (home === null || away === null) && !score) {
    home = 0;
    away = 0;
  }
  if (status === 'finished' && (home === null || away === null)) {
    const why = 'a finished match needs a score';
    if (!correction) return refuse(why);
    corrected.push(why);
  }
  return { ok: true, next: { status, home_score: home, away_score: away }, corrected };
}
