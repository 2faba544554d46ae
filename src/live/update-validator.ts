import { TypeCompiler, type ValueError } from '@sinclair/typebox/compiler';
import type { TSchema } from '@sinclair/typebox';
import { MatchUpdate, OPERATOR_ID_PATTERN } from './match-update.js';

const checker = TypeCompiler.Compile(MatchUpdate);

/** `/events/0/type` as `events[0].type`; the update itself as `update`. */
function where(path: string): string {
  if (path === '') return 'update';
  return path
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('');
}

/** The literals a union of literals allows (an enumeration), if it is one. */
function literals(schema: TSchema): string[] | undefined {
  const options = (schema as { anyOf?: TSchema[] }).anyOf;
  if (!options) return undefined;
  const values = options.map((o) => (o as { const?: unknown }).const);
  return values.every((v) => typeof v === 'string') ? (values as string[]) : undefined;
}

/** A lineup player's place: `/lineups/home/starting/0`. */
const LINEUP_PLAYER = /^\/lineups\/(home|away)\/(starting|bench)\/\d+$/;

/**
 * What is wrong with a lineup player (a union of {id} and {key, name}): the errors of the variant the
 * player's fields point to, else what it must be.
 */
function describeLineupPlayer(error: ValueError): string {
  const value = error.value as Record<string, unknown> | null;
  const variant =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? 'id' in value
        ? 0
        : 'key' in value
          ? 1
          : undefined
      : undefined;
  const errors = variant === undefined ? [] : [...(error.errors[variant] ?? [])];
  const first = errors.find((e) => /^Unexpected property/.test(e.message)) ?? errors[0];
  return first ? describe(first) : `${where(error.path)} must be {id} or {key, name}`;
}

function describe(error: ValueError): string {
  if (LINEUP_PLAYER.test(error.path) && error.errors.length > 0) return describeLineupPlayer(error);
  const allowed = literals(error.schema);
  if (allowed) return `${where(error.path)} must be one of ${allowed.join(', ')}`;
  const additional = /^Unexpected property/.test(error.message);
  if (additional) return `${where(error.path)} is not a field the format knows`;
  if (/^Expected required property/.test(error.message)) return `${where(error.path)} is missing`;
  if ((error.schema as { pattern?: string }).pattern === OPERATOR_ID_PATTERN) {
    return `${where(error.path)} must not be blank, nor start or end with a space`;
  }
  if (error.path.endsWith('/match') || error.path === '/match') {
    return 'match must be a Touchline match ID (match_…) or {source, key}';
  }
  return `${where(error.path)}: ${error.message.replace(/^Expected/, 'expected')}`;
}

export type Checked = { ok: true; update: MatchUpdate } | { ok: false; reason: string };

/**
 * Checks that `value` is a match update as the format says, naming the first thing wrong with it (a field
 * unknown, missing or of the wrong type, a value out of range).
 */
export function checkMatchUpdate(value: unknown): Checked {
  if (checker.Check(value)) return { ok: true, update: value };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, reason: 'an update must be a JSON object' };
  }
  // Unknown fields first: they explain the rest (a misspelt field is also a missing one).
  const errors = [...checker.Errors(value)];
  const first = errors.find((e) => /^Unexpected property/.test(e.message)) ?? errors[0];
  return { ok: false, reason: first ? describe(first) : 'not a match update' };
}
