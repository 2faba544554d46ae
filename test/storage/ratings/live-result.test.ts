// A live result rates the match once it is finished, in the update's own transaction, from its kick-off
// on only, and the change feed logs the two teams (src/projections/ratings.ts via src/live/apply-update.ts).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { applyMatchUpdate } from '../../../src/live/apply-update.js';
import { buildTestApp, type TestApp } from '../../support/build-app.js';

const NOW = new Date('2024-05-19T15:00:00.000Z');

describe('ratings: a live result', () => {
  let built: TestApp;
  const hooks: Array<() => Promise<void>> = [];
  before(async () => {
    built = await buildTestApp({ after: (fn) => void hooks.push(fn as () => Promise<void>) });
  });
  after(async () => {
    for (const hook of hooks.reverse()) await hook();
  });
  const apply = (update: unknown) => applyMatchUpdate(built.storage, update, 'test', NOW);
  const points = () =>
    built.storage.db
      .selectFrom('rating_points')
      .selectAll()
      .orderBy('starts_at')
      .orderBy('team_id')
      .execute();
  const ratingChanges = () =>
    built.storage.db
      .selectFrom('changes')
      .select(['record_id', 'seq'])
      .where('kind', '=', 'rating')
      .execute();

  it('rates nothing while the match is live, and the match alone once it is finished', async () => {
    const id = built.ids.matches.scheduled;
    const before = await points();
    const changesBefore = await ratingChanges();
    assert.equal(before.filter((p) => p.match_id === id).length, 0);
    assert.equal(
      (await apply({ update_id: 'ko', match: id, sequence: 1, status: 'live' })).outcome,
      'applied',
    );
    assert.equal(
      (await apply({ update_id: 'g', match: id, sequence: 2, score: { home: 1, away: 0 } })).outcome,
      'applied',
    );
    assert.deepEqual(await points(), before, 'a live score is not a result');
    assert.equal(
      (await apply({ update_id: 'ft', match: id, sequence: 3, status: 'finished' })).outcome,
      'applied',
    );
    const after = await points();
    const mine = after.filter((p) => p.match_id === id);
    assert.deepEqual(
      mine.map((p) => p.team_id).sort(),
      [built.ids.teams.manCity, built.ids.teams.arsenal].sort(),
    );
    const city = mine.find((p) => p.team_id === built.ids.teams.manCity)!;
    assert.ok(Number(city.rating_after) > Number(city.rating_before), 'City won at home');
    // Every earlier point is as it was: the pass started at this match's kick-off.
    assert.deepEqual(
      after.filter((p) => p.match_id !== id),
      before,
    );
    const logged = (await ratingChanges()).filter(
      (c) => !changesBefore.some((b) => b.record_id === c.record_id && b.seq === c.seq),
    );
    assert.deepEqual(
      logged.map((c) => c.record_id).sort(),
      [built.ids.teams.manCity, built.ids.teams.arsenal].sort(),
    );
  });
});
