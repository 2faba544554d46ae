// A run recounts only the competitions its writes touched (src/projections/count-scope.ts): where a changed
// row is now, and where it was. A match that keeps its ID but moves to another competition (as a
// source re-filing a fixture could send it) must leave both competitions' counts true; so must a changed
// score, and a match withdrawn. After each run a full recount finds nothing to write. On the engine under
// test.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import type { CanonicalBatch } from '../../../src/ingest/canonical.js';
import { loadOpenfootball } from '../../../src/ingest/openfootball/adapter.js';
import { runIngestion } from '../../../src/ingest/runner.js';
import type { Storage } from '../../../src/storage/connection.js';
import { buildTestApp, INGESTED_AT, reingestFixture } from '../../support/build-app.js';
import { assertCountsExact } from '../../support/exact-counts.js';

/** Ingests the app's fixture again, its normalized batch changed by `edit` before it is written. */
async function ingestEdited(storage: Storage, dir: string, edit: (batch: CanonicalBatch) => void) {
  const from = path.join(dir, 'football.json');
  const clubs = path.join(dir, 'clubs');
  const run = await runIngestion(storage, {
    source: 'openfootball',
    location: from,
    load: async () => {
      const loaded = await loadOpenfootball({ from, clubs });
      return {
        ...loaded,
        normalize: (context) => {
          const batch = loaded.normalize(context);
          edit(batch);
          return batch;
        },
      };
    },
    clock: () => new Date(INGESTED_AT),
  });
  assert.equal(run.outcome, 'succeeded', run.error ?? '');
  return run;
}

async function counts(storage: Storage, competitionId: string) {
  const row = await storage.db
    .selectFrom('competitions')
    .select(['match_count', 'result_count', 'team_count'])
    .where('id', '=', competitionId)
    .executeTakeFirstOrThrow();
  return {
    matches: Number(row.match_count),
    results: Number(row.result_count),
    teams: Number(row.team_count),
  };
}

test('derived counts: a run recounts where its rows are and where they were', async (t) => {
  const built = await buildTestApp(t);
  const { storage, ids } = built;
  await assertCountsExact(storage, 'the first run');

  const en2Season = await storage.db
    .selectFrom('seasons')
    .select('id')
    .where('competition_id', '=', ids.competitions.en2)
    .executeTakeFirstOrThrow();
  const en1Before = await counts(storage, ids.competitions.en1);
  const en2Before = await counts(storage, ids.competitions.en2);

  await t.test(
    'a match moved to another competition under its ID counts there, and no longer where it was',
    async () => {
      const run = await ingestEdited(storage, built.dir, (batch) => {
        const match = batch.matches.find((m) => m.id === ids.matches.burnleyCity);
        assert.ok(match, 'the fixture sends the match');
        match.competition_id = ids.competitions.en2;
        match.season_id = en2Season.id;
      });
      assert.equal(run.updated, 1, 'the match is updated, not inserted');
      const en1 = await counts(storage, ids.competitions.en1);
      const en2 = await counts(storage, ids.competitions.en2);
      assert.equal(en1.matches, en1Before.matches - 1);
      assert.equal(en2.matches, en2Before.matches + 1);
      assert.equal(en1.results + en2.results, en1Before.results + en2Before.results);
      await assertCountsExact(storage, 'the move');
    },
  );

  await t.test('moved back, and a score changed, both stay exact', async () => {
    await ingestEdited(storage, built.dir, () => undefined);
    assert.deepEqual(await counts(storage, ids.competitions.en1), en1Before);
    assert.deepEqual(await counts(storage, ids.competitions.en2), en2Before);
    await reingestFixture(built, (matches) =>
      matches.map((m, i) => (i === 0 ? { ...m, score: { ft: [4, 4] } } : m)),
    );
    await assertCountsExact(storage, 'a changed score');
  });

  await t.test('a withdrawn match leaves its competition and season counting one less', async () => {
    await reingestFixture(built, (matches) => matches.slice(1));
    assert.equal((await counts(storage, ids.competitions.en1)).matches, en1Before.matches - 1);
    await assertCountsExact(storage, 'a removal');
  });
});
