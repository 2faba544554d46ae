// Several team_id or competition_id values on the match list (docs/api.md, "Match list"): any of them,
// each match once, in kick-off order, every page; every ID of a list must exist; head-to-head takes one team.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../support/build-app.js';
import { API, assertError, getOk, oldestFirst } from '../support/api-contract.js';

type Match = { id: string; starts_at: string; home_team: { id: string }; away_team: { id: string } };

test('match list: lists of teams and competitions', async (t) => {
  const { app, auth, ids } = await buildTestApp(t);
  const { teams, competitions } = ids;
  const get = (query: string) =>
    app.inject({ url: `${API}/football/matches?${oldestFirst(query)}`, headers: auth() });
  const list = async (query: string) => {
    const { body } = await getOk<{ data: Match[]; meta: { has_more: boolean } }>(
      app,
      `${API}/football/matches?${oldestFirst(query)}`,
      auth(),
    );
    return body;
  };
  /** What the union of the single-value lists gives, each match once, in kick-off order. */
  const union = async (name: string, values: string[], rest = '') => {
    const byId = new Map<string, Match>();
    for (const value of values) {
      for (const m of (await list(`${name}=${value}&limit=100${rest}`)).data) byId.set(m.id, m);
    }
    const order = (a: Match, b: Match) => a.starts_at.localeCompare(b.starts_at) || a.id.localeCompare(b.id);
    return [...byId.values()].sort(order).map((m) => m.id);
  };

  await t.test('several teams: the matches of any, a match between two of them once', async () => {
    const pair = [teams.manCity, teams.burnley];
    const got = (await list(`team_id=${pair.join(',')}&limit=100`)).data;
    assert.deepEqual(
      got.map((m) => m.id),
      await union('team_id', pair),
    );
    assert.ok(got.some((m) => pair.includes(m.home_team.id) && pair.includes(m.away_team.id)));
    const three = [teams.manCity, teams.arsenal, teams.manUtd];
    assert.deepEqual(
      (await list(`team_id=${three.join(',')}&limit=100&sort=-starts_at`)).data.map((m) => m.id),
      (await union('team_id', three)).reverse(),
    );
    // The same team twice is the team once.
    assert.deepEqual(
      (await list(`team_id=${teams.manCity},${teams.manCity}&limit=100`)).data.map((m) => m.id),
      await union('team_id', [teams.manCity]),
    );
  });

  await t.test('several competitions, alone or with a team, and paged', async () => {
    const both = [competitions.en1, competitions.de1];
    const all = (await list(`competition_id=${both.join(',')}&limit=100`)).data.map((m) => m.id);
    assert.deepEqual(all, await union('competition_id', both));
    assert.ok(all.length > 2);
    const seen: string[] = [];
    for (let page = 1; ; page += 1) {
      const body = await list(`competition_id=${both.join(',')}&limit=2&page=${page}`);
      seen.push(...body.data.map((m) => m.id));
      if (!body.meta.has_more) break;
    }
    assert.deepEqual(seen, all);
    const withTeam = (await list(`competition_id=${both.join(',')}&team_id=${teams.bayern}&limit=100`)).data;
    assert.deepEqual(
      withTeam.map((m) => m.id),
      await union('competition_id', both, `&team_id=${teams.bayern}`),
    );
  });

  await t.test('400: head-to-head of several teams, more than ten values, a malformed list', async () => {
    await assertError(
      await get(`team_id=${teams.manCity},${teams.burnley}&opponent_id=${teams.arsenal}`),
      400,
      'invalid_parameter',
    );
    const eleven = Array.from({ length: 11 }, (_, i) => `team_${i}a`).join(',');
    await assertError(await get(`team_id=${eleven}`), 400, 'invalid_parameter');
    for (const bad of [`${teams.manCity},`, `,${teams.manCity}`, `${teams.manCity},,${teams.burnley}`]) {
      await assertError(await get(`team_id=${bad}`), 400, 'invalid_parameter');
    }
    await assertError(
      await get(`competition_id=${competitions.en1},${teams.burnley}`),
      400,
      'invalid_parameter',
    );
  });

  await t.test('404: every ID of a list must exist, even when the others have matches', async () => {
    const unknown = `team_${'0'.repeat(16)}`;
    const answer = await get(`team_id=${teams.manCity},${unknown}`);
    await assertError(answer, 404, 'not_found');
    assert.match(answer.json().error.message, new RegExp(unknown));
    await assertError(
      await get(`competition_id=comp_${'1'.repeat(16)},${competitions.en1}`),
      404,
      'not_found',
    );
  });
});
