import assert from 'node:assert/strict';
import { test } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { QueryTemplates } from '../../../src/storage/query-templates.js';
import type { Database } from '../../../src/storage/schema.js';

interface Params extends Record<string, string | number | undefined> {
  teamId?: string;
  seasonId?: string;
  limit: number;
}

const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }) });
let builds = 0;
const templates = new QueryTemplates<Params>((kysely, params) => {
  builds += 1;
  let query = kysely.selectFrom('matches').select('id');
  // Parameters appear in an order of the builder's choosing, not the order of the params object.
  if (params.seasonId) query = query.where('season_id', '=', params.seasonId);
  if (params.teamId) query = query.where('home_team_id', '=', params.teamId);
  return query.limit(params.limit);
});

test('query templates: one compilation per shape, values placed by name', () => {
  const first = templates.compile(db, { teamId: 'team_a', seasonId: 'season_1', limit: 26 });
  const second = templates.compile(db, { limit: 11, seasonId: 'season_2', teamId: 'team_b' });
  assert.equal(builds, 1, 'the same shape reuses the compiled SQL');
  assert.equal(first.sql, second.sql);
  assert.deepEqual(first.parameters, ['season_1', 'team_a', 26]);
  assert.deepEqual(second.parameters, ['season_2', 'team_b', 11]);

  const seasonOnly = templates.compile(db, { seasonId: 'season_3', teamId: undefined, limit: 5 });
  assert.equal(builds, 2, 'a parameter left out makes another shape');
  assert.doesNotMatch(seasonOnly.sql, /home_team_id/);
  assert.deepEqual(seasonOnly.parameters, ['season_3', 5]);
});

test('query templates: a builder that turns a value into something else is refused', () => {
  const derived = new QueryTemplates<Params>((kysely, params) =>
    kysely
      .selectFrom('matches')
      .select('id')
      .where('season_id', '=', `${params.seasonId}x`)
      .limit(params.limit),
  );
  assert.throws(() => derived.compile(db, { seasonId: 'season_1', limit: 1 }), /has no name/);
});
