import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Static, TSchema } from '@sinclair/typebox';
import { TypeCompiler, type ValueError } from '@sinclair/typebox/compiler';

/**
 * The repository's data/ folder: curated facts kept as JSON (competition rules, zones, adjustments, the
 * OpenAPI examples), each file beside the JSON Schema it follows. Two levels up from this module both in
 * src/text (run through tsx) and in dist/text (the build), so the build needs no copy step and the
 * package ships the folder as it is.
 */
export const DATA_DIR = fileURLToPath(new URL('../../data/', import.meta.url));

/** A data file that cannot be used: unreadable, not JSON, or not what its schema describes. */
export class DataFileError extends Error {
  override name = 'DataFileError';
}

/** How many schema violations a message lists: the first few say where to look, all would drown it. */
const LISTED = 5;

/** One violation, located by its JSON Pointer in the file ("/competitions/3/eras/0/rules/tiebreakers/1"). */
function describe(error: ValueError): string {
  const where = error.path === '' ? '(the whole file)' : error.path;
  // A union of literals (a tiebreaker, a zone's description) says which values it takes.
  const options = (error.schema as { anyOf?: Array<{ const?: unknown }> }).anyOf;
  const allowed =
    options !== undefined && options.every((o) => o.const !== undefined)
      ? ` (one of ${options.map((o) => JSON.stringify(o.const)).join(', ')})`
      : '';
  return `${where}: ${error.message}${allowed}, got ${JSON.stringify(error.value) ?? 'nothing'}`;
}

/** Freezes a parsed file all the way down: the tables are shared by every request and never change. */
function deepFreeze<T>(value: T): Frozen<T> {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value as Frozen<T>;
}

/**
 * `value`, parsed from `file`, checked against `schema`; a DataFileError naming the file and the path of
 * each violation (the first few) otherwise. The value is frozen and typed by the schema.
 */
export function checkedData<T extends TSchema>(file: string, value: unknown, schema: T): Frozen<Static<T>> {
  const checker = TypeCompiler.Compile(schema);
  if (checker.Check(value)) return deepFreeze(value);
  const errors = [...checker.Errors(value)];
  const listed = errors.slice(0, LISTED).map(describe);
  const more = errors.length > LISTED ? `; and ${errors.length - LISTED} more` : '';
  throw new DataFileError(`${file} does not follow its schema: ${listed.join('; ')}${more}`);
}

/**
 * Reads a data file (a path relative to data/, or absolute) and checks it against its schema. Called
 * when a module is first imported, so a broken file stops the process at start-up with the message,
 * never halfway through a request.
 */
export function readDataFile<T extends TSchema>(file: string, schema: T): Frozen<Static<T>> {
  const absolute = path.resolve(DATA_DIR, file);
  let text: string;
  try {
    text = fs.readFileSync(absolute, 'utf8');
  } catch (error) {
    throw new DataFileError(`${absolute} cannot be read: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new DataFileError(`${absolute} is not JSON: ${(error as Error).message}`);
  }
  return checkedData(absolute, value, schema);
}

/** A data file's published JSON Schema: the same folder, `name.schema.json` for `name.json`. */
export interface PublishedDataSchema {
  /** The schema file, relative to the repository root ("data/standings/adjustments.schema.json"). */
  file: string;
  schema: TSchema;
  title: string;
  description: string;
}

/** A data file's value as the code sees it: frozen, so readonly all the way down. */
export type Frozen<T> = T extends (infer U)[]
  ? readonly Frozen<U>[]
  : T extends object
    ? { readonly [K in keyof T]: Frozen<T[K]> }
    : T;
