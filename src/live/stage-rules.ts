import { scoreProblem } from '../ingest/score-check.js';
import { shootoutWinner } from '../ingest/score-columns.js';
import { NO_STAGES, type MatchStages } from '../representation/match-score.js';
import type { MatchUpdate } from './match-update.js';
import type { MatchState } from './status-rules.js';

/**
 * The rules a live update's score breakdown (`score_breakdown`: half-time, 90 minutes, extra time, the
 * shoot-out) follows, beside status-rules.ts's for the status and score (docs/live-updates.md, "Rules").
 * Pure: given the stages as stored and what the update says, the stages after it, or why it is refused.
 *
 * Like the score, a stage is kept by live and finished matches, the shoot-out's score never goes down and a
 * finished match's stages do not change, except with `correction`; a match put back to `scheduled` loses
 * its stages (unlike its score, which the format cannot clear). What no correction makes possible is
 * refused always, by the rule every source's scores follow (ingest/score-check.ts): a half-time score above
 * the 90 minutes', a shoot-out after a score that is not level (unless the tie is, on aggregate), a finished
 * shoot-out level.
 */

type Pair = [number, number];

/**
 * A match's stored stages (representation/match-score.ts): a live update's shoot-out winner follows its
 * score; a winner a source gave without a score is kept while no score is sent.
 */
export type StoredStages = MatchStages;

type Given = NonNullable<MatchUpdate['score_breakdown']>;
type Goals = { home: number; away: number } | null;

export type StagesJudgement =
  { ok: true; next: StoredStages; corrected: string[] } | { ok: false; reason: string };

const COLUMNS = {
  half_time: ['ht_home', 'ht_away'],
  full_time: ['ft_home', 'ft_away'],
  extra_time: ['et_home', 'et_away'],
  penalties: ['pen_home', 'pen_away'],
} as const;

const pairOf = (s: StoredStages, stage: keyof typeof COLUMNS): Pair | null => {
  const [h, a] = COLUMNS[stage];
  const home = s[h];
  const away = s[a];
  return home === null || away === null ? null : [home, away];
};
const show = (p: Pair | null) => (p ? `${p[0]}-${p[1]}` : 'none');

const STAGE_KEYS = Object.keys(NO_STAGES) as (keyof StoredStages)[];

/** The stages of a row that has them among other columns. */
export function storedStages(row: StoredStages): StoredStages {
  return Object.fromEntries(STAGE_KEYS.map((k) => [k, row[k]])) as unknown as StoredStages;
}

const cleared = (): Omit<StoredStages, 'shootout_winner'> => {
  const stages: Partial<StoredStages> = { ...NO_STAGES };
  delete stages.shootout_winner;
  return stages as Omit<StoredStages, 'shootout_winner'>;
};

/** Whether any stage differs between the two (either may be a whole row). */
export function stagesMoved(a: StoredStages, b: StoredStages): boolean {
  return STAGE_KEYS.some((k) => a[k] !== b[k]);
}

/**
 * The stages after `given`, judged against `next`, the match's status and score after the update.
 * `aggregate` is the tie's, when the match is a second leg whose first leg has a score.
 */
export function judgeStages(
  current: StoredStages & MatchState,
  given: Given | undefined,
  next: MatchState,
  aggregate: Pair | null,
  correction: boolean,
): StagesJudgement {
  const stored = storedStages(current);

  // A match put back to scheduled (a replay's reset, a result withdrawn) has not been played: it has no
  // stages. A winner a source gave without a score stays, unseen until the match is finished again.
  const unplayed = next.status === 'scheduled' && current.status !== 'scheduled';
  const after: StoredStages = unplayed
    ? { ...cleared(), shootout_winner: pairOf(stored, 'penalties') ? null : stored.shootout_winner }
    : { ...stored };
  const scoreMoved = current.home_score !== next.home_score || current.away_score !== next.away_score;
  if (!given && !(scoreMoved && STAGE_KEYS.some((k) => after[k] !== null))) {
    return { ok: true, next: after, corrected: [] };
  }
  for (const stage of Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]) {
    const value: Goals | undefined = given?.[stage];
    if (value === undefined) continue;
    const [h, a] = COLUMNS[stage];
    after[h] = value?.home ?? null;
    after[a] = value?.away ?? null;
  }
  if (given?.penalties !== undefined) {
    const p = pairOf(after, 'penalties');
    // A winner given without a score (shootouts.csv) stays until a score says otherwise.
    after.shootout_winner = p
      ? shootoutWinner(p)
      : pairOf(stored, 'penalties')
        ? null
        : stored.shootout_winner;
  }
  const moved = stagesMoved(stored, after);
  const problems: string[] = [];
  const setting = Object.values(given ?? {}).some((v) => v !== null);
  if (setting && next.status !== 'live' && next.status !== 'finished') {
    problems.push(`a ${next.status} match has no score breakdown to change`);
  }
  const [was, now] = [pairOf(stored, 'penalties'), pairOf(after, 'penalties')];
  if (was && now && (now[0] < was[0] || now[1] < was[1])) {
    problems.push(`the shoot-out score would go backwards (${show(was)} -> ${show(now)})`);
  }
  if (moved && current.status === 'finished' && next.status === 'finished') {
    problems.push('the score breakdown of a finished match would change');
  }
  if (problems.length > 0 && !correction) {
    return { ok: false, reason: `${problems[0]!}; send it with "correction": true if it is one` };
  }

  const final: Pair | null =
    next.home_score === null || next.away_score === null ? null : [next.home_score, next.away_score];
  const impossible = scoreProblem(
    {
      ht: pairOf(after, 'half_time'),
      ft: pairOf(after, 'full_time'),
      et: pairOf(after, 'extra_time'),
      p: now,
      final,
    },
    { over: next.status === 'finished', aggregate },
  );
  if (impossible) return { ok: false, reason: `score_breakdown: ${impossible}` };
  return { ok: true, next: after, corrected: problems };
}
