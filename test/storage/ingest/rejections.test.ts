import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunSummary } from '../../../src/ingest/runner.js';
import type { Storage } from '../../../src/storage/connection.js';
import { findRun } from '../../../src/storage/repositories/ingestion-run.repository.js';
import {
  entry,
  makeTempDir,
  removeDir,
  writeClubs,
  writeFootballJson,
  type FixtureMatch,
} from '../../support/ingest/football-json-fixture.js';
import { ingest, matchRows, openTestStorage } from '../../support/ingest/test-storage.js';

const RU: FixtureMatch[] = [
  entry('2019-07-12 19:00', 'FK Krasnodar', 'FK Rostov', { ft: [1, 2] }),
  entry('2019-07-13 19:00', 'Zenit St. Petersburg', 'FK Tambov', { ft: [2, 0] }),
  entry('2019-07-14 19:00', 'Spartak Moscow', 'FK Sochi', { ft: [0, 1] }),
];
const EN4: FixtureMatch[] = [
  entry('2026-01-01', 'Barnet FC', 'Bromley FC', {}, { round: '24. Round' }),
  entry('2026-01-01', 'Crewe Alexandra FC', 'Walsall FC', {}, { round: '24. Round' }),
  entry('2026-01-01', 'Barnet FC', 'Bromley FC', {}, { round: '24. Round' }),
  entry('2026-01-01', 'Crewe Alexandra FC', 'Walsall FC', {}, { round: '24. Round' }),
];
const AU: FixtureMatch[] = [
  entry('2024-10-18 19:45', 'Sydney FC', 'Central Coast Mariners', { ft: [2, 2] }),
  entry('2025-05-10', 'Melbourne Victory', 'N.N.', {}, { round: 'Elimination Final' }),
  entry('2025-05-17', 'Auckland FC', 'Sieger EF', {}, { round: 'Semi-final' }),
  entry('2025-05-31', 'N.N.', 'N.N.', {}, { round: 'Final' }),
];
const EN1_BROKEN: unknown[] = [
  entry('2023-08-11 20:00', 'Burnley FC', 'Manchester City FC', { ft: [0, 3] }),
  entry('2023-02-30', 'Arsenal FC', 'Nottingham Forest FC'),
  entry('2023-08-12 25:00', 'Everton FC', 'Fulham FC'),
  42,
  entry('2023-08-19', 'Chelsea FC', 'Chelsea FC'),
  entry('2023-08-20', 'Manchester United', 'Manchester United FC'),
];
const FA_CUP: FixtureMatch[] = [
  // A replay: same round, same teams, another date. Both are real matches.
  entry('2024-01-06', 'Crystal Palace FC', 'Everton FC', { ft: [1, 1] }, { round: 'Third Round' }),
  entry('2024-01-17', 'Crystal Palace FC', 'Everton FC', { ft: [0, 1] }, { round: 'Third Round' }),
];

describe('ingestion: rejected records', () => {
  let dir: string;
  let storage: Storage;
  let summary: RunSummary;
  let reasons: Map<string, string[]>;

  before(async () => {
    dir = makeTempDir('rejections');
    const from = writeFootballJson(dir, {
      '2019-20/ru.1': { name: 'Russia Premier League 2019/20', matches: RU },
      '2019-20/ru.2': { name: 'Russia 1. Division 2019/20', matches: RU },
      '2025-26/en.4': { name: 'English League Two 2025/26', matches: EN4 },
      '2024-25/au.1': { name: 'Australia | A-League 2024/25', matches: AU },
      '2023-24/en.1': { name: 'English Premier League 2023/24', matches: EN1_BROKEN },
      '2023-24/en.cup': { name: 'English FA Cup 2023/24', matches: FA_CUP },
    });
    storage = await openTestStorage();
    summary = await ingest(storage, from, { clubs: writeClubs(dir) });
    assert.equal(summary.outcome, 'succeeded', summary.error ?? '');
    const run = await findRun(storage.db, summary.runId);
    reasons = new Map();
    for (const r of run?.rejections ?? []) {
      const file = r.artifact_uri.replace(/^football\.json\//, '');
      reasons.set(file, [...(reasons.get(file) ?? []), `${r.record_ref}: ${r.reason}`]);
    }
    // Listed per file in entry order (a file is checked in two passes, so the run may list them otherwise).
    const index = (line: string) => Number(/^matches\[(\d+)\]/.exec(line)?.[1]);
    for (const list of reasons.values()) list.sort((a, b) => index(a) - index(b));
  });

  after(async () => {
    await storage.close();
    removeDir(dir);
  });

  it('rejects a fixture repeated inside one file, keeping the first', async () => {
    assert.deepEqual(reasons.get('2025-26/en.4.json'), [
      'matches[2]: duplicate of matches[0] in the same file (same round, teams and date)',
      'matches[3]: duplicate of matches[1] in the same file (same round, teams and date)',
    ]);
    assert.equal((await matchRows(storage)).filter((m) => m.code === 'en.4').length, 2);
  });

  it('rejects a file that repeats another file of the same season folder', async () => {
    assert.deepEqual(
      reasons.get('2019-20/ru.2.json'),
      RU.map(
        (_, i) =>
          `matches[${i}]: duplicate of football.json/2019-20/ru.1.json matches[${i}] (same teams on the same date)`,
      ),
    );
    const rows = await matchRows(storage);
    assert.equal(rows.filter((m) => m.code === 'ru.1').length, RU.length);
    assert.equal(rows.filter((m) => m.code === 'ru.2').length, 0);
  });

  it('rejects placeholder teams ("N.N.", "Sieger EF")', async () => {
    assert.deepEqual(reasons.get('2024-25/au.1.json'), [
      'matches[1]: placeholder team name "N.N." (team not yet known)',
      'matches[2]: placeholder team name "Sieger EF" (team not yet known)',
      'matches[3]: team1 and team2 are the same team',
    ]);
    assert.equal((await matchRows(storage)).filter((m) => m.code === 'au.1').length, 1);
    const teams = await storage.db.selectFrom('teams').select('name').execute();
    assert.ok(!teams.some((t) => t.name === 'N.N.' || t.name === 'Sieger EF'));
  });

  it('rejects unusable entries one by one and keeps the rest of the file', async () => {
    const en1 = reasons.get('2023-24/en.1.json') ?? [];
    assert.equal(en1.length, 5);
    assert.match(en1[0]!, /^matches\[1\]: date "2023-02-30" is not a valid YYYY-MM-DD date$/);
    assert.match(en1[1]!, /^matches\[2\]: time "25:00" is not HH:MM$/);
    assert.equal(en1[2], 'matches[3]: match entry is not an object');
    assert.equal(en1[3], 'matches[4]: team1 and team2 are the same team');
    assert.match(en1[4]!, /^matches\[5\]: team1 and team2 resolve to the same team \(team_[0-9a-z]{16}\)$/);
    assert.equal((await matchRows(storage)).filter((m) => m.code === 'en.1').length, 1);
  });

  it('keeps a replay (same round and teams, another date) as its own match', async () => {
    const cup = (await matchRows(storage)).filter((m) => m.code === 'en.cup');
    assert.equal(cup.length, 2);
    assert.notEqual(cup[0]!.id, cup[1]!.id);
    assert.equal(reasons.get('2023-24/en.cup.json'), undefined);
  });

  it('counts rejections in the run and per file: stored + rejected = records seen', async () => {
    const run = await findRun(storage.db, summary.runId);
    assert.ok(run);
    const total = [...reasons.values()].reduce((n, list) => n + list.length, 0);
    assert.equal(total, 2 + RU.length + 3 + 5);
    assert.equal(summary.rejected, total);
    assert.equal(run.run.rejected, total);
    const seen = RU.length * 2 + EN4.length + AU.length + EN1_BROKEN.length + FA_CUP.length;
    assert.equal(run.run.records_seen, seen);
    assert.equal((await matchRows(storage)).length + total, seen);
    const perFile = Object.fromEntries(
      run.artifacts.map((a) => [a.uri, [a.records_seen, a.inserted, a.rejected]]),
    );
    assert.deepEqual(perFile['football.json/2019-20/ru.2.json'], [RU.length, 0, RU.length]);
    assert.deepEqual(perFile['football.json/2025-26/en.4.json'], [EN4.length, 2, 2]);
    assert.deepEqual(perFile['football.json/2024-25/au.1.json'], [AU.length, 1, 3]);
  });
});
