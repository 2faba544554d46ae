import type { MatchStatus } from '../../vocabulary/match-statuses.js';
import { matchStatus, type ResultScore } from '../match-status.js';
import { scoreProblem } from '../score-check.js';
import { scoreColumns } from '../score-columns.js';
import type { FixtureRecord, FixtureScoreRecord } from './feed-schema.js';

type Pair = [number, number];
type ScoreColumns = ReturnType<typeof scoreColumns>;

export type FixtureState =
  | { ok: true; status: MatchStatus; source_status: string | null; columns: ScoreColumns }
  | { ok: false; reason: string };

const pairOf = (p: { home: number; away: number } | null | undefined): Pair | null =>
  p ? [p.home, p.away] : null;

/**
 * The score's stages as the shared columns take them. `home`/`away` is the match score (extra time
 * included). Once the match is over it is the 90-minute score too, unless that is given apart (extra time
 * was played, and `home`/`away` is the extra-time score). While it is live, or when it was stopped (a
 * postponed or canceled fixture with a score), no 90-minute score is known unless given.
 */
function scoreOf(score: FixtureScoreRecord | null | undefined, over: boolean): ScoreColumns {
  if (!score) return scoreColumns({ ht: null, ft: null, et: null, p: null });
  const final: Pair = [score.home, score.away];
  const fullTime = pairOf(score.full_time);
  const ht = pairOf(score.half_time);
  const p = pairOf(score.penalties);
  if (!over) return scoreColumns({ ht, ft: fullTime, et: null, p }, final);
  return scoreColumns({ ht, ft: fullTime ?? final, et: fullTime ? final : null, p });
}

/** A stage's score cannot be more than a later one's, for either side. */
function backwards(score: FixtureScoreRecord): string | null {
  const final = { home: score.home, away: score.away };
  const later = (a: { home: number; away: number }, b: { home: number; away: number }) =>
    a.home > b.home || a.away > b.away;
  if (score.full_time && later(score.full_time, final)) return 'score.full_time is more than the score';
  if (score.half_time && later(score.half_time, score.full_time ?? final)) {
    return `score.half_time is more than the score${score.full_time ? ' after 90 minutes' : ''}`;
  }
  return null;
}

/**
 * A fixture's status and score, by the rules every source follows (match-status.ts): with no status, a
 * score is finished and no score is scheduled while the kick-off is ahead, unknown after it; `scheduled`
 * is the same (a past fixture with no result is not "scheduled"); `postponed` and `canceled` are kept.
 * `live` is the operator's word alone: nothing else makes a fixture live. A scheduled fixture with a score
 * and a finished one without are contradictions, rejected.
 */
export function fixtureState(fixture: FixtureRecord, kickoffEndsAt: number, now: number): FixtureState {
  const { score } = fixture;
  const status = fixture.status ?? null;
  if (score) {
    // The feed's own field names first, then the rules every source's stages follow (score-check.ts:
    // a shoot-out after a level score only, and with a winner once over). The feed has no legs.
    const problem =
      backwards(score) ??
      scoreProblem(
        {
          ht: pairOf(score.half_time),
          ft: pairOf(score.full_time),
          et: null,
          p: pairOf(score.penalties),
          final: [score.home, score.away],
        },
        { over: status !== 'live' },
      );
    if (problem) return { ok: false, reason: problem };
  }
  if (status === 'scheduled' && score) return { ok: false, reason: 'a scheduled fixture has no score' };
  if (status === 'finished' && !score) return { ok: false, reason: 'a finished fixture needs its score' };
  // An awarded score is a result: kept as football.json keeps its `awarded` status, as the source_status
  // the match's decided_by reads (representation/match-score.ts).
  if (score?.awarded) {
    if (status !== null && status !== 'finished') {
      return { ok: false, reason: `an awarded score is a result: the fixture cannot be ${status}` };
    }
    return { ok: true, status: 'finished', source_status: 'awarded', columns: scoreOf(score, true) };
  }
  // Only whether a result exists matters to the shared rules: any stage given says one does.
  const result: ResultScore = { ft: score ? [score.home, score.away] : null, et: null, p: null };
  switch (status) {
    case 'live':
      return { ok: true, status: 'live', source_status: status, columns: scoreOf(score, false) };
    case 'scheduled':
      return {
        ok: true,
        status: matchStatus(null, result, kickoffEndsAt, now),
        source_status: status,
        columns: scoreOf(null, false),
      };
    default: {
      const decided = status === 'finished' ? 'finished' : matchStatus(status, result, kickoffEndsAt, now);
      return {
        ok: true,
        status: decided,
        source_status: status,
        columns: scoreOf(score, decided === 'finished'),
      };
    }
  }
}
