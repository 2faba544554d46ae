// The standings route's views on the fixture (Premier League 2023-24: Burnley 0-3 City on 11 August,
// Arsenal 2-1 Forest on 12 August, City 1-0 Newcastle on 19 August; Forest's 4-point deduction): home,
// away and form tables, the table as of a day, what the answer says of them, and the bad queries.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../support/build-app.js';
import { API, assertError, getOk } from '../support/api-contract.js';

type Row = {
  team: { name: string };
  played: number;
  won: number;
  drawn: number;
  lost: number;
  points: number;
};

const short = (name: string) => name.replace(/ FC$/, '').replace('Manchester City', 'City');

test('standings views', async (t) => {
  const { app, auth, ids } = await buildTestApp(t);
  const url = (query: string) =>
    `${API}/football/competitions/${ids.competitions.en1}/seasons/${ids.seasons.en1_2023}/standings${query}`;
  const table = async (query: string) => {
    const { body, res } = await getOk(app, url(query), auth());
    return { data: body.data, res, order: (body.data.rows as Row[]).map((r) => short(r.team.name)) };
  };

  await t.test(
    'home and away: each team’s matches on that side, no deduction; with the total they add up',
    async () => {
      const home = await table('?view=home');
      assert.deepEqual(home.data.view, { type: 'home', last: null, date: null, round: null });
      assert.deepEqual(home.order, ['Arsenal', 'City', 'Newcastle United', 'Nottingham Forest', 'Burnley']);
      assert.deepEqual(home.data.adjustments, []);
      const away = await table('?view=away');
      assert.deepEqual(away.order, ['City', 'Arsenal', 'Burnley', 'Nottingham Forest', 'Newcastle United']);
      const total = await table('');
      assert.deepEqual(total.data.view, { type: 'total', last: null, date: null, round: null });
      const deductions = new Map([['Nottingham Forest', -4]]);
      for (const row of total.data.rows as Row[]) {
        const name = short(row.team.name);
        const rowOf = (v: typeof home) => (v.data.rows as Row[]).find((r) => short(r.team.name) === name)!;
        const [h, a] = [rowOf(home), rowOf(away)];
        for (const figure of ['played', 'won', 'drawn', 'lost'] as const) {
          assert.equal(h[figure] + a[figure], row[figure], `${name} ${figure}`);
        }
        assert.equal(h.points + a.points + (deductions.get(name) ?? 0), row.points, `${name} points`);
      }
    },
  );

  await t.test('form: each team’s last matches only', async () => {
    const form = await table('?view=form&last=1');
    assert.deepEqual(form.data.view, { type: 'form', last: 1, date: null, round: null });
    // City's last match is the 1-0 against Newcastle, not the 3-0 at Burnley.
    assert.deepEqual(form.order, ['Arsenal', 'City', 'Nottingham Forest', 'Newcastle United', 'Burnley']);
    const city = (form.data.rows as Row[]).find((r) => short(r.team.name) === 'City')!;
    assert.deepEqual([city.played, city.points], [1, 3]);
    assert.deepEqual((await table('?view=form')).data.view, {
      type: 'form',
      last: 5,
      date: null,
      round: null,
    });
  });

  await t.test(
    'as of a day: later matches not counted, every team still listed, deductions applied',
    async () => {
      const early = await table('?date=2023-08-11');
      assert.deepEqual(early.data.view, { type: 'total', last: null, date: '2023-08-11', round: null });
      assert.equal(early.data.basis, 'computed');
      assert.deepEqual(early.order, ['City', 'Arsenal', 'Newcastle United', 'Burnley', 'Nottingham Forest']);
      assert.deepEqual(
        (early.data.rows as Row[]).map((r) => r.played),
        [1, 0, 0, 1, 0],
      );
      const all = await table('?date=2030-01-01');
      assert.deepEqual(all.data.rows, (await table('')).data.rows);
    },
  );

  await t.test('after a round: its matches and those of the rounds before it', async () => {
    const first = await table('?round=Matchday%201');
    assert.deepEqual(first.data.view, { type: 'total', last: null, date: null, round: 'Matchday 1' });
    assert.equal(first.data.basis, 'computed');
    // Matchday 1: Burnley 0-3 City, Arsenal 2-1 Forest; City v Newcastle is Matchday 2.
    assert.deepEqual(
      (first.data.rows as Row[]).map((r) => [short(r.team.name), r.played]),
      [
        ['City', 1],
        ['Arsenal', 1],
        ['Newcastle United', 0],
        ['Burnley', 1],
        ['Nottingham Forest', 1],
      ],
    );
    const second = await table('?round=Matchday%202');
    assert.equal((second.data.rows as Row[]).find((r) => short(r.team.name) === 'City')!.played, 2);
    const missing = await app.inject({ url: url('?round=Matchday%2099'), headers: auth() });
    assert.equal(assertError(missing, 404, 'not_found').parameter, 'round');
  });

  await t.test('each view is cached apart', async () => {
    const [home, away] = [await table('?view=home'), await table('?view=away')];
    assert.notEqual(home.res.headers.etag, away.res.headers.etag);
    assert.notDeepEqual((await table('?view=home')).order, away.order);
  });

  await t.test('bad views are 400 invalid_parameter', async () => {
    for (const [query, parameter] of [
      ['?view=league', 'view'],
      ['?last=3', 'last'],
      ['?view=home&last=3', 'last'],
      ['?view=form&last=0', 'last'],
      ['?view=form&last=51', 'last'],
      ['?view=form&last=x', 'last'],
      ['?date=2023-02-30', 'date'],
      ['?date=yesterday', 'date'],
      ['?round=Matchday%201&date=2023-08-12', 'round'],
      ['?round=', 'round'],
    ] as const) {
      const res = await app.inject({ url: url(query), headers: auth() });
      const details = assertError(res, 400, 'invalid_parameter');
      assert.equal(details.parameter, parameter, query);
    }
  });
});
