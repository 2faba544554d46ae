// The calendar feeds' storage, on the engine under test: calendar tokens (found by hash, listed by key
// without the revoked, capped, revoked by their key alone) and each match's calendar SEQUENCE, raised by
// the one projection step for ingestion's writes and a live update's alike when the kick-off, venue or
// status changes, and never by other changes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { issueApiKey } from '../../../src/auth/api-keys.js';
import { hashCalendarToken, issueCalendarToken } from '../../../src/auth/calendar-tokens.js';
import { insertApiKey } from '../../../src/storage/repositories/api-key.repository.js';
import { competitionFeed, teamFeed } from '../../../src/api/calendar/calendar-feeds.js';
import { applyMatchUpdate } from '../../../src/live/apply-update.js';
import {
  findCalendarTokenByHash,
  insertCalendarToken,
  listCalendarTokens,
  revokeCalendarToken,
} from '../../../src/storage/repositories/calendar-token.repository.js';
import {
  calendarTeamName,
  raiseCalendarSequences,
  readCalendarSequences,
} from '../../../src/storage/repositories/match-calendar.repository.js';
import { buildTestApp, reingestFixture, type FixtureEntry } from '../../support/build-app.js';

test('calendar storage', async (t) => {
  const built = await buildTestApp(t);
  const { storage, ids } = built;

  await t.test('calendar tokens: by hash, by key, capped, revoked by their key only', async () => {
    const at = new Date('2024-03-01T12:00:00Z');
    const a = issueCalendarToken('key_a', 'phone', at);
    const b = issueCalendarToken('key_a', null, new Date(at.getTime() + 1000));
    const c = issueCalendarToken('key_b', null, at);
    for (const issued of [a, b, c]) assert.equal(await insertCalendarToken(storage.db, issued.row, 2), true);
    assert.equal(await insertCalendarToken(storage.db, issueCalendarToken('key_a', null, at).row, 2), false);
    assert.deepEqual(await findCalendarTokenByHash(storage, hashCalendarToken(a.token)), a.row);
    assert.equal(await findCalendarTokenByHash(storage, hashCalendarToken('cal_other')), undefined);
    assert.deepEqual(
      (await listCalendarTokens(storage, 'key_a')).map((row) => row.id),
      [a.row.id, b.row.id],
    );
    assert.equal(await revokeCalendarToken(storage.db, 'key_b', a.row.id, at.toISOString()), false);
    assert.equal(await revokeCalendarToken(storage.db, 'key_a', a.row.id, at.toISOString()), true);
    assert.equal(await revokeCalendarToken(storage.db, 'key_a', a.row.id, at.toISOString()), false);
    assert.deepEqual(
      (await listCalendarTokens(storage, 'key_a')).map((row) => row.id),
      [b.row.id],
    );
    const revoked = await findCalendarTokenByHash(storage, hashCalendarToken(a.token));
    assert.equal(revoked?.revoked_at, at.toISOString());
    // A revoked token makes room under the cap.
    assert.equal(await insertCalendarToken(storage.db, issueCalendarToken('key_a', null, at).row, 2), true);
  });

  await t.test('six tokens of one key created at once under a cap of three: three made', async () => {
    const issued = issueApiKey('development', 'racing calendars', new Date());
    await insertApiKey(storage.db, issued.row);
    const at = new Date('2024-03-02T12:00:00Z');
    const made = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(() =>
        insertCalendarToken(storage.db, issueCalendarToken(issued.row.id, null, at).row, 3),
      ),
    );
    assert.deepEqual(made.map(String).sort(), ['false', 'false', 'false', 'true', 'true', 'true']);
    assert.equal((await listCalendarTokens(storage, issued.row.id)).length, 3);
  });

  await t.test('sequences: 0 on ingestion, raised by a new kick-off, venue or status only', async () => {
    const { burnleyCity, noTime, scheduled } = ids.matches;
    const read = async () => readCalendarSequences(storage, [burnleyCity, noTime, scheduled]);
    assert.deepEqual(
      await read(),
      new Map([
        [burnleyCity, 0],
        [noTime, 0],
        [scheduled, 0],
      ]),
    );
    const edit = (change: (m: FixtureEntry) => FixtureEntry) => (matches: FixtureEntry[]) =>
      matches.map((m, i) => (i === 0 ? change(m) : m));

    await reingestFixture(
      built,
      edit((m) => ({ ...m, time: '21:00' })),
    );
    const moved = await read();
    assert.equal(moved.get(burnleyCity), 1, 'a new kick-off');
    assert.equal(moved.get(noTime), 0, 'an unchanged match');
    await reingestFixture(
      built,
      edit((m) => ({ ...m, score: { ht: [0, 1], ft: [0, 3] } })),
    );
    assert.equal((await read()).get(burnleyCity), 1, 'a half-time score alone');
    // openfootball gives no venues: the step a writer's projection runs, after a venue written by hand.
    await storage.db
      .updateTable('matches')
      .set({ venue_name: 'Turf Moor' })
      .where('id', '=', burnleyCity)
      .execute();
    assert.equal(await raiseCalendarSequences(storage.db, [burnleyCity, noTime]), 1);
    assert.equal((await read()).get(burnleyCity), 2, 'a new venue');
    assert.equal(await raiseCalendarSequences(storage.db, [burnleyCity, noTime]), 0, 'idempotent');
    assert.equal((await read()).get(burnleyCity), 2);

    // A live update: kick-off (a status) raises it, a goal does not.
    const before = (await read()).get(scheduled)!;
    const live = await applyMatchUpdate(
      storage,
      { update_id: 'ko', match: scheduled, sequence: 1, status: 'live' },
      'test',
      new Date('2024-05-19T15:00:00.000Z'),
    );
    assert.equal(live.outcome, 'applied', JSON.stringify(live));
    assert.equal((await read()).get(scheduled), before + 1);
    await applyMatchUpdate(
      storage,
      { update_id: 'goal', match: scheduled, sequence: 2, status: 'live', score: { home: 1, away: 0 } },
      'test',
      new Date('2024-05-19T15:10:00.000Z'),
    );
    assert.equal((await read()).get(scheduled), before + 1);
    assert.deepEqual(await readCalendarSequences(storage, []), new Map());
  });

  await t.test('the feeds read the same on this engine: one event per match, its sequence', async () => {
    const now = Date.parse('2024-03-01T12:00:00Z');
    const season = await competitionFeed(storage, ids.competitions.en1, ids.seasons.en1_2023, now);
    assert.equal(season.text.match(/BEGIN:VEVENT/g)?.length, 6);
    assert.match(season.text, new RegExp(`UID:${ids.matches.burnleyCity}@touchline\r\nSEQUENCE:2\r\n`));
    const team = await teamFeed(storage, ids.teams.manCity, now);
    assert.match(team.text, /X-WR-CALNAME:Touchline: Manchester City/);
    assert.ok(team.text.includes(`UID:${ids.matches.scheduled}@touchline`));
    assert.equal((await teamFeed(storage, ids.teams.manCity, now)).etag, team.etag, 'the same bytes');
  });

  await t.test('a team feed title', async () => {
    assert.match(String(await calendarTeamName(storage, ids.teams.manCity)), /Manchester City/);
    assert.equal(await calendarTeamName(storage, 'team0000'), undefined);
  });
});
