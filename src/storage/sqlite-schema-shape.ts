import { sql, type Kysely } from 'kysely';
import { openStorage } from './connection.js';
import { migrateToLatest } from './migrations/migrate.js';

/**
 * What a SQLite database's schema is made of: each table, index, view and trigger by name, and each
 * table's columns. The migration table records what ran, not what is there: a backup whose `matches`
 * table was dropped by hand still names every migration, and only its shape says it is incomplete.
 */
export interface SchemaShape {
  /** `table matches`, `index matches_by_kickoff`, …, each with the table it belongs to. */
  objects: Map<string, string>;
  /** Column names by table. */
  columns: Map<string, Set<string>>;
}

/** The shape of the database open on `db` (SQLite's own objects, `sqlite_…`, left out). */
export async function shapeOf<DB>(db: Kysely<DB>): Promise<SchemaShape> {
  const { rows } = await sql<{ type: string; name: string; tbl_name: string }>`
    select type, name, tbl_name from sqlite_master
     where type in ('table', 'index', 'view', 'trigger') and name not like 'sqlite\\_%' escape '\\'`.execute(
    db,
  );
  const shape: SchemaShape = { objects: new Map(), columns: new Map() };
  for (const { type, name, tbl_name: table } of rows) {
    shape.objects.set(`${type} ${name}`, table);
    if (type !== 'table') continue;
    const columns = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db);
    shape.columns.set(name, new Set(columns.rows.map((c) => c.name)));
  }
  return shape;
}

let expected: Promise<SchemaShape> | undefined;

/** The shape every migration leaves on an empty database: what a database of this version must have. */
export function expectedShape(): Promise<SchemaShape> {
  return (expected ??= (async () => {
    const storage = openStorage('sqlite::memory:');
    try {
      await migrateToLatest(storage);
      return await shapeOf(storage.db);
    } finally {
      await storage.close();
    }
  })());
}

/**
 * What `actual` lacks of `wanted`, in schema order: `table matches`, `column teams.slug`, … (a missing
 * table's indexes and triggers go without saying).
 */
export function missingFrom(actual: SchemaShape, wanted: SchemaShape): string[] {
  const missing: string[] = [];
  const tablesMissing = new Set<string>();
  for (const [object, table] of wanted.objects) {
    if (actual.objects.has(object)) continue;
    if (object.startsWith('table ')) tablesMissing.add(table);
    else if (tablesMissing.has(table) || !actual.objects.has(`table ${table}`)) continue;
    missing.push(object);
  }
  for (const [table, columns] of wanted.columns) {
    const have = actual.columns.get(table);
    if (!have) continue;
    for (const column of columns) if (!have.has(column)) missing.push(`column ${table}.${column}`);
  }
  return missing;
}
