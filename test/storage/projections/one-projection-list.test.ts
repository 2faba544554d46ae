// Ingestion and live updates keep the derived rows through one list of projections
// (src/projections/project.ts): a projection added to the list sees an ingestion run's writes and a live
// update's, once per transaction, inside that transaction, after the counts and the change log. On the
// engine under test.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyMatchUpdate } from '../../../src/live/apply-update.js';
import { addProjection } from '../../../src/projections/project.js';
import type { Projected, Written } from '../../../src/projections/written.js';
import { latestChange } from '../../../src/storage/repositories/change-log.repository.js';
import { buildTestApp, reingestFixture } from '../../support/build-app.js';

interface Seen {
  written: Written;
  counted: Projected['counts'];
  /** The watched match as the transaction reads it, and whether the step has logged it yet. */
  match: { status: string; home_score: number | null; logged: boolean };
}

test('one list of projections: a projection added sees both pipelines write, in their transactions', async (t) => {
  const built = await buildTestApp(t);
  const seen: Seen[] = [];
  // The match each step writes, which the probe reads back in the transaction.
  let watched = built.ids.matches.burnleyCity;
  // The change log's end before the step.
  let loggedBefore = await latestChange(built.storage.db);
  const remove = addProjection({
    name: 'probe',
    async project({ db }, written, before) {
      const row = await db
        .selectFrom('matches')
        .select(['status', 'home_score'])
        .where('id', '=', watched)
        .executeTakeFirstOrThrow();
      const logged = await db
        .selectFrom('changes')
        .select('seq')
        .where('kind', '=', 'match')
        .where('record_id', '=', watched)
        .where('seq', '>', loggedBefore)
        .executeTakeFirst();
      seen.push({ written, counted: before.counts, match: { ...row, logged: logged !== undefined } });
      return { rows: 0 };
    },
  });
  t.after(remove);

  // An ingestion run that corrects one score: Burnley v Manchester City, 0-3 to 4-3.
  const run = await reingestFixture(built, (matches) =>
    matches.map((m, i) => (i === 0 ? { ...m, score: { ht: [0, 2], ft: [4, 3] } } : m)),
  );
  assert.equal(seen.length, 1, 'the run projects once');
  const ingested = seen[0]!;
  const matches = ingested.written.tables.matches!;
  assert.equal(matches.result.outcome.get(built.ids.matches.burnleyCity), 'updated');
  assert.equal(ingested.written.inPlace, undefined);
  assert.deepEqual(ingested.match, { status: 'finished', home_score: 4, logged: true });
  assert.ok(run.rowsWritten > 1);

  // A live update: the scheduled match kicks off (0-0), a result its competition now counts.
  const id = built.ids.matches.scheduled;
  watched = id;
  loggedBefore = await latestChange(built.storage.db);
  const verdict = await applyMatchUpdate(
    built.storage,
    { update_id: 'ko', match: id, sequence: 1, status: 'live' },
    'test',
    new Date('2024-05-19T15:00:00.000Z'),
  );
  assert.equal(verdict.outcome, 'applied', JSON.stringify(verdict));
  assert.equal(seen.length, 2, 'the live update projects once');
  const live = seen[1]!;
  assert.equal(live.written.inPlace?.match.id, id);
  assert.deepEqual([...live.written.tables.matches!.result.outcome], [[id, 'updated']]);
  assert.deepEqual(live.match, { status: 'live', home_score: 0, logged: true });
  assert.deepEqual(live.counted.competitions, [built.ids.competitions.en1]);

  // Removed from the list, it sees no more writes.
  remove();
  await applyMatchUpdate(
    built.storage,
    { update_id: 'goal', match: id, sequence: 2, status: 'live', score: { home: 1, away: 0 } },
    'test',
    new Date('2024-05-19T15:10:00.000Z'),
  );
  assert.equal(seen.length, 2);
});
