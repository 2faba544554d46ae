// The directly written insert of an ingestion run's rows must be the statement Kysely compiles for them,
// text and parameters, on both engines' dialects; rows Kysely writes otherwise are left to it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { compilePlainInsert } from '../../../src/storage/repositories/plain-insert.js';
import type { Database } from '../../../src/storage/schema.js';

const dialects = {
  sqlite: new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
  postgres: new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
};

const rows = [
  { kind: 'match' as const, record_id: 'match_a', changed_at: '2024-03-01T12:00:00.000Z', removed: 0 },
  { kind: 'match' as const, record_id: 'match_"b"', changed_at: null, removed: 1 },
  // Keys in another order: the first row's order names the columns.
  { record_id: 'match_c', kind: 'match' as const, removed: 0, changed_at: '2024-03-01T12:00:00.001Z' },
];

describe('storage: plain inserts', () => {
  for (const [engine, db] of Object.entries(dialects)) {
    it(`${engine}: compiles to Kysely's statement and parameters`, () => {
      const expected = db.insertInto('changes').values(rows).compile();
      const compiled = compilePlainInsert(db, 'changes', rows);
      assert.ok(compiled);
      assert.equal(compiled.sql, expected.sql);
      assert.deepEqual(compiled.parameters, expected.parameters);
    });

    it(`${engine}: one row, as Kysely writes it`, () => {
      const expected = db.insertInto('changes').values([rows[0]!]).compile();
      assert.equal(compilePlainInsert(db, 'changes', [rows[0]!])?.sql, expected.sql);
    });

    it(`${engine}: leaves to Kysely rows with a missing key, an undefined value or an object`, () => {
      const [first, second] = rows;
      const missing = { kind: second!.kind, record_id: second!.record_id, changed_at: second!.changed_at };
      assert.equal(compilePlainInsert(db, 'changes', [first!, missing]), undefined);
      assert.equal(
        compilePlainInsert(db, 'changes', [first!, { ...second!, changed_at: undefined }]),
        undefined,
      );
      assert.equal(compilePlainInsert(db, 'changes', [first!, { ...second!, extra: 1 }]), undefined);
      assert.equal(compilePlainInsert(db, 'changes', [first!, { ...missing, extra: 1 }]), undefined);
      assert.equal(compilePlainInsert(db, 'changes', [{ ...first!, changed_at: new Date() }]), undefined);
      assert.equal(compilePlainInsert(db, 'changes', []), undefined);
    });
  }
});
