import { CompiledQuery, sql, type Compilable, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema.js';
import { rowWriterOf } from '../sqlite-row-writer.js';

type Db = Kysely<Database> | Transaction<Database>;
type Row = Record<string, unknown>;

/** Per dialect adapter: whether it numbers its placeholders (`$1`, PostgreSQL) or writes `?` (SQLite). */
const numbering = new WeakMap<object, boolean>();

export function numbersPlaceholders(db: Db): boolean {
  const adapter = db.getExecutor().adapter;
  let numbered = numbering.get(adapter);
  if (numbered === undefined) {
    numbered = sql`select ${1}`.compile(db).sql.includes('$1');
    numbering.set(adapter, numbered);
  }
  return numbered;
}

/** `"name"`, as Kysely quotes identifiers on both engines. */
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Whether a value is bound as it is. Kysely writes undefined as a column default and turns functions and
 * expression objects into SQL; rows holding either take its own path.
 */
const bindable = (value: unknown) =>
  value !== undefined && typeof value !== 'function' && (typeof value !== 'object' || value === null);

/**
 * Every row's values, in the first row's key order, when every row has exactly those keys, each with a
 * bindable value; else undefined. Kysely then writes those columns in that order and binds every value.
 */
function uniformValues(rows: readonly Row[], columns: readonly string[]): unknown[][] | undefined {
  const out: unknown[][] = [];
  for (const row of rows) {
    const keys = Object.keys(row);
    if (keys.length !== columns.length) return undefined;
    // Records of a table list their keys in one order: their values come in a row, looked up by name
    // only where the order differs.
    const values = Object.values(row);
    for (let i = 0; i < keys.length; i += 1) {
      const value = keys[i] === columns[i] ? values[i] : row[columns[i]!];
      if (!bindable(value)) return undefined;
      values[i] = value;
    }
    out.push(values);
  }
  return out;
}

function insertText(table: string, columns: readonly string[], tuples: readonly string[]): string {
  return `insert into ${quoted(table)} (${columns.map(quoted).join(', ')}) values ${tuples.join(', ')}`;
}

/**
 * The statement Kysely's `insertInto(table).values(rows)` compiles, word for word and with the same
 * parameters, but written directly: Kysely builds and then visits an operation node per value, which for
 * the thousands of rows of an ingestion run costs more than the database takes to insert them. Undefined
 * for rows Kysely would write otherwise (a missing key, an undefined value, an expression).
 */
export function compilePlainInsert(
  db: Db,
  table: keyof Database,
  rows: readonly Row[],
): CompiledQuery | undefined {
  if (rows.length === 0) return undefined;
  const columns = Object.keys(rows[0]!);
  const values = uniformValues(rows, columns);
  if (!values) return undefined;
  const tuples = numbersPlaceholders(db)
    ? rows.map((_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`)
    : // Every row's tuple reads the same: written once.
      new Array<string>(rows.length).fill(`(${columns.map(() => '?').join(', ')})`);
  return CompiledQuery.raw(insertText(table, columns, tuples), values.flat());
}

/**
 * Runs the statement `oneRow` makes (one binding a row's values, in the first row's key order) for each of
 * `rows`, directly on the connection a SQLite transaction holds, and returns the rows they changed;
 * undefined, having run nothing, elsewhere or for rows that are not plain (see uniformValues).
 */
function runEachRow(db: Db, oneRow: () => string, rows: readonly Row[]): number | undefined {
  const prepare = rowWriterOf(db);
  const values = prepare && uniformValues(rows, Object.keys(rows[0]!));
  if (!prepare || !values) return undefined;
  const statement = prepare(oneRow());
  let changed = 0;
  for (const row of values) changed += statement.run(row).changes;
  return changed;
}

/**
 * Inserts `rows` into `table`, as `insertInto(table).values(rows)` does in one statement. In a SQLite
 * transaction, plain rows go one statement each, run directly: SQLite keeps a journal of every page a
 * statement of many rows changes (to undo that statement alone should a row fail), a copy of most of
 * what a large import writes, which one row at a time never needs. A failing row then leaves the rows
 * before it in the transaction: every caller rolls the whole transaction back on an error.
 */
export async function insertPlainRows(db: Db, table: keyof Database, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const oneRow = () => insertText(table, columns, [`(${columns.map(() => '?').join(', ')})`]);
  if (runEachRow(db, oneRow, rows) !== undefined) return;
  const compiled = compilePlainInsert(db, table, rows);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  if (!compiled) await (db.insertInto(table) as any).values(rows).execute();
  else await db.executeQuery(compiled);
}

/** Rows per statement where a statement takes many: within both engines' limits on bound values. */
const ROWS_PER_STATEMENT = 1000;

/**
 * Writes `rows` with `statement` (a builder of one statement for the rows it is given, such as an
 * upsert whose update refers to `excluded` and so binds only the rows' values). In a SQLite transaction
 * its one-row form is prepared once and run per row, as insertPlainRows does, for the same reason and
 * because Kysely's building of the statement (an operation node per value) costs more than the write;
 * elsewhere a statement per ROWS_PER_STATEMENT rows. Returns the rows inserted or updated (an upsert whose
 * update a `where` skips counts none for that row).
 */
export async function writeRows<R extends Row>(
  db: Db,
  statement: (rows: readonly R[]) => Compilable,
  rows: readonly R[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const direct = runEachRow(db, () => statement(rows.slice(0, 1)).compile().sql, rows);
  if (direct !== undefined) return direct;
  let changed = 0;
  for (let from = 0; from < rows.length; from += ROWS_PER_STATEMENT) {
    const result = await db.executeQuery(statement(rows.slice(from, from + ROWS_PER_STATEMENT)).compile());
    changed += Number(result.numAffectedRows ?? 0);
  }
  return changed;
}
