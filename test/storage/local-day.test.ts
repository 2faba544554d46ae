// The match list's local day (MatchFilter.localDay, the API's date and tz) read on each engine, in every
// shape the list is read in: the kick-off order, a team's ranges, several competitions, the change log,
// and the head-to-head record; the stored JSON and the rows agree.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dayWindow } from '../../src/representation/zoned-time.js';
import { headToHead } from '../../src/storage/repositories/head-to-head.repository.js';
import {
  listMatches,
  listMatchesAsJson,
  type MatchFilter,
} from '../../src/storage/repositories/match.repository.js';
import { buildTestApp } from '../support/build-app.js';

const PAGE = { page: 1, limit: 100 };

test('storage: a local day, on every read shape', async (t) => {
  const { storage, ids } = await buildTestApp(t);
  const { teams, matches: m, competitions } = ids;
  const day = (date: string, zone = 'UTC') => ({ date, ...dayWindow(date, zone) });
  const listed = async (filter: MatchFilter) => {
    const rows = (await listMatches(storage, filter, PAGE)).rows.map((r) => r.id);
    const json = (await listMatchesAsJson(storage, filter, PAGE))!.rows.map(
      (j) => JSON.parse(j).id as string,
    );
    assert.deepEqual(json, rows, 'the stored JSON and the rows list the same matches');
    const descending = (await listMatches(storage, filter, PAGE, 'desc')).rows.map((r) => r.id);
    assert.deepEqual(descending, [...rows].reverse());
    return rows;
  };

  await t.test('a day in a zone: its kick-offs with a time, and the date-only ones of its date', async () => {
    assert.deepEqual(await listed({ localDay: day('2023-08-11') }), [m.burnleyCity]);
    assert.deepEqual(await listed({ localDay: day('2023-08-12', 'Pacific/Kiritimati') }), [m.burnleyCity]);
    assert.deepEqual(await listed({ localDay: day('2023-08-19') }), [m.noTime]);
    assert.deepEqual(await listed({ localDay: day('2023-08-19', 'Pacific/Pago_Pago') }), [m.noTime]);
    // New York's 18 August runs to 04:00Z on the 19th: Bremen v Bayern, not the 19th's date-only match.
    const newYork = await listed({ localDay: day('2023-08-18', 'America/New_York') });
    assert.equal(newYork.length, 1);
    assert.ok(!newYork.includes(m.noTime));
    assert.deepEqual(await listed({ localDay: day('2011-12-30', 'Pacific/Apia') }), []);
  });

  await t.test('with a team, several teams, several competitions, the change log', async () => {
    const localDay = day('2023-08-11', 'Europe/London');
    assert.deepEqual(await listed({ localDay, teamId: teams.manCity }), [m.burnleyCity]);
    assert.deepEqual(await listed({ localDay, teamId: teams.arsenal }), []);
    assert.deepEqual(
      await listed({ localDay, teamId: teams.arsenal, teamIds: [teams.arsenal, teams.burnley] }),
      [m.burnleyCity],
    );
    assert.deepEqual(
      await listed({
        localDay,
        competitionId: competitions.en1,
        competitionIds: [competitions.en1, competitions.de1],
      }),
      [m.burnleyCity],
    );
    assert.deepEqual(await listed({ localDay, changedAfter: '2000-01-01T00:00:00.000Z' }), [m.burnleyCity]);
    assert.deepEqual(
      await listed({ localDay: day('2023-08-19'), teamId: teams.manCity, status: 'finished' }),
      [m.noTime],
    );
  });

  await t.test('the head-to-head record counts the day’s matches only', async () => {
    const pair = { teamId: teams.manCity, opponentId: teams.burnley };
    assert.equal((await headToHead(storage, { ...pair, localDay: day('2023-08-11') })).played, 1);
    assert.equal((await headToHead(storage, { ...pair, localDay: day('2023-08-12') })).played, 0);
    assert.equal(
      (await headToHead(storage, { ...pair, localDay: day('2023-08-12', 'Asia/Tokyo') })).played,
      1,
    );
  });
});
