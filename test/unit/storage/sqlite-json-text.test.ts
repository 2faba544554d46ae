import assert from 'node:assert/strict';
import { test } from 'node:test';
import SqliteDatabase from 'better-sqlite3';

// The match list on SQLite sends JSON written by json_object as it is (listMatchesAsJson): values from any
// source must come out exactly as JSON.stringify writes them, or list and by-id answers would differ.
test("SQLite's json_object writes stored text and integers as JSON.stringify does", () => {
  const sqlite = new SqliteDatabase(':memory:');
  // Integer columns matter: better-sqlite3 binds JS numbers as reals, which json_object would write as
  // 7.0; a column of integer affinity stores them as integers (every score column is one).
  sqlite.exec('create table t (text text not null, n integer)');
  const insert = sqlite.prepare('insert into t (text, n) values (?, ?)');
  const json = sqlite.prepare("select json_object('text', text, 'n', n, 'none', null) from t").pluck();
  const texts = [
    'Manchester United FC',
    'Atlético Madrid',
    'Borussia Mönchengladbach',
    '1. FC Köln',
    'K\u00f8benhavn \u2014 "Lions" \\ / \u2028\u2029 \ud83d\ude00',
    `tab\tnewline\ncarriage\rbackspace\bformfeed\f${String.fromCharCode(1, 31, 127)}`,
    '',
  ];
  for (const text of texts) {
    for (const n of [0, 7, 120, -1, null]) {
      sqlite.exec('delete from t');
      insert.run(text, n);
      assert.equal(json.get(), JSON.stringify({ text, n, none: null }));
    }
  }
  sqlite.close();
});
