import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../support/build-app.js';
import {
  API,
  assertCompetition,
  assertKeys,
  assertPage,
  assertSeason,
  CAPABILITY_KEYS,
  getOk,
  ISO_DATE_TIME,
} from '../support/api-contract.js';

const FRESHNESS_KEYS = [
  'last_success_at',
  'artifact_retrieved_at',
  'records_seen',
  'source_updated_at',
  'freshness_guaranteed',
];
const REFRESH_KEYS = ['last_checked_at', 'last_attempt_at', 'last_outcome', 'consecutive_failures'];
const COUNT_KEYS = ['competitions', 'seasons', 'teams', 'matches', 'completed_matches'];

test('coverage routes', async (t) => {
  const { app, auth, ids } = await buildTestApp(t);

  await t.test('GET /coverage/summary counts the normalized database', async () => {
    const { body } = await getOk(app, `${API}/coverage/summary`, auth());
    assertKeys(body, ['data'], 'body');
    assertKeys(body.data, [...COUNT_KEYS, ...FRESHNESS_KEYS, 'starter_data', 'sources'], 'summary');
    assert.equal(body.data.starter_data, false, 'the test data is no starter set');
    assert.deepEqual(Object.fromEntries(COUNT_KEYS.map((k) => [k, body.data[k]])), {
      competitions: 4,
      seasons: 5,
      teams: 14,
      matches: 11,
      completed_matches: 8,
    });
  });

  await t.test('the summary reports dataset freshness without promising any', async () => {
    const { body } = await getOk(app, `${API}/coverage/summary`, auth());
    const d = body.data;
    assert.match(d.last_success_at, ISO_DATE_TIME);
    assert.match(d.artifact_retrieved_at, ISO_DATE_TIME);
    assert.equal(d.records_seen, 11);
    assert.equal(d.source_updated_at, null);
    assert.equal(d.freshness_guaranteed, false);
    assert.equal(d.sources.length, 1);
    assertKeys(
      d.sources[0],
      ['source', 'starter', 'artifact_sha256', ...FRESHNESS_KEYS, ...REFRESH_KEYS, 'attribution'],
      'summary.sources[0]',
    );
    assert.equal(d.sources[0].starter, false);
    assert.equal(d.sources[0].last_outcome, 'succeeded');
    assert.equal(d.sources[0].consecutive_failures, 0);
    assert.equal(d.sources[0].last_checked_at, d.sources[0].last_success_at);
    assert.equal(d.sources[0].last_attempt_at, d.sources[0].last_success_at);
    assert.equal(d.sources[0].source, 'openfootball');
    assert.equal(d.sources[0].attribution.license, 'CC0 1.0');
    assert.match(d.sources[0].artifact_sha256, /^[0-9a-f]{64}$/);
  });

  await t.test('GET /coverage/leagues lists {competition, available}, in competition order', async () => {
    const { body, res } = await getOk(app, `${API}/coverage/leagues`, auth());
    assertPage(body, res, { counted: true });
    assert.equal(body.meta.total, 4);
    for (const item of body.data) {
      assertKeys(item, ['competition', 'available'], 'coverage league');
      assertCompetition(item.competition);
      assertKeys(item.available, CAPABILITY_KEYS, 'available');
      for (const k of CAPABILITY_KEYS) assert.equal(typeof item.available[k], 'boolean', k);
    }
    const { body: competitions } = await getOk(app, `${API}/football/competitions`, auth());
    assert.deepEqual(
      body.data.map((i: { competition: { id: string } }) => i.competition.id),
      competitions.data.map((c: { id: string }) => c.id),
    );
  });

  await t.test('capabilities say what is stored: fixtures, results, teams and tables from them', async () => {
    const { body } = await getOk(app, `${API}/coverage/leagues/${ids.competitions.en1}`, auth());
    assert.deepEqual(body.data.available, {
      fixtures: true,
      results: true,
      teams: true,
      standings: true,
      players: false,
      live: false,
      odds: false,
      statistics: false,
      lineups: false,
      timeline: false,
    });
  });

  await t.test('GET /coverage/leagues/{id} carries the competition and its seasons', async () => {
    const { body } = await getOk(app, `${API}/coverage/leagues/${ids.competitions.en1}`, auth());
    assertKeys(body, ['data'], 'body');
    assertKeys(body.data, ['competition', 'seasons', 'available'], 'coverage league');
    assertCompetition(body.data.competition);
    assert.equal(body.data.competition.id, ids.competitions.en1);
    body.data.seasons.forEach(assertSeason);
    assert.deepEqual(
      body.data.seasons.map((s: { id: string }) => s.id),
      [ids.seasons.en1_2023, ids.seasons.en1_2015],
    );
  });

  await t.test('page and limit apply to /coverage/leagues', async () => {
    const { body, res } = await getOk(app, `${API}/coverage/leagues?page=2&limit=3`, auth());
    assertPage(body, res, { page: 2, limit: 3, counted: true });
    assert.equal(body.data.length, 1);
    assert.equal(body.meta.has_more, false);
  });
});
