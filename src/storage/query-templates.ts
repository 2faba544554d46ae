import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Storage } from './connection.js';
import type { Maybe } from './maybe.js';
import type { Database } from './schema.js';

type Value = string | number;
type Params = Record<string, Value | undefined>;

interface Template {
  sql: string;
  /** For each `?` or `$n` of the SQL, the parameter it takes. */
  names: string[];
}

/** Stand-ins that cannot collide with real values: filter values are never NUL-led, counts never negative. */
function standIn(name: string, value: Value, index: number): Value {
  return typeof value === 'number' ? -1_000_000_000 - index : `\u0000${name}`;
}

/**
 * Compiles a query once per shape (which of its parameters are present) and reuses the SQL with new
 * values. Building and compiling a Kysely query costs about as much as running the indexed SQLite query
 * it makes, so hot reads skip it after the first time.
 */
export class QueryTemplates<P extends Params> {
  private readonly byDb = new WeakMap<Kysely<Database>, Map<string, Template>>();

  constructor(private readonly build: (db: Kysely<Database>, params: P) => Compilable) {}

  compile(db: Kysely<Database>, params: P): CompiledQuery {
    const present = Object.keys(params)
      .filter((name) => params[name] !== undefined)
      .sort();
    const shape = present.join(',');
    let templates = this.byDb.get(db);
    if (!templates) {
      templates = new Map();
      this.byDb.set(db, templates);
    }
    let template = templates.get(shape);
    if (!template) {
      template = this.template(db, params, present);
      templates.set(shape, template);
    }
    return CompiledQuery.raw(
      template.sql,
      template.names.map((name) => params[name]),
    );
  }

  private template(db: Kysely<Database>, params: P, present: string[]): Template {
    const standIns: Params = {};
    const nameOf = new Map<Value, string>();
    present.forEach((name, index) => {
      const value = standIn(name, params[name] as Value, index);
      standIns[name] = value;
      nameOf.set(value, name);
    });
    const compiled = this.build(db, standIns as P).compile();
    const names = compiled.parameters.map((value) => {
      const name = nameOf.get(value as Value);
      if (name === undefined) throw new Error(`query template: parameter ${String(value)} has no name`);
      return name;
    });
    return { sql: compiled.sql, names };
  }
}

/**
 * Runs a compiled read: its rows at once where the database is in process (SQLite), a promise of them
 * through Kysely elsewhere. Every read is written once over this (see maybe.ts).
 */
export function readRows<R>(storage: Storage, query: CompiledQuery): Maybe<R[]> {
  if (storage.readNow) return storage.readNow(query) as R[];
  return storage.db.executeQuery<R>(query).then((result) => result.rows);
}

/** readRows, each row's first column instead of the row (no object is built per row on SQLite). */
export function readColumn<V>(storage: Storage, query: CompiledQuery): Maybe<V[]> {
  if (storage.readColumnNow) return storage.readColumnNow(query) as V[];
  return storage.db
    .executeQuery<Record<string, V>>(query)
    .then((result) => result.rows.map((row) => Object.values(row)[0] as V));
}
