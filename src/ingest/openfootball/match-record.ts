/** One football.json match entry after validation, before identity resolution. */
export interface RawMatch {
  round: string | null;
  stage: string | null;
  date: string;
  time: string | null;
  team1: string;
  team2: string;
  score: Score;
  status: string | null;
}

export type Pair = [number, number];

export interface Score {
  ht: Pair | null;
  ft: Pair | null;
  et: Pair | null;
  p: Pair | null;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{1,2}):(\d{2})$/;
const SCORE_KEYS = ['ht', 'ft', 'et', 'p'] as const;

function isRealDate(date: string): boolean {
  const m = DATE.exec(date);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === date;
}

function isPair(value: unknown): value is Pair {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    value.every((n) => Number.isInteger(n) && (n as number) >= 0 && (n as number) < 1000)
  );
}

function optionalText(value: unknown, field: string): Parsed<string | null> {
  if (value === undefined || value === null) return { ok: true, value: null };
  if (typeof value !== 'string') return { ok: false, reason: `${field} is not a string` };
  const trimmed = value.trim();
  return { ok: true, value: trimmed === '' ? null : trimmed };
}

function parseScore(value: unknown): Parsed<Score> {
  const score: Score = { ht: null, ft: null, et: null, p: null };
  if (value === undefined || value === null) return { ok: true, value: score };
  // A bare [a, b] list is a full-time score (seen in worldcup.json's play-off file).
  if (Array.isArray(value)) {
    if (!isPair(value)) return { ok: false, reason: 'score list is not two non-negative integers' };
    return { ok: true, value: { ...score, ft: value } };
  }
  if (typeof value !== 'object') return { ok: false, reason: 'score is not an object' };
  for (const [key, pair] of Object.entries(value)) {
    if (!(SCORE_KEYS as readonly string[]).includes(key)) {
      return { ok: false, reason: `score has unknown key "${key}"` };
    }
    if (!isPair(pair)) return { ok: false, reason: `score.${key} is not two non-negative integers` };
    score[key as (typeof SCORE_KEYS)[number]] = pair;
  }
  return { ok: true, value: score };
}

function parseTime(value: unknown): Parsed<string | null> {
  if (value === undefined || value === null || value === '') return { ok: true, value: null };
  const m = typeof value === 'string' ? TIME.exec(value.trim()) : null;
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) {
    return { ok: false, reason: `time "${String(value)}" is not HH:MM` };
  }
  return { ok: true, value: `${m[1]!.padStart(2, '0')}:${m[2]}` };
}

function teamName(value: unknown, field: string): Parsed<string> {
  if (typeof value !== 'string' || value.trim() === '') {
    return { ok: false, reason: `${field} is missing or empty` };
  }
  return { ok: true, value: value.trim().replace(/\s+/g, ' ') };
}

/** Validates one entry of a football.json `matches` array; never throws. */
export function parseRawMatch(entry: unknown): Parsed<RawMatch> {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    return { ok: false, reason: 'match entry is not an object' };
  }
  const e = entry as Record<string, unknown>;
  if (typeof e.date !== 'string' || !isRealDate(e.date)) {
    return { ok: false, reason: `date "${String(e.date)}" is not a valid YYYY-MM-DD date` };
  }
  const checks = {
    team1: teamName(e.team1, 'team1'),
    team2: teamName(e.team2, 'team2'),
    time: parseTime(e.time),
    score: parseScore(e.score),
    round: optionalText(e.round, 'round'),
    stage: optionalText(e.stage, 'stage'),
    status: optionalText(e.status, 'status'),
  };
  for (const check of Object.values(checks)) if (!check.ok) return check;
  const v = <T>(p: Parsed<T>): T => (p as { value: T }).value;
  if (v(checks.team1) === v(checks.team2)) return { ok: false, reason: 'team1 and team2 are the same team' };
  return {
    ok: true,
    value: {
      round: v(checks.round),
      stage: v(checks.stage),
      date: e.date,
      time: v(checks.time),
      team1: v(checks.team1),
      team2: v(checks.team2),
      score: v(checks.score),
      status: v(checks.status),
    },
  };
}
