// The ratings kept by the projection on both engines (src/projections/ratings.ts): computed at ingestion,
// untouched by an identical re-import, changed by a corrected result from its date only, in the change
// feed; and a match's prediction uses nothing from its own kick-off or later.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { nationalTeam } from '../../../src/ingest/identity/national-teams.js';
import { expectedResult, startRatingAt } from '../../../src/ratings/elo.js';
import { NATIONAL_RULES } from '../../../src/ratings/rating-rules.js';
import { updateRatings } from '../../../src/ratings/update-ratings.js';
import { openApi, type Api } from '../../support/sources/api.js';
import { tempDir } from '../../support/sources/fixtures.js';
import { ingestOk, openTestStorage, type TestStorage } from '../../support/sources/storage.js';
import { writeInternationalResults } from '../../support/international-results.js';

const team = (name: string) => nationalTeam(name, false)!.teamId;
const RESULTS = [
  '1990-03-01,England,Scotland,2,0,Friendly,London,England,FALSE',
  '1991-04-01,Wales,Northern Ireland,1,1,Friendly,Cardiff,Wales,FALSE',
  '1992-05-01,Scotland,Wales,3,1,FIFA World Cup qualification,Glasgow,Scotland,FALSE',
  '1993-06-01,Northern Ireland,England,0,1,FIFA World Cup qualification,Belfast,Northern Ireland,FALSE',
  '1994-07-01,England,Wales,1,1,Friendly,Wembley,England,TRUE',
  '1995-08-01,Scotland,Northern Ireland,2,2,Friendly,Glasgow,Scotland,FALSE',
  '1996-09-01,Wales,England,0,4,Friendly,Cardiff,Wales,FALSE',
];

type Point = {
  match_id: string;
  team_id: string;
  starts_at: string;
  rating_before: number;
  rating_after: number;
  matches: number;
};

describe('ratings kept with the matches', () => {
  let storage: TestStorage;
  let api: Api;
  let dir: string;
  let cleanup: () => void;
  const ingest = async (rows: string[]) => {
    writeInternationalResults(dir, { results: rows });
    const run = await ingestOk(storage, 'international-results', `${dir}/international_results`);
    await api.refresh();
    return run;
  };
  const points = async (): Promise<Point[]> =>
    (
      await storage.db
        .selectFrom('rating_points')
        .selectAll()
        .orderBy('starts_at')
        .orderBy('team_id')
        .execute()
    ).map((p) => ({
      match_id: p.match_id,
      team_id: p.team_id,
      starts_at: p.starts_at,
      rating_before: Number(p.rating_before),
      rating_after: Number(p.rating_after),
      matches: Number(p.matches),
    }));
  const ratingChanges = async () =>
    (
      await storage.db
        .selectFrom('changes')
        .select(['record_id', 'seq'])
        .where('kind', '=', 'rating')
        .execute()
    )
      .map((r) => `${r.record_id}@${r.seq}`)
      .sort();
  const matchOn = async (date: string) =>
    (
      await storage.db
        .selectFrom('matches')
        .select('id')
        .where('local_date', '=', date)
        .executeTakeFirstOrThrow()
    ).id;

  before(async () => {
    ({ dir, cleanup } = tempDir());
    storage = await openTestStorage('ratings.db');
    api = await openApi(storage);
    await ingest(RESULTS);
  });
  after(async () => {
    await api.close();
    await storage.close();
    cleanup();
  });

  it('rates every match at ingestion: two points each, the first by hand', async () => {
    const all = await points();
    assert.equal(all.length, RESULTS.length * 2);
    const first = all.filter((p) => p.starts_at.startsWith('1990-03-01'));
    const england = first.find((p) => p.team_id === team('England'))!;
    // Two new teams (their first match after 1950: the later entrants' start), England at home (+100), a
    // friendly (K 20), won by two goals (×1.5).
    const start = startRatingAt(NATIONAL_RULES.elo, '1990-03-01T00:00:00Z');
    assert.equal(start, NATIONAL_RULES.elo.startRatings[1]!.rating);
    const change = 20 * 1.5 * (1 - expectedResult(100, 400));
    assert.equal(england.rating_before, start * 1000);
    assert.ok(Math.abs(england.rating_after / 1000 - (start + change)) < 0.001);
    const scotland = first.find((p) => p.team_id === team('Scotland'))!;
    assert.equal(scotland.rating_after, 2 * start * 1000 - england.rating_after);
    // Rated through the change feed: one rating change per team rated.
    assert.equal((await ratingChanges()).length, 4);
  });

  it('changes no rating and logs no rating change on an identical re-import', async () => {
    const pointsBefore = await points();
    const changesBefore = await ratingChanges();
    await ingest(RESULTS);
    assert.deepEqual(await points(), pointsBefore);
    assert.deepEqual(await ratingChanges(), changesBefore);
    // A pass over everything finds nothing to change either: the incremental rows are the whole pass's.
    assert.deepEqual(await updateRatings(storage.db, null), { teams: [], rows: 0 });
  });

  it('does not use a match’s own result or any later one in its prediction', async () => {
    const id = await matchOn('1993-06-01');
    const answer = await api.get<{ data: Record<string, unknown> }>(`/football/matches/${id}/prediction`);
    assert.equal(answer.data.available, true);
    assert.equal(answer.data.as_of, '1993-06-01T00:00:00Z');
    const p = answer.data as { home_win: number; draw: number; away_win: number };
    assert.equal(Math.round((p.home_win + p.draw + p.away_win) * 10000), 10000);
    // Its own result, and a later one, corrected: the same prediction.
    const changed = RESULTS.map((r) =>
      r.startsWith('1993-06-01')
        ? r.replace(',0,1,', ',5,0,')
        : r.startsWith('1995-08-01')
          ? r.replace(',2,2,', ',0,6,')
          : r,
    );
    await ingest(changed);
    assert.deepEqual(await api.get(`/football/matches/${id}/prediction`), answer);
    // The next match of a team whose result changed is predicted differently.
    const later = await matchOn('1994-07-01');
    await ingest(RESULTS);
    const original = await api.get(`/football/matches/${later}/prediction`);
    await ingest(changed);
    assert.notDeepEqual(await api.get(`/football/matches/${later}/prediction`), original);
    await ingest(RESULTS);
    assert.deepEqual(await api.get(`/football/matches/${later}/prediction`), original);
  });

  it('changes ratings from a corrected result’s date only, and logs the teams whose ratings moved', async () => {
    const pointsBefore = await points();
    const changesBefore = await ratingChanges();
    const corrected = RESULTS.map((r) => (r.startsWith('1994-07-01') ? r.replace(',1,1,', ',3,1,') : r));
    await ingest(corrected);
    const pointsAfter = await points();
    const cut = '1994-07-01';
    assert.deepEqual(
      pointsAfter.filter((p) => p.starts_at < cut),
      pointsBefore.filter((p) => p.starts_at < cut),
      'nothing before the corrected match moved',
    );
    const at = (list: Point[], date: string, name: string) =>
      list.find((p) => p.starts_at.startsWith(date) && p.team_id === team(name))!;
    assert.ok(at(pointsAfter, cut, 'England').rating_after > at(pointsBefore, cut, 'England').rating_after);
    // Wales and England play again in 1996: their points moved; Scotland and Northern Ireland's 1995 match did not.
    assert.notEqual(
      at(pointsAfter, '1996-09-01', 'Wales').rating_before,
      at(pointsBefore, '1996-09-01', 'Wales').rating_before,
    );
    assert.deepEqual(at(pointsAfter, '1995-08-01', 'Scotland'), at(pointsBefore, '1995-08-01', 'Scotland'));
    const logged = (await ratingChanges())
      .filter((c) => !changesBefore.includes(c))
      .map((c) => c.split('@')[0])
      .sort();
    assert.deepEqual(logged, [team('England'), team('Wales')].sort());
    assert.deepEqual(await updateRatings(storage.db, null), { teams: [], rows: 0 });
  });

  it('serves the ranking and the history of what it stored', async () => {
    const ranking = await api.get<{
      data: Array<{ rank: number; team: { id: string }; matches: number }>;
      meta: { total: number };
    }>('/football/rankings?type=national&date=1996-12-31');
    assert.equal(ranking.meta.total, 4);
    assert.deepEqual(
      ranking.data.map((r) => r.rank),
      [1, 2, 3, 4],
    );
    assert.equal(
      ranking.data.reduce((s, r) => s + r.matches, 0),
      RESULTS.length * 2,
    );
    const history = await api.get<{
      data: { points: Array<{ date: string }>; current: { matches: number } };
    }>(`/football/teams/${team('England')}/ratings?date_from=1991-01-01&date_to=1995-12-31`);
    assert.deepEqual(
      history.data.points.map((p) => p.date),
      ['1993-06-01', '1994-07-01'],
    );
    assert.equal(history.data.current.matches, 4);
  });
});
