import { fail, ok, type Parsed } from './parsed.js';
import { parseScore, type Score } from './score.js';

/** One entry of a worldcup.json `matches` array after validation, before identity resolution. */
export interface MatchEntry {
  round: string | null;
  group: string | null;
  date: string;
  time: string | null;
  timeLocal: string | null;
  team1: string;
  team2: string;
  score: Score;
  status: string | null;
  ground: string | null;
  num: number | null;
  /** The goal lists as given (each entry is checked on its own); null when the file has none. */
  goals1: unknown[] | null;
  goals2: unknown[] | null;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDate(date: string): boolean {
  const m = DATE.exec(date);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === date;
}

function text(value: unknown, field: string): Parsed<string | null> {
  if (value === undefined || value === null) return ok(null);
  if (typeof value !== 'string') return fail(`${field} is not a string`);
  const trimmed = value.trim().replace(/\s+/g, ' ');
  return ok(trimmed === '' ? null : trimmed);
}

function team(value: unknown, field: string): Parsed<string> {
  const name = text(value, field);
  if (!name.ok) return name;
  return name.value === null ? fail(`${field} is missing or empty`) : ok(name.value);
}

function goalList(value: unknown, field: string): Parsed<unknown[] | null> {
  if (value === undefined || value === null) return ok(null);
  return Array.isArray(value) ? ok(value) : fail(`${field} is not a list`);
}

function matchNumber(value: unknown): Parsed<number | null> {
  if (value === undefined || value === null) return ok(null);
  return Number.isInteger(value) && (value as number) > 0
    ? ok(value as number)
    : fail('num is not a match number');
}

/** Validates one entry of a `matches` array; never throws. */
export function parseMatchEntry(entry: unknown): Parsed<MatchEntry> {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    return fail('match entry is not an object');
  }
  const e = entry as Record<string, unknown>;
  if (typeof e.date !== 'string' || !isRealDate(e.date)) {
    return fail(`date ${JSON.stringify(e.date)} is not a valid YYYY-MM-DD date`);
  }
  const checks = {
    team1: team(e.team1, 'team1'),
    team2: team(e.team2, 'team2'),
    round: text(e.round, 'round'),
    group: text(e.group, 'group'),
    time: text(e.time, 'time'),
    timeLocal: text(e.time_local, 'time_local'),
    score: parseScore(e.score),
    status: text(e.status, 'status'),
    ground: text(e.ground, 'ground'),
    num: matchNumber(e.num),
    goals1: goalList(e.goals1, 'goals1'),
    goals2: goalList(e.goals2, 'goals2'),
  };
  for (const check of Object.values(checks)) if (!check.ok) return check;
  const v = <T>(p: Parsed<T>): T => (p as { value: T }).value;
  return ok({
    round: v(checks.round),
    group: v(checks.group),
    date: e.date,
    time: v(checks.time),
    timeLocal: v(checks.timeLocal),
    team1: v(checks.team1),
    team2: v(checks.team2),
    score: v(checks.score),
    status: v(checks.status),
    ground: v(checks.ground),
    num: v(checks.num),
    goals1: v(checks.goals1),
    goals2: v(checks.goals2),
  });
}
