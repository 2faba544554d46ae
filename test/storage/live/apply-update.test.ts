// Applying live match updates, on the engine under test (both in `npm test`): the verdicts (applied,
// duplicate, stale, rejected), what an applied update writes (the match, its events and statistics, its
// stored JSON, its competition's counts, the change log, the live events log) and that a failure part way
// through writes none of it.
import assert from 'node:assert/strict';
import { describe, it, before, after } from 'node:test';
import { sql } from 'kysely';
import { applyMatchUpdate } from '../../../src/live/apply-update.js';
import type { LiveChanges } from '../../../src/live/live-changes.js';
import type { Verdict } from '../../../src/live/verdict.js';
import type { LiveEventRow } from '../../../src/storage/repositories/live-event.repository.js';
import { recentLiveRejections } from '../../../src/storage/repositories/live-event.repository.js';
import { toMatch } from '../../../src/api/mappers.js';
import { findMatch } from '../../../src/storage/repositories/match.repository.js';
import { API } from '../../support/api-contract.js';
import { buildTestApp, type TestApp } from '../../support/build-app.js';

const NOW = new Date('2024-05-19T15:00:00.000Z');

describe('live: applying match updates', () => {
  let built: TestApp;
  const hooks: Array<() => Promise<void>> = [];
  const notified: LiveEventRow[] = [];

  before(async () => {
    built = await buildTestApp({ after: (fn) => void hooks.push(fn as () => Promise<void>) });
  });
  after(async () => {
    for (const hook of hooks.reverse()) await hook();
  });

  const apply = (update: unknown, now = NOW) =>
    applyMatchUpdate(built.storage, update, 'test', now, { onApplied: (row) => notified.push(row) });
  const db = () => built.storage.db;
  const match = (id: string) =>
    db().selectFrom('matches').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const competition = (id: string) =>
    db().selectFrom('competitions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const liveCount = async () =>
    Number(
      (
        await db()
          .selectFrom('live_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const get = async (url: string) => {
    built.cache.clear();
    const res = await built.app.inject({ method: 'GET', url: `${API}${url}`, headers: built.auth() });
    assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    return res.json() as { data: Record<string, unknown> };
  };
  /** The match's stored JSON is byte for byte what the API's mapper makes of its row. */
  const assertStoredJson = async (id: string, shown: unknown) => {
    const row = await findMatch(built.storage, id);
    assert.deepEqual(toMatch(row!), shown, 'the API shows the row');
    const stored = await db()
      .selectFrom('match_json')
      .select('json')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.equal(stored.json, JSON.stringify(toMatch(row!)));
  };
  const applied = (verdict: Verdict) => {
    assert.equal(verdict.outcome, 'applied', JSON.stringify(verdict));
    return verdict as Extract<Verdict, { outcome: 'applied' }>;
  };

  it('kick-off: scheduled -> live, the score at 0-0, logged, notified', async () => {
    const id = built.ids.matches.scheduled;
    const before = await match(id);
    const verdict = applied(await apply({ update_id: 'ko', match: id, sequence: 1, status: 'live' }));
    assert.ok(verdict.seq > 0);
    assert.deepEqual(verdict.changes.status, { from: 'scheduled', to: 'live' });
    assert.deepEqual(verdict.changes.score, { from: { home: null, away: null }, to: { home: 0, away: 0 } });
    assert.deepEqual(verdict.changes.state, {
      status: 'live',
      home_score: 0,
      away_score: 0,
      score: { half_time: null, full_time: null, extra_time: null, penalties: null },
      winner: null,
      decided_by: null,
      aggregate: null,
      updated_at: NOW.toISOString(),
    });
    assert.equal(verdict.changes.correction, false);
    const after = await match(id);
    assert.equal(after.status, 'live');
    assert.equal(after.home_score, 0);
    assert.equal(after.updated_at, NOW.toISOString());
    assert.equal(after.row_hash, before.row_hash, "the row's digest is still its source's");

    const newest = await db()
      .selectFrom('changes')
      .selectAll()
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    assert.deepEqual([newest.kind, newest.record_id], ['match', id]);
    assert.equal(notified.at(-1)?.seq, verdict.seq);
    assert.deepEqual(notified.at(-1)?.changes, verdict.changes);
    const logged = await db()
      .selectFrom('live_events')
      .selectAll()
      .where('seq', '=', verdict.seq)
      .executeTakeFirstOrThrow();
    assert.equal(logged.actor, 'test');
    assert.equal(logged.applied_at, NOW.toISOString());
    assert.deepEqual(JSON.parse(logged.changes), verdict.changes);

    const shown = await get(`/football/matches/${id}`);
    assert.equal(shown.data.status, 'live');
    await assertStoredJson(id, shown.data);
  });

  it('a goal: the score and a timeline event the timeline route shows, coverage included', async () => {
    const id = built.ids.matches.scheduled;
    const en1 = built.ids.competitions.en1;
    assert.equal((await competition(en1)).event_match_count, 0);
    const verdict = applied(
      await apply({
        update_id: 'g1',
        match: id,
        sequence: 2,
        score: { home: 1, away: 0 },
        events: [{ id: 'e1', type: 'goal', minute: 23, team: 'home', player: 'Erling Haaland' }],
      }),
    );
    const timeline = await get(`/football/matches/${id}/timeline`);
    assert.deepEqual(timeline.data.coverage, { timeline_available: true });
    const events = timeline.data.events as unknown[];
    assert.equal(events.length, 1);
    const { id: eventId, ...added } = verdict.changes.events_added![0]!;
    assert.equal(eventId, 'e1');
    assert.deepEqual(added, events[0], "events_added holds the API's timeline event");
    assert.deepEqual(events[0], {
      type: 'goal',
      period: 'first_half',
      minute: 23,
      stoppage_minute: null,
      label: "23'",
      team: { id: built.ids.teams.manCity, name: 'Manchester City FC' },
      player: { id: null, name: 'Erling Haaland' },
      related_player: null,
      detail: null,
    });
    assert.equal((await competition(en1)).event_match_count, 1);
    const shown = await get(`/football/matches/${id}`);
    assert.deepEqual(shown.data.home_team, { ...(shown.data.home_team as object), score: 1 });
  });

  it('a duplicate changes nothing and answers the seq it was applied under', async () => {
    const id = built.ids.matches.scheduled;
    const first = await db()
      .selectFrom('live_events')
      .select('seq')
      .where('update_id', '=', 'g1')
      .executeTakeFirstOrThrow();
    const count = await liveCount();
    const before = await match(id);
    const verdict = await apply({ update_id: 'g1', match: id, sequence: 9, score: { home: 5, away: 0 } });
    assert.deepEqual(verdict, {
      outcome: 'duplicate',
      update_id: 'g1',
      match_id: id,
      seq: Number(first.seq),
    });
    assert.equal(await liveCount(), count);
    assert.deepEqual(await match(id), before);
  });

  it('a stale update (not above the newest sequence) changes nothing', async () => {
    const id = built.ids.matches.scheduled;
    const count = await liveCount();
    const before = await match(id);
    for (const sequence of [1, 2]) {
      const verdict = await apply({
        update_id: `old-${sequence}`,
        match: id,
        sequence,
        score: { home: 2, away: 0 },
      });
      assert.deepEqual(verdict, {
        outcome: 'stale',
        update_id: `old-${sequence}`,
        match_id: id,
        sequence,
        newest_sequence: 2,
      });
    }
    assert.equal(await liveCount(), count);
    assert.deepEqual(await match(id), before);
  });

  it('rejections: a reason each, recorded, nothing else changed', async () => {
    const id = built.ids.matches.scheduled;
    const count = await liveCount();
    const before = await match(id);
    const cases: Array<[unknown, RegExp]> = [
      [
        { update_id: 'r1', match: 'match_nosuchmatch', sequence: 10, status: 'live' },
        /unknown match match_nosuchmatch/,
      ],
      [{ update_id: 'r2', match: id, sequence: 10, score: { home: 0, away: 0 } }, /backwards \(1-0 -> 0-0\)/],
      [
        { update_id: 'r3', match: id, sequence: 10, status: 'scheduled' },
        /status live cannot become scheduled/,
      ],
      [{ update_id: 'r4', match: id, sequence: 10, colour: 'red' }, /colour is not a field/],
      [{ update_id: 'r5', match: id, sequence: 10, remove_events: ['nope'] }, /no event "nope"/],
      [
        {
          update_id: 'r6',
          match: id,
          sequence: 10,
          events: [{ id: 'x', type: 'goal', minute: 3, team: 'home', player_id: 'player_none' }],
        },
        /no player player_none/,
      ],
      [{ update_id: 'r7', match: { source: 'feed', key: 'nope' }, sequence: 10 }, /unknown match feed:nope/],
      ['not an object', /must be a JSON object/],
    ];
    for (const [update, reason] of cases) {
      const verdict = await apply(update);
      assert.equal(verdict.outcome, 'rejected', JSON.stringify(update));
      assert.match((verdict as { reason: string }).reason, reason);
    }
    assert.equal(await liveCount(), count);
    assert.deepEqual(await match(id), before);
    const recorded = await recentLiveRejections(db(), 20);
    assert.equal(recorded.length, cases.length);
    assert.equal(recorded[cases.length - 1]!.update_id, 'r1');
    assert.equal(recorded[cases.length - 1]!.match_ref, 'match_nosuchmatch');
    assert.equal(recorded[cases.length - 1]!.actor, 'test');
    assert.match(recorded[1]!.match_ref!, /^feed:nope$/);
  });

  it('a correction may take the score back, and says so', async () => {
    const id = built.ids.matches.scheduled;
    const verdict = applied(
      await apply({
        update_id: 'var',
        match: id,
        sequence: 11,
        score: { home: 0, away: 0 },
        remove_events: ['e1'],
        correction: true,
      }),
    );
    assert.equal(verdict.changes.correction, true);
    assert.deepEqual(verdict.changes.corrected, ['the score would go backwards (1-0 -> 0-0)']);
    assert.deepEqual(verdict.changes.events_removed, ['e1']);
    const timeline = await get(`/football/matches/${id}/timeline`);
    assert.deepEqual(timeline.data.events, []);
    assert.equal((await competition(built.ids.competitions.en1)).event_match_count, 0);
  });

  it('an event sent again replaces the stored one; a substitution names the player going off', async () => {
    const id = built.ids.matches.scheduled;
    applied(
      await apply({
        update_id: 'cards',
        match: id,
        sequence: 12,
        events: [
          {
            id: 'c1',
            type: 'yellow_card',
            minute: 45,
            stoppage_minute: 2,
            team: 'away',
            player: 'Declan Rice',
          },
          {
            id: 's1',
            type: 'substitution',
            minute: 60,
            team: 'home',
            player: 'Phil Foden',
            related_player: 'Jack Grealish',
          },
        ],
      }),
    );
    const again = applied(
      await apply({
        update_id: 'cards-fix',
        match: id,
        sequence: 13,
        events: [
          {
            id: 'c1',
            type: 'yellow_card',
            minute: 45,
            stoppage_minute: 2,
            team: 'away',
            player: 'Declan Rice',
          },
          {
            id: 's1',
            type: 'substitution',
            minute: 61,
            team: 'home',
            player: 'Phil Foden',
            related_player: 'Jack Grealish',
          },
        ],
      }),
    );
    assert.equal(again.changes.events_added, undefined);
    assert.deepEqual(
      again.changes.events_updated?.map((e) => [e.id, e.minute, e.detail]),
      [['s1', 61, 'replacing Jack Grealish']],
    );
    const timeline = await get(`/football/matches/${id}/timeline`);
    assert.deepEqual(
      (timeline.data.events as Array<{ label: string; type: string }>).map((e) => [e.type, e.label]),
      [
        ['yellow_card', "45+2'"],
        ['substitution', "61'"],
      ],
    );
  });

  it('team statistics: stored for the statistics route, partial updates keep the rest', async () => {
    const id = built.ids.matches.scheduled;
    const en1 = built.ids.competitions.en1;
    const before = (await competition(en1)).stats_match_count;
    applied(
      await apply({
        update_id: 'st1',
        match: id,
        sequence: 14,
        statistics: { home: { corners: 3, possession_percent: 61.5 }, away: { corners: 1 } },
      }),
    );
    const second = applied(
      await apply({ update_id: 'st2', match: id, sequence: 15, statistics: { home: { corners: 4 } } }),
    );
    assert.equal(second.changes.statistics_changed, true);
    assert.equal((await competition(en1)).stats_match_count, before + 1);
    const stats = await get(`/football/matches/${id}/stats`);
    assert.deepEqual(stats.data.coverage, { statistics_available: true });
    const teams = stats.data.teams as Array<{ statistics: Record<string, unknown> }>;
    assert.equal(teams[0]!.statistics.corners, 4);
    assert.equal(teams[0]!.statistics.possession_percent, 61.5);
    assert.equal(teams[1]!.statistics.corners, 1);
    const same = applied(
      await apply({ update_id: 'st3', match: id, sequence: 16, statistics: { home: { corners: 4 } } }),
    );
    assert.equal(same.changes.statistics_changed, undefined, 'the same figures change nothing');
  });

  it('full time, and a postponed match called off: the season is no longer current', async () => {
    const season = built.ids.seasons.en1_2023;
    const isCurrent = async () =>
      (
        await db()
          .selectFrom('seasons')
          .select('is_current')
          .where('id', '=', season)
          .executeTakeFirstOrThrow()
      ).is_current;
    assert.equal(await isCurrent(), 1);
    const ft = applied(
      await apply({
        update_id: 'ft',
        match: built.ids.matches.scheduled,
        sequence: 17,
        status: 'finished',
        score: { home: 2, away: 1 },
      }),
    );
    // Finished by a live update that gave no stages: the winner is known, what decided it is not.
    assert.deepEqual(ft.changes.state, {
      status: 'finished',
      home_score: 2,
      away_score: 1,
      score: { half_time: null, full_time: null, extra_time: null, penalties: null },
      winner: 'home',
      decided_by: null,
      aggregate: null,
      updated_at: NOW.toISOString(),
    });
    assert.equal(await isCurrent(), 1, 'a postponed match is still to be played');
    const results = (await competition(built.ids.competitions.en1)).result_count;
    applied(
      await apply({ update_id: 'off', match: built.ids.matches.postponed, sequence: 1, status: 'canceled' }),
    );
    assert.equal(await isCurrent(), 0);
    assert.equal((await competition(built.ids.competitions.en1)).result_count, results);
    const logged = await db()
      .selectFrom('changes')
      .select(['kind', 'record_id'])
      .orderBy('seq', 'desc')
      .limit(2)
      .execute();
    assert.deepEqual(logged.map((r) => r.kind).sort(), ['match', 'season']);
    const rejected = await apply({
      update_id: 'again',
      match: built.ids.matches.scheduled,
      sequence: 18,
      status: 'live',
    });
    assert.match((rejected as { reason: string }).reason, /status finished cannot become live/);
  });

  it('a match named by its feed key, through match_sources', async () => {
    const id = built.ids.matches.unplayed;
    await db()
      .insertInto('match_sources')
      .values({
        id: 'ms-feed-1',
        match_id: id,
        source: 'feed',
        source_key: 'ARS-BUR',
        row_hash: null,
        created_at: NOW.toISOString(),
        updated_at: NOW.toISOString(),
      })
      .execute();
    const verdict = applied(
      await apply({
        update_id: 'k1',
        match: { source: 'feed', key: 'ARS-BUR' },
        sequence: 5,
        status: 'finished',
        score: { home: 5, away: 0 },
      }),
    );
    assert.equal(verdict.match_id, id);
    assert.deepEqual(verdict.changes.status, { from: 'unknown', to: 'finished' });
  });

  it('a failure part way through changes nothing', async () => {
    const id = built.ids.matches.noTime;
    const postgres = built.storage.engine === 'postgres';
    if (postgres) {
      await sql`create function live_refuse() returns trigger language plpgsql as $$ begin raise exception 'live_events refused'; end $$`.execute(
        db(),
      );
      await sql`create trigger live_refuse before insert on live_events for each row execute function live_refuse()`.execute(
        db(),
      );
    } else {
      await sql`create trigger live_refuse before insert on live_events begin select raise(abort, 'live_events refused'); end`.execute(
        db(),
      );
    }
    const snapshot = async () => ({
      match: await match(id),
      json: await db().selectFrom('match_json').selectAll().where('id', '=', id).execute(),
      events: await db().selectFrom('match_events').selectAll().where('match_id', '=', id).execute(),
      competition: await competition(built.ids.competitions.en1),
      changes: await db().selectFrom('changes').selectAll().orderBy('seq').execute(),
      live: await liveCount(),
    });
    try {
      const before = await snapshot();
      await assert.rejects(
        apply({
          update_id: 'boom',
          match: id,
          sequence: 1,
          status: 'finished',
          score: { home: 2, away: 0 },
          events: [{ id: 'g', type: 'goal', minute: 5, team: 'away' }],
          correction: true,
        }),
        /live_events refused/,
      );
      assert.deepEqual(await snapshot(), before);
    } finally {
      await sql`drop trigger live_refuse${postgres ? sql` on live_events` : sql``}`.execute(db());
    }
    applied(await apply({ update_id: 'boom', match: id, sequence: 1, status: 'live', correction: true }));
  });

  it('changes carry the documented keys only', async () => {
    const row = notified.at(-1)!;
    const keys: Array<keyof LiveChanges> = [
      'match_id',
      'competition_id',
      'season_id',
      'update_id',
      'sequence',
      'home_team',
      'away_team',
      'status',
      'score',
      'events_added',
      'events_updated',
      'events_removed',
      'statistics_changed',
      'lineups_changed',
      'correction',
      'corrected',
      'state',
    ];
    for (const r of notified)
      for (const key of Object.keys(r.changes as object))
        assert.ok(keys.includes(key as keyof LiveChanges), key);
    assert.equal(row.actor, 'test');
  });
});
