import { fail, ok, type Parsed } from './parsed.js';

export type Pair = [number, number];

/** `ft` is the score after 90 minutes, `et` after extra time (cumulative), `p` the shoot-out alone. */
export interface Score {
  ht: Pair | null;
  ft: Pair | null;
  et: Pair | null;
  p: Pair | null;
}

const KEYS = ['ht', 'ft', 'et', 'p'] as const;

export function emptyScore(): Score {
  return { ht: null, ft: null, et: null, p: null };
}

function isPair(value: unknown): value is Pair {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    value.every((n) => Number.isInteger(n) && (n as number) >= 0 && (n as number) < 100)
  );
}

/**
 * Reads a worldcup.json score in every shape the files use: `{ht, ft}`, `{ft}`, `{ft, et, p}`, a bare
 * list `[2, 0]` (the full-time score, play-off file), `{et, p}` or `{et}` with no `ft` (play-offs decided
 * in extra time), and no score at all (a cancelled or unplayed match).
 */
export function parseScore(value: unknown): Parsed<Score> {
  const score = emptyScore();
  if (value === undefined || value === null) return ok(score);
  if (Array.isArray(value)) {
    return isPair(value) ? ok({ ...score, ft: value }) : fail('score list is not two non-negative integers');
  }
  if (typeof value !== 'object') return fail('score is neither an object nor a list');
  for (const [key, pair] of Object.entries(value)) {
    if (!(KEYS as readonly string[]).includes(key)) return fail(`score has unknown key "${key}"`);
    if (!isPair(pair)) return fail(`score.${key} is not two non-negative integers`);
    score[key as (typeof KEYS)[number]] = pair;
  }
  return ok(score);
}

/** The result: after extra time where there was extra time; shoot-outs are not part of it. */
export function finalScore(score: Score): Pair | null {
  return score.et ?? score.ft;
}
