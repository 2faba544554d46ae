import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import type { ValueError } from '@sinclair/typebox/errors';
import { storedTextProblem } from '../artifacts/text.js';

/** A schema compiled once, on first use: a feed of 50,000 fixtures checks each against it. */
export function compiledCheck<T extends TSchema>(schema: T): () => TypeCheck<T> {
  let compiled: TypeCheck<T> | undefined;
  return () => (compiled ??= TypeCompiler.Compile(schema));
}

function isNullSchema(schema: TSchema): boolean {
  return schema.type === 'null';
}

/** The values a union of literals allows, or undefined for any other schema. */
function literals(schema: TSchema): unknown[] | undefined {
  const variants = schema.anyOf as TSchema[] | undefined;
  if (!variants || !variants.every((v) => 'const' in v)) return undefined;
  return variants.map((v) => v.const as unknown);
}

/**
 * The error an operator can act on: TypeBox reports a union that failed as "Expected union value", so the
 * failure is looked for in the variants, where a value that is not null failed its non-null variant and a
 * word failed a list of allowed words.
 */
function describe(error: ValueError): string {
  // A JSON pointer (`/score/home`) read as the field (`score.home`).
  const where = error.path === '' ? 'the record' : error.path.slice(1).replaceAll('/', '.');
  const allowed = literals(error.schema);
  if (allowed) return `${where} must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
  const variants = (error.schema.anyOf as TSchema[] | undefined) ?? [];
  const tried = error.errors
    .map((iterator, at) => ({ first: iterator.First(), schema: variants[at] }))
    .filter((v): v is { first: ValueError; schema: TSchema } => v.first !== undefined)
    .filter((v) => !(v.schema && isNullSchema(v.schema)));
  if (tried.length === 1) return describe(tried[0]!.first);
  if (error.value === undefined && error.message === 'Expected required property') {
    return `${where} is missing`;
  }
  return `${where}: ${error.message.toLowerCase()}`;
}

/** Why `value` does not satisfy the compiled schema, or null when it does. */
export function schemaProblem<T extends TSchema>(check: TypeCheck<T>, value: unknown): string | null {
  if (check.Check(value)) return null;
  const first = check.Errors(value).First();
  return first ? describe(first) : 'does not match the schema';
}

/**
 * Why a feed record cannot be stored: it does not satisfy its schema, or some text of it holds a
 * character no stored text may (textProblem: a NUL, another control character, a bidirectional
 * override), or null when it can. Every record of the feed is checked through here, so the rule holds
 * on both engines alike: PostgreSQL would refuse a NUL and fail the whole run, SQLite would store it.
 */
export function recordProblem<T extends TSchema>(check: TypeCheck<T>, value: unknown): string | null {
  return schemaProblem(check, value) ?? storedTextProblem(value);
}
