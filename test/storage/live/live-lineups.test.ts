// Lineups in live match updates, on the engine under test (both in `npm test`): a side's lineup replaces
// the feed's stored one and shows in /lineups, players named by the operator's key are stored once under
// a stable ID, an unknown player or a player twice is a rejection that changes nothing, and /player-stats
// counts the live events of the lineup's players.
import assert from 'node:assert/strict';
import { describe, it, before, after } from 'node:test';
import { applyMatchUpdate } from '../../../src/live/apply-update.js';
import { feedPlayerId } from '../../../src/live/live-lineups.js';
import type { Verdict } from '../../../src/live/verdict.js';
import { stableId } from '../../../src/ingest/identity/stable-id.js';
import { API } from '../../support/api-contract.js';
import { buildTestApp, type TestApp } from '../../support/build-app.js';

const NOW = new Date('2024-05-19T15:00:00.000Z');

type Shown = { player: { id: string; name: string }; shirt_number: number | null; position: string | null };
type LineupTeam = {
  team: { id: string; name: string };
  formation: string | null;
  coach: { id: string | null; name: string } | null;
  starting: Shown[];
  bench: Shown[];
};

describe('live: lineups in match updates', () => {
  let built: TestApp;
  const hooks: Array<() => Promise<void>> = [];

  before(async () => {
    built = await buildTestApp({ after: (fn) => void hooks.push(fn as () => Promise<void>) });
  });
  after(async () => {
    for (const hook of hooks.reverse()) await hook();
  });

  const apply = (update: unknown) => applyMatchUpdate(built.storage, update, 'test', NOW);
  const db = () => built.storage.db;
  const applied = (verdict: Verdict) => {
    assert.equal(verdict.outcome, 'applied', JSON.stringify(verdict));
    return verdict as Extract<Verdict, { outcome: 'applied' }>;
  };
  const rejected = (verdict: Verdict, reason: RegExp) => {
    assert.equal(verdict.outcome, 'rejected', JSON.stringify(verdict));
    assert.match((verdict as { reason: string }).reason, reason);
  };
  const get = async (url: string) => {
    built.cache.clear();
    const res = await built.app.inject({ method: 'GET', url: `${API}${url}`, headers: built.auth() });
    assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    return res.json() as { data: Record<string, unknown> };
  };
  const lineupCount = async () =>
    Number(
      (
        await db()
          .selectFrom('competitions')
          .select('lineup_match_count')
          .where('id', '=', built.ids.competitions.en1)
          .executeTakeFirstOrThrow()
      ).lineup_match_count,
    );
  /** Everything a rejected update must leave as it was. */
  const snapshot = async () => ({
    players: await db().selectFrom('players').selectAll().orderBy('id').execute(),
    lineups: await db().selectFrom('match_lineups').selectAll().orderBy('id').execute(),
    sheets: await db().selectFrom('match_team_sheets').selectAll().orderBy('id').execute(),
    live: await db().selectFrom('live_events').select('seq').execute(),
    count: await lineupCount(),
  });
  const ids = (players: Shown[]) => players.map((p) => p.player.id);

  it('a lineup applied shows in /lineups, its key-named players stored under stable IDs', async () => {
    const id = built.ids.matches.scheduled;
    const countBefore = await lineupCount();
    const verdict = applied(
      await apply({
        update_id: 'lu1',
        match: id,
        sequence: 1,
        status: 'live',
        lineups: {
          home: {
            formation: '4-3-3',
            coach: 'Pep Guardiola',
            starting: [
              { key: 'MCI-31', name: 'Ederson', shirt_number: 31, position: 'GK' },
              { key: 'MCI-9', name: 'E. Haaland', shirt_number: 9, position: 'CF' },
            ],
            bench: [{ key: 'MCI-18', name: 'Stefan Ortega', shirt_number: 18 }],
          },
          away: { starting: [{ key: 'ARS-1', name: 'David Raya', shirt_number: 22, position: 'GK' }] },
        },
      }),
    );
    assert.equal(verdict.changes.lineups_changed, true);
    assert.equal(await lineupCount(), countBefore + 1, 'lineup_match_count moves by this match');

    const haaland = stableId('player', 'feed:MCI-9');
    assert.equal(feedPlayerId('MCI-9'), haaland);
    const stored = await db().selectFrom('players').selectAll().where('id', '=', haaland).execute();
    assert.equal(stored.length, 1);
    assert.equal(stored[0]!.name, 'E. Haaland');
    assert.equal(stored[0]!.source, 'feed');

    const shown = await get(`/football/matches/${id}/lineups`);
    assert.deepEqual(shown.data.coverage, { lineups_available: true });
    const [home, away] = shown.data.teams as LineupTeam[];
    assert.equal(home!.team.id, built.ids.teams.manCity);
    assert.equal(home!.formation, '4-3-3');
    // A live feed's coach has no coach record: a name alone.
    assert.deepEqual(home!.coach, { id: null, name: 'Pep Guardiola' });
    assert.deepEqual(ids(home!.starting).sort(), [haaland, stableId('player', 'feed:MCI-31')].sort());
    assert.deepEqual(
      home!.starting.find((p) => p.player.id === haaland),
      { player: { id: haaland, name: 'E. Haaland' }, shirt_number: 9, position: 'CF' },
    );
    assert.deepEqual(ids(home!.bench), [stableId('player', 'feed:MCI-18')]);
    assert.equal(away!.team.id, built.ids.teams.arsenal);
    assert.equal(away!.formation, null);
    assert.equal(away!.coach, null);
    assert.deepEqual(ids(away!.starting), [stableId('player', 'feed:ARS-1')]);
    const rows = await db()
      .selectFrom('match_lineups')
      .select(['id', 'source'])
      .where('match_id', '=', id)
      .execute();
    assert.ok(rows.every((r) => r.source === 'feed'));
    assert.ok(rows.some((r) => r.id === `${id}:feed:lineup:${built.ids.teams.manCity}:${haaland}`));
  });

  it('a later lineup replaces the side it gives; a player sent again is stored once, renamed', async () => {
    const id = built.ids.matches.scheduled;
    const countBefore = await lineupCount();
    const ederson = stableId('player', 'feed:MCI-31');
    const verdict = applied(
      await apply({
        update_id: 'lu2',
        match: id,
        sequence: 2,
        lineups: {
          home: {
            formation: '3-2-4-1',
            starting: [
              { id: ederson, shirt_number: 31, position: 'GK' },
              { key: 'MCI-9', name: 'Erling Haaland', shirt_number: 9, position: 'CF' },
              { key: 'MCI-47', name: 'Phil Foden', shirt_number: 47 },
            ],
          },
        },
      }),
    );
    assert.equal(verdict.changes.lineups_changed, true);
    assert.equal(await lineupCount(), countBefore, 'the match had a lineup already');
    const haaland = await db()
      .selectFrom('players')
      .selectAll()
      .where('id', '=', feedPlayerId('MCI-9'))
      .execute();
    assert.equal(haaland.length, 1);
    assert.equal(haaland[0]!.name, 'Erling Haaland');

    const [home, away] = (await get(`/football/matches/${id}/lineups`)).data.teams as LineupTeam[];
    assert.equal(home!.formation, '3-2-4-1');
    assert.equal(home!.coach, null, 'the side given replaces its sheet, all of it');
    assert.deepEqual(
      ids(home!.starting).sort(),
      [ederson, feedPlayerId('MCI-9'), feedPlayerId('MCI-47')].sort(),
    );
    assert.deepEqual(home!.bench, [], 'the bench left out is no bench');
    assert.deepEqual(ids(away!.starting), [feedPlayerId('ARS-1')], 'the side left out stays');

    const same = applied(
      await apply({
        update_id: 'lu3',
        match: id,
        sequence: 3,
        lineups: {
          home: {
            formation: '3-2-4-1',
            starting: [
              { key: 'MCI-47', name: 'Phil Foden', shirt_number: 47 },
              { id: ederson, shirt_number: 31, position: 'GK' },
              { key: 'MCI-9', name: 'Erling Haaland', shirt_number: 9, position: 'CF' },
            ],
          },
        },
      }),
    );
    assert.equal(same.changes.lineups_changed, undefined, 'the same lineup changes nothing');
  });

  it('an unknown player ID, or a player twice, is a rejection and changes nothing', async () => {
    const id = built.ids.matches.scheduled;
    const before = await snapshot();
    const cases: Array<[unknown, RegExp]> = [
      [
        { home: { starting: [{ key: 'NEW-1', name: 'New One' }, { id: 'player_nosuchplayer' }] } },
        /^lineups\.home\.starting\[1\]: no player player_nosuchplayer$/,
      ],
      [
        { home: { starting: [{ key: 'MCI-9', name: 'E. H.' }], bench: [{ key: 'MCI-9', name: 'E. H.' }] } },
        /^lineups\.home\.bench\[0\]: the player "MCI-9" is already in the lineup \(lineups\.home\.starting\[0\]\)$/,
      ],
      [
        { away: { starting: [{ key: 'MCI-9', name: 'E. H.' }, { id: feedPlayerId('MCI-9') }] } },
        /^lineups\.away\.starting\[1\]: the player player_\w+ is already in the lineup/,
      ],
    ];
    for (const [lineups, reason] of cases) {
      rejected(await apply({ update_id: 'bad', match: id, sequence: 10, lineups }), reason);
    }
    assert.deepEqual(await snapshot(), before);
  });

  it('/player-stats shows the lineup players with the goals of the live events', async () => {
    const id = built.ids.matches.scheduled;
    const haaland = feedPlayerId('MCI-9');
    const gabriel = feedPlayerId('ARS-6');
    applied(
      await apply({
        update_id: 'g1',
        match: id,
        sequence: 11,
        score: { home: 1, away: 1 },
        lineups: {
          away: {
            starting: [
              { key: 'ARS-1', name: 'David Raya' },
              { key: 'ARS-6', name: 'Gabriel' },
            ],
          },
        },
        events: [
          { id: 'e1', type: 'goal', minute: 12, team: 'home', player_id: haaland },
          // A player the same update's lineup adds may score in it.
          { id: 'e2', type: 'goal', minute: 40, team: 'away', player_id: gabriel },
        ],
      }),
    );
    const stats = await get(`/football/matches/${id}/player-stats`);
    assert.deepEqual(stats.data.coverage, { player_statistics_available: true });
    type Player = { player: { id: string; name: string }; statistics: { goals: number } };
    const [home, away] = stats.data.teams as Array<{ players: Player[] }>;
    const goals = (players: Player[]) =>
      Object.fromEntries(players.map((p) => [p.player.name, p.statistics.goals]));
    assert.deepEqual(goals(home!.players), { Ederson: 0, 'Erling Haaland': 1, 'Phil Foden': 0 });
    assert.deepEqual(goals(away!.players), { 'David Raya': 0, Gabriel: 1 });
    const timeline = await get(`/football/matches/${id}/timeline`);
    const events = timeline.data.events as Array<{ player: { id: string | null; name: string | null } }>;
    assert.deepEqual(
      events.map((e) => e.player),
      [
        { id: haaland, name: 'Erling Haaland' },
        { id: gabriel, name: 'Gabriel' },
      ],
    );
  });
});
