import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../support/build-app.js';
import { API, assertCompetition, assertKeys, assertPage, getOk } from '../support/api-contract.js';

type Competition = { id: string; name: string; country: { name: string | null; code: string | null } };

test('competitions', async (t) => {
  const { app, auth, ids } = await buildTestApp(t);
  const list = async (query = '') => {
    const result = await getOk<{ data: Competition[]; meta: Record<string, unknown> }>(
      app,
      `${API}/football/competitions${query}`,
      auth(),
    );
    return { ...result, names: result.body.data.map((c) => c.name) };
  };

  await t.test('GET /football/competitions: {data, meta} of full Competition resources', async () => {
    const { body, res } = await list();
    assertPage(body, res, { counted: true });
    assert.equal(body.meta.total, 4);
    assert.equal(body.meta.has_more, false);
    body.data.forEach((c) => assertCompetition(c));
  });

  await t.test('ordered by country, then name', async () => {
    const { body, names } = await list();
    assert.deepEqual(names, [
      'Österr. Bundesliga', // Austria
      'English Championship', // England
      'English Premier League', // England
      'Deutsche Bundesliga', // Germany
    ]);
    assert.deepEqual(
      body.data.map((c) => c.country.name),
      ['Austria', 'England', 'England', 'Germany'],
    );
  });

  await t.test('a competition resource has every field, null where unknown', async () => {
    const { body } = await list();
    const epl = body.data.find((c) => c.id === ids.competitions.en1);
    assert.deepEqual(epl, {
      id: ids.competitions.en1,
      slug: 'english-premier-league',
      name: 'English Premier League',
      country: { name: 'England', code: 'GB' },
      confederation: null,
      type: 'league',
      gender: 'men',
      logo_url: null,
      season_count: 2,
    });
  });

  await t.test('country_code filters by ISO alpha-2, in either case', async () => {
    for (const code of ['GB', 'gb']) {
      const { names, body } = await list(`?country_code=${code}`);
      assert.deepEqual(names, ['English Championship', 'English Premier League']);
      assert.equal(body.meta.total, 2);
    }
    const { body } = await list('?country_code=FR');
    assert.deepEqual(body.data, []);
    assert.equal(body.meta.total, 0);
  });

  await t.test('q is a case- and accent-insensitive name search', async () => {
    for (const q of ['premier', 'PREMIER', 'Premier%20League']) {
      assert.deepEqual((await list(`?q=${q}`)).names, ['English Premier League'], q);
    }
    for (const q of ['osterr', encodeURIComponent('ÖSTERR'), encodeURIComponent('österr')]) {
      assert.deepEqual((await list(`?q=${q}`)).names, ['Österr. Bundesliga'], q);
    }
    assert.deepEqual((await list('?q=bundesliga')).names, ['Österr. Bundesliga', 'Deutsche Bundesliga']);
    const none = await list('?q=serie');
    assert.deepEqual(none.body.data, []);
    assert.equal(none.body.meta.total, 0);
  });

  await t.test('q and country_code combine', async () => {
    assert.deepEqual((await list('?q=bundesliga&country_code=DE')).names, ['Deutsche Bundesliga']);
  });

  await t.test('page and limit slice the ordered list', async () => {
    const { names: all } = await list();
    const first = await list('?limit=3');
    assertPage(first.body, first.res, { limit: 3, counted: true });
    assert.equal(first.body.meta.has_more, true);
    const second = await list('?limit=3&page=2');
    assertPage(second.body, second.res, { page: 2, limit: 3, counted: true });
    assert.equal(second.body.meta.has_more, false);
    assert.deepEqual([...first.names, ...second.names], all);
    const beyond = await list('?page=9');
    assert.deepEqual(beyond.body.data, []);
    assert.equal(beyond.body.meta.total, 4);
  });

  await t.test('GET /football/competitions/{id} answers {data: Competition}', async () => {
    const { body } = await getOk(app, `${API}/football/competitions/${ids.competitions.de1}`, auth());
    assertKeys(body, ['data'], 'body');
    assertCompetition(body.data);
    assert.equal(body.data.id, ids.competitions.de1);
    assert.equal(body.data.name, 'Deutsche Bundesliga');
    assert.deepEqual(body.data.country, { name: 'Germany', code: 'DE' });
  });
});
