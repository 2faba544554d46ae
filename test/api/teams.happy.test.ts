import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../support/build-app.js';
import { API, assertKeys, assertPage, assertTeam, getOk } from '../support/api-contract.js';

type Team = { id: string; name: string };

test('teams', async (t) => {
  const { app, auth, ids } = await buildTestApp(t);
  const list = async (query = '') => {
    const result = await getOk<{ data: Team[]; meta: Record<string, unknown> }>(
      app,
      `${API}/football/teams${query}`,
      auth(),
    );
    return { ...result, names: result.body.data.map((c) => c.name) };
  };

  await t.test('GET /football/teams: {data, meta} of full Team resources', async () => {
    const { body, res } = await list();
    assertPage(body, res, { counted: true });
    assert.equal(body.meta.total, 14);
    assert.equal(body.data.length, 14);
    body.data.forEach((team) => assertTeam(team));
  });

  await t.test('alphabetical by name', async () => {
    const { names } = await list();
    assert.equal(names[0], 'Arsenal FC');
    assert.ok(names.indexOf('FC Augsburg') < names.indexOf('FC Bayern München'));
    assert.ok(names.indexOf('Manchester City FC') < names.indexOf('Manchester United'));
  });

  await t.test('alphabetical ignoring case and accents', async () => {
    const { names } = await list();
    const folded = [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
    assert.deepEqual(names, folded);
  });

  await t.test('a team resource has every field, null where unknown', async () => {
    const { body } = await getOk(app, `${API}/football/teams/${ids.teams.bayern}`, auth());
    assertKeys(body, ['data'], 'body');
    assert.deepEqual(body.data, {
      id: ids.teams.bayern,
      slug: 'fc-bayern-munchen',
      name: 'FC Bayern München',
      short_name: null,
      country_name: 'Germany',
      country_code: 'DE',
      logo_url: null,
    });
  });

  await t.test('teams of archived seasons are served too', async () => {
    const { body } = await getOk(app, `${API}/football/teams/${ids.teams.manUtd}`, auth());
    assert.equal(body.data.name, 'Manchester United');
    assert.equal(body.data.country_code, 'GB');
  });

  await t.test('q is case- and accent-insensitive', async () => {
    for (const q of ['munchen', 'MÜNCHEN', 'München', 'bayern m', 'BAYERN']) {
      const { names, body } = await list(`?q=${encodeURIComponent(q)}`);
      assert.deepEqual(names, ['FC Bayern München'], q);
      assert.equal(body.meta.total, 1);
    }
    assert.deepEqual((await list('?q=MANCHESTER')).names, ['Manchester City FC', 'Manchester United']);
    assert.deepEqual((await list('?q=manchester%20united')).names, ['Manchester United']);
    const none = await list('?q=real%20madrid');
    assert.deepEqual(none.body.data, []);
    assert.equal(none.body.meta.total, 0);
  });

  await t.test('q treats LIKE wildcards as text', async () => {
    assert.deepEqual((await list('?q=%25')).names, []);
    assert.deepEqual((await list('?q=_')).names, []);
  });

  await t.test('page and limit slice the alphabetical list', async () => {
    const { names: all } = await list();
    const pages: string[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const { body, res, names } = await list(`?limit=5&page=${page}`);
      assertPage(body, res, { page, limit: 5, counted: true });
      assert.equal(body.meta.has_more, page < 3);
      pages.push(...names);
    }
    assert.deepEqual(pages, all);
  });

  await t.test('GET .../players: 200, squad coverage false, empty squad, meta {count}', async () => {
    const { body } = await getOk(app, `${API}/football/teams/${ids.teams.manCity}/players`, auth());
    assert.deepEqual(body, {
      data: [],
      meta: { count: 0 },
      coverage: { squad_available: false },
      attribution: [],
    });
  });

  await t.test('GET .../injuries-suspensions: 200, injuries coverage false, empty', async () => {
    const url = `${API}/football/teams/${ids.teams.bayern}/injuries-suspensions`;
    const { body } = await getOk(app, url, auth());
    assert.deepEqual(body, { data: [], meta: { count: 0 }, coverage: { injuries_available: false } });
  });
});
