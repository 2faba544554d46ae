import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { toMatch } from '../../../src/api/mappers.js';
import type { RunSummary } from '../../../src/ingest/runner.js';
import type { Storage } from '../../../src/storage/connection.js';
import { findRun } from '../../../src/storage/repositories/ingestion-run.repository.js';
import {
  findMatch as findMatchRow,
  listMatches,
  listMatchesAsJson,
} from '../../../src/storage/repositories/match.repository.js';
import {
  entry,
  makeTempDir,
  removeDir,
  writeClubs,
  writeFootballJson,
  type FixtureMatch,
} from '../../support/ingest/football-json-fixture.js';
import { findMatch, ingest, openTestStorage } from '../../support/ingest/test-storage.js';

// The score breakdown (issue 40) from football.json's ht/ft/et/p through ingestion to the match the API
// shows: winner and decided_by, a two-legged tie found by its legs and its aggregate, and the scores that
// cannot be, rejected with their reasons.
const playoff = { round: undefined, stage: 'Playoffs' };
const tieFirstLeg = (score: unknown) =>
  entry('2022-05-13 19:45', 'Luton Town FC', 'Huddersfield Town AFC', score, playoff);

function championship(firstLeg: FixtureMatch): FixtureMatch[] {
  return [
    entry('2022-04-29', 'Bristol City FC', 'Preston North End FC', { ft: [0, 3] }, { status: 'awarded' }),
    entry('2022-04-30 15:00', 'Derby County FC', 'Cardiff City FC', { ft: [0, 0] }),
    entry('2022-05-01', 'Luton Town FC', 'Fulham FC', { ft: [1, 0], et: [1, 0], p: [4, 3] }),
    entry('2022-05-02', 'Blackpool FC', 'Barnsley FC', { ft: [1, 1], et: [1, 1], p: [4, 4] }),
    entry('2022-05-03', 'Reading FC', 'Swansea City AFC', { ht: [2, 0], ft: [1, 0] }),
    entry('2022-05-04', 'Hull City AFC', 'Stoke City FC', { ft: [2, 0], et: [1, 0] }),
    entry('2022-05-05', 'Queens Park Rangers FC', 'Millwall FC', { ht: [1, 0], ft: [2, 2], p: [2, 4] }),
    entry(
      '2022-05-14 17:30',
      'Sheffield United FC',
      'Nottingham Forest FC',
      { ht: [0, 1], ft: [1, 2] },
      playoff,
    ),
    firstLeg,
    entry('2022-05-16 20:00', 'Huddersfield Town AFC', 'Luton Town FC', { ht: [0, 0], ft: [1, 0] }, playoff),
    entry(
      '2022-05-17 19:45',
      'Nottingham Forest FC',
      'Sheffield United FC',
      { ht: [1, 0], ft: [1, 2], et: [1, 2], p: [3, 2] },
      playoff,
    ),
    entry(
      '2022-05-29 16:30',
      'Huddersfield Town AFC',
      'Nottingham Forest FC',
      { ht: [0, 1], ft: [0, 1] },
      playoff,
    ),
    entry('2022-08-06 15:00', 'Watford FC', 'Burnley FC', {}),
  ];
}

const write = (dir: string, firstLeg: FixtureMatch) =>
  writeFootballJson(dir, {
    '2021-22/en.2': { name: 'English Championship 2021/22', matches: championship(firstLeg) },
  });

describe('ingestion: the score breakdown', () => {
  let dir: string;
  let clubs: string;
  let storage: Storage;
  let summary: RunSummary;

  /** The match as the API shows it, from its row. */
  const shown = async (home: string, away: string) => {
    const row = await findMatchRow(storage, (await findMatch(storage, home, away)).id);
    assert.ok(row);
    return toMatch(row);
  };

  before(async () => {
    dir = makeTempDir('score-breakdown');
    clubs = writeClubs(dir);
    storage = await openTestStorage();
    summary = await ingest(storage, write(`${dir}/a`, tieFirstLeg({ ht: [1, 0], ft: [1, 1] })), {
      clubs,
      now: '2022-06-01T00:00:00Z',
    });
    assert.equal(summary.outcome, 'succeeded', summary.error ?? '');
  });

  after(async () => {
    await storage.close();
    removeDir(dir);
  });

  it('rejects the scores that cannot be, each with its reason', async () => {
    const run = await findRun(storage.db, summary.runId);
    assert.deepEqual(
      run?.rejections.map((r) => r.reason),
      [
        'shoot-out 4-3 after a match not level after extra time (1-0)',
        'shoot-out 4-4 is level: a shoot-out has a winner',
        'half-time score 2-0 is above the score after 90 minutes 1-0',
        'extra-time score 1-0 is below the score after 90 minutes 2-0 (it counts them)',
      ],
    );
    assert.equal(summary.rejected, 4);
  });

  it('a 0-0 league match: decided in regular time, a draw', async () => {
    const m = await shown('Derby County FC', 'Cardiff City FC');
    assert.deepEqual(
      [m.score, m.winner, m.decided_by, m.aggregate],
      [
        { half_time: null, full_time: { home: 0, away: 0 }, extra_time: null, penalties: null },
        'draw',
        'regular_time',
        null,
      ],
    );
  });

  it('an awarded result is decided off the pitch, its winner by the awarded score', async () => {
    const m = await shown('Bristol City FC', 'Preston North End FC');
    assert.deepEqual([m.winner, m.decided_by], ['away', 'awarded']);
  });

  it('a shoot-out straight after 90 minutes: penalties without extra time', async () => {
    const m = await shown('Queens Park Rangers FC', 'Millwall FC');
    assert.deepEqual(m.score, {
      half_time: { home: 1, away: 0 },
      full_time: { home: 2, away: 2 },
      extra_time: null,
      penalties: { home: 2, away: 4 },
    });
    assert.deepEqual(
      [m.home_team.score, m.away_team.score, m.winner, m.decided_by],
      [2, 2, 'away', 'penalties'],
    );
  });

  it('a second leg shows its tie: the aggregate, and the shoot-out that settled it after a leg lost', async () => {
    const first = await shown('Sheffield United FC', 'Nottingham Forest FC');
    const second = await shown('Nottingham Forest FC', 'Sheffield United FC');
    assert.equal(first.aggregate, null, 'the first leg has none');
    assert.deepEqual(second.aggregate, { home: 3, away: 3, first_leg_id: first.id });
    assert.deepEqual(
      [second.home_team.score, second.away_team.score, second.score.extra_time, second.score.penalties],
      [1, 2, { home: 1, away: 2 }, { home: 3, away: 2 }],
    );
    assert.deepEqual([second.winner, second.decided_by], ['home', 'penalties']);
    // The final shares the stage but is one match: no tie.
    assert.equal((await shown('Huddersfield Town AFC', 'Nottingham Forest FC')).aggregate, null);
  });

  it('a match not played yet: no stage, no winner, no decision', async () => {
    const m = await shown('Watford FC', 'Burnley FC');
    assert.deepEqual(
      [m.status, m.score, m.winner, m.decided_by, m.aggregate],
      [
        'scheduled',
        { half_time: null, full_time: null, extra_time: null, penalties: null },
        null,
        null,
        null,
      ],
    );
  });

  it("a first leg's new score rewrites its second leg's stored JSON (the aggregate)", async () => {
    const second = () => shown('Huddersfield Town AFC', 'Luton Town FC');
    assert.deepEqual((await second()).aggregate?.home, 2);
    const logged = async () =>
      (
        await storage.db
          .selectFrom('changes')
          .select('record_id')
          .where('kind', '=', 'match')
          .where('seq', '>', seqBefore)
          .execute()
      ).map((r) => r.record_id);
    const { seq: seqBefore } = await storage.db
      .selectFrom('changes')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirstOrThrow();
    const again = await ingest(storage, write(`${dir}/b`, tieFirstLeg({ ht: [1, 0], ft: [2, 1] })), {
      clubs,
      now: '2022-06-01T00:00:00Z',
    });
    assert.equal(again.outcome, 'succeeded', again.error ?? '');
    assert.equal(again.updated, 1, 'the first leg alone changed');
    const now = await second();
    assert.deepEqual([now.aggregate?.home, now.aggregate?.away], [2, 2]);
    const firstLeg = now.aggregate!.first_leg_id;
    assert.deepEqual(
      (await logged()).sort(),
      [firstLeg, now.id].sort(),
      'the change feed names the second leg with its first',
    );
    const page = { page: 1, limit: 100 };
    const rows = await listMatches(storage, {}, page);
    const stored = await listMatchesAsJson(storage, {}, page);
    assert.deepEqual(
      stored?.rows,
      rows.rows.map((row) => JSON.stringify(toMatch(row))),
      "every stored JSON is the serializer's",
    );
  });
});
