// Cached answers are invalidated per record (issue 19): a live update of one match drops that match's
// answers, its season's table and every answer about many records, and leaves the answers about other
// matches, teams and competitions cached under the same ETag; a change the writer cannot narrow (a team
// renamed) drops everything. On the engine under test (both in `npm test`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyMatchUpdate } from '../../src/live/apply-update.js';
import { buildTestApp, reingestFixture, type TestApp } from '../support/build-app.js';
import { appOnStorage } from '../support/test-app.js';
import { API } from '../support/api-contract.js';

async function served(t: Parameters<typeof buildTestApp>[0]) {
  const built = await buildTestApp(t);
  const served = await appOnStorage(built.storage);
  t.after(() => served.app.close());
  const { ids } = built;
  const urls = {
    changed: `/football/matches/${ids.matches.burnleyCity}`,
    changedTimeline: `/football/matches/${ids.matches.burnleyCity}/timeline`,
    table: `/football/competitions/${ids.competitions.en1}/seasons/${ids.seasons.en1_2023}/standings`,
    list: `/football/matches?season_id=${ids.seasons.en1_2023}`,
    other: `/football/matches/${ids.matches.bayernAugsburg}`,
    otherTimeline: `/football/matches/${ids.matches.bayernAugsburg}/timeline`,
    otherTable: `/football/competitions/${ids.competitions.de1}/seasons/${ids.seasons.de1_2023}/standings`,
    team: `/football/teams/${ids.teams.bayern}`,
    competition: `/football/competitions/${ids.competitions.de1}`,
  };
  const get = (url: string, etag?: string) =>
    served.app.inject({
      url: `${API}${url}`,
      headers: { ...built.auth(), ...(etag ? { 'if-none-match': etag } : {}) },
    });
  const etags = async () => {
    const tags: Record<string, string> = {};
    for (const [name, url] of Object.entries(urls)) {
      const res = await get(url);
      assert.equal(res.statusCode, 200, `${name}: ${res.body}`);
      tags[name] = String(res.headers.etag);
    }
    return tags;
  };
  return { built, ...served, urls, get, etags };
}

const score = (built: TestApp, home: number) =>
  applyMatchUpdate(
    built.storage,
    {
      update_id: `score-${home}`,
      match: built.ids.matches.burnleyCity,
      sequence: home,
      correction: true,
      score: { home, away: 3 },
    },
    'test',
    new Date(),
  );

test('a live update drops the answers about its match, season and many records, and keeps the rest', async (t) => {
  const { built, cache, generation, urls, get, etags } = await served(t);
  const before = await etags();
  const cachedBefore = cache.size;

  const verdict = await score(built, 5);
  assert.equal(verdict.outcome, 'applied');
  await generation.refresh();
  assert.equal(cache.size, cachedBefore, 'nothing dropped wholesale');
  const after = await etags();
  for (const name of ['changed', 'changedTimeline', 'table', 'list'] as const) {
    assert.notEqual(after[name], before[name], `${name}: a new version`);
    const stale = await get(urls[name], before[name]);
    assert.equal(stale.statusCode, 200, `${name}: the old ETag names nothing current`);
  }
  for (const name of ['other', 'otherTimeline', 'otherTable', 'team', 'competition'] as const) {
    assert.equal(after[name], before[name], `${name}: unchanged`);
    const kept = await get(urls[name], before[name]);
    assert.equal(kept.statusCode, 304, `${name}: still current`);
  }
  const match = (await get(urls.changed)).json() as { data: { home_team: { score: number } } };
  assert.equal(match.data.home_team.score, 5, 'the new score is served');
  const table = (await get(urls.table)).json() as { data: { rows: Array<{ goals_for: number }> } };
  assert.ok(
    table.data.rows.some((row) => row.goals_for >= 5),
    'the table counts the new score',
  );
});

test('an ingestion that corrects one score invalidates that match, its season and many-record answers', async (t) => {
  const { built, generation, urls, get, etags } = await served(t);
  const before = await etags();
  await reingestFixture(built, ([first, ...rest]) => [
    { ...first, score: { ht: [0, 2], ft: [1, 3] } },
    ...rest,
  ]);
  await generation.refresh();
  const after = await etags();
  for (const name of ['changed', 'table', 'list'] as const) assert.notEqual(after[name], before[name], name);
  for (const name of ['other', 'otherTimeline', 'otherTable', 'team', 'competition'] as const) {
    assert.equal(after[name], before[name], `${name}: unchanged`);
  }
  const match = (await get(urls.changed)).json() as { data: { home_team: { score: number } } };
  assert.equal(match.data.home_team.score, 1);
});
