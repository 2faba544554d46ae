// Matches a source withdraws (issue 19): a run that sends a season whole removes the matches its source
// wrote there before and no longer sends, with every row that refers to them, and logs a tombstone; it
// removes nothing from a season it did not read whole (a rejected match), nothing another source wrote,
// and nothing when more than half the season went (a source cut short). On the engine under test.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { API } from '../../support/api-contract.js';
import {
  buildTestApp,
  FIXTURE,
  reingestFixture,
  type FixtureEntry,
  type TestApp,
} from '../../support/build-app.js';

const without = (home: string, away: string) => (matches: FixtureEntry[]) =>
  matches.filter((m) => !(m.team1 === home && m.team2 === away));

async function stored(built: TestApp, id: string) {
  return built.storage.db.selectFrom('matches').select('id').where('id', '=', id).executeTakeFirst();
}

async function tombstones(built: TestApp) {
  return built.storage.db
    .selectFrom('changes')
    .select(['record_id', 'replaced_by'])
    .where('removed', '=', 1)
    .where('kind', '=', 'match')
    .execute();
}

test('a withdrawn match is removed with its rows, answers 404 and leaves a tombstone', async (t) => {
  const built = await buildTestApp(t);
  const id = built.ids.matches.burnleyCity;
  const url = `${API}/football/matches/${id}`;
  assert.equal((await built.app.inject({ url, headers: built.auth() })).statusCode, 200);
  const before = await built.storage.db
    .selectFrom('seasons')
    .select('match_count')
    .where('id', '=', built.ids.seasons.en1_2023)
    .executeTakeFirstOrThrow();

  const run = await reingestFixture(built, without('Burnley FC', 'Manchester City FC'));
  assert.equal(await stored(built, id), undefined, 'the match is gone');
  assert.deepEqual(run.notes, [
    `season ${built.ids.seasons.en1_2023}: 1 match removed, no longer sent (tombstones in the change feed)`,
  ]);
  for (const table of ['match_events', 'match_lineups', 'match_team_sheets', 'match_sources'] as const) {
    const left = await built.storage.db.selectFrom(table).select('id').where('match_id', '=', id).execute();
    assert.deepEqual(left, [], table);
  }
  assert.deepEqual(await tombstones(built), [{ record_id: id, replaced_by: null }]);
  const after = await built.storage.db
    .selectFrom('seasons')
    .select('match_count')
    .where('id', '=', built.ids.seasons.en1_2023)
    .executeTakeFirstOrThrow();
  assert.equal(Number(after.match_count), Number(before.match_count) - 1, 'the season counts one less');
  built.cache.clear();
  const gone = await built.app.inject({ url, headers: built.auth() });
  assert.equal(gone.statusCode, 404, gone.body);

  // Sent again, it comes back under its ID, and the log holds it as a change, not a tombstone.
  await reingestFixture(built, (matches) => [...matches, FIXTURE['2023-24/en.1']!.matches[0]!]);
  assert.ok(await stored(built, id));
  assert.deepEqual(await tombstones(built), []);
});

test('a re-keyed fixture (its round renamed) is removed and names the match that took its place', async (t) => {
  const built = await buildTestApp(t);
  await reingestFixture(built, (matches) =>
    matches.map((m) =>
      m.team1 === 'Burnley FC' && m.team2 === 'Manchester City FC' ? { ...m, round: 'Opening day' } : m,
    ),
  );
  const [tombstone] = await tombstones(built);
  assert.equal(tombstone?.record_id, built.ids.matches.burnleyCity);
  assert.ok(tombstone?.replaced_by, 'names its replacement');
  assert.ok(await stored(built, tombstone.replaced_by));
});

test('nothing is removed from a season read with a rejected match, nor a match another source wrote', async (t) => {
  const built = await buildTestApp(t);
  const id = built.ids.matches.burnleyCity;
  await reingestFixture(built, (matches) => [
    ...without('Burnley FC', 'Manchester City FC')(matches),
    { round: 'Matchday 2', date: '2023-08-19', team1: 'Burnley FC', team2: 'Burnley FC' },
  ]);
  assert.ok(await stored(built, id), 'kept: the season was not read whole');

  await built.storage.db.updateTable('matches').set({ source: 'feed' }).where('id', '=', id).execute();
  await reingestFixture(built, without('Burnley FC', 'Manchester City FC'));
  assert.ok(await stored(built, id), 'kept: another source wrote it');
  assert.deepEqual(await tombstones(built), []);
});

test('a season that lost more than half its matches keeps them, with a note', async (t) => {
  const built = await buildTestApp(t);
  const run = await reingestFixture(built, (matches) => matches.slice(0, 1));
  assert.ok(await stored(built, built.ids.matches.scheduled), 'kept');
  assert.ok(
    run.notes.some((note) => /more than half, so none removed/.test(note)),
    run.notes.join('\n'),
  );
  assert.deepEqual(await tombstones(built), []);
});
