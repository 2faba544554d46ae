import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { openStorage } from '../../../src/storage/connection.js';

test('SQLite: a LIMIT is bound through a cast, and a reused statement still limits by each value', async (t) => {
  const storage = openStorage('sqlite::memory:');
  t.after(() => storage.close());
  const db = storage.db.withTables<{ numbers: { n: number } }>();
  await sql`create table numbers (n integer primary key)`.execute(db);
  await db
    .insertInto('numbers')
    .values([1, 2, 3, 4, 5].map((n) => ({ n })))
    .execute();
  const page = (limit: number, offset: number) =>
    db.selectFrom('numbers').select('n').orderBy('n').limit(limit).offset(offset);

  const compiled = page(2, 1).compile();
  assert.match(compiled.sql, /limit cast\(\? as integer\) offset \?$/);
  assert.deepEqual(compiled.parameters, [2, 1]);
  // A subquery is made a node (and transformed) before the query around it: its LIMIT is cast once.
  const outer = db.selectFrom(page(2, 1).as('page')).select('page.n').limit(1).compile();
  assert.equal(outer.sql.match(/cast\(/g)?.length, 2, outer.sql);

  // Through Kysely and through the statement the synchronous reads share, one SQL text each time.
  assert.deepEqual(await page(2, 1).execute(), [{ n: 2 }, { n: 3 }]);
  assert.deepEqual(await page(4, 0).execute(), [{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
  for (const [limit, offset, expected] of [
    [1, 0, [1]],
    [3, 2, [3, 4, 5]],
    [10, 4, [5]],
  ] as const) {
    const query = page(limit, offset).compile();
    assert.equal(query.sql, compiled.sql);
    assert.deepEqual(storage.readColumnNow!(query), expected);
    assert.deepEqual(
      storage.readNow!(query),
      expected.map((n) => ({ n })),
    );
  }
});
