// An answer read from several tables shows one state of the database, whatever commits between its
// reads (src/storage/read-snapshot.ts). Here another connection commits right after the answer's first
// read, as a live update or an ingestion in another process can by chance.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../support/build-app.js';
import { commitAfterRead, commitFrom } from '../support/commit-between-reads.js';
import { appOnStorage } from '../support/test-app.js';

// A match's status decides which rows its sub-resources show (a live match, the live feed's only), and
// full time commits "finished" and the removal of the feed's events at once: a read on either side of it
// showed a live match with none of its goals (the live replay's poller, test/system/e2e/live-replay).
test('a match sub-resource: the match and its events of one moment', async (t) => {
  const built = await buildTestApp(t);
  const { storage, ids } = built;
  const match = ids.matches.scheduled;
  const now = new Date().toISOString();
  await storage.db.updateTable('matches').set({ status: 'live' }).where('id', '=', match).execute();
  await storage.db
    .updateTable('competitions')
    .set({ event_match_count: 1 })
    .where('id', '=', ids.competitions.en1)
    .execute();
  await storage.db
    .insertInto('match_events')
    .values({
      id: 'feed-goal-1',
      match_id: match,
      sort_key: '0001',
      type: 'goal',
      period: null,
      minute: 23,
      stoppage_minute: null,
      label: "23'",
      team_id: ids.teams.manCity,
      player_id: null,
      related_player_id: null,
      detail: null,
      source_player_name: 'Erling Haaland',
      linked_player_id: null,
      source: 'feed',
      row_hash: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const fullTime = commitFrom(t, built.databaseUrl, [
    `UPDATE matches SET status = 'finished' WHERE id = '${match}'`,
    `DELETE FROM match_events WHERE match_id = '${match}' AND source = 'feed'`,
  ]);
  const theMatch = (rows: readonly unknown[]) =>
    rows.some((row) => (row as { id?: unknown }).id === match && 'status' in (row as object));
  const watched = commitAfterRead(storage, theMatch, fullTime);
  const { app } = await appOnStorage(watched.storage);
  t.after(() => app.close());
  const timeline = async () => {
    const res = await app.inject({
      url: `/api/v1/football/matches/${match}/live-timeline`,
      headers: built.auth(),
    });
    assert.equal(res.statusCode, 200, res.body);
    const { status, events } = (res.json() as { data: { status: string; events: Array<{ type: string }> } })
      .data;
    return `${status}: ${events.map((e) => e.type).join(' ') || 'none'}`;
  };

  assert.equal(await timeline(), 'live: goal', 'the state before full time, read whole');
  assert.ok(watched.committed(), 'full time was committed between the reads');
  assert.equal(await timeline(), 'finished: none', 'and the next read sees it whole');
});

// The counts and the freshness of the coverage summary: an ingestion commits its rows and its run at once.
test('the coverage summary: counts and freshness of one moment', async (t) => {
  const built = await buildTestApp(t);
  const later = new Date(Date.now() + 3_600_000).toISOString();
  const ingestion = commitFrom(t, built.databaseUrl, [
    "UPDATE competitions SET match_count = match_count + 1000 WHERE code = 'en.1'",
    'INSERT INTO ingestion_runs (source, location, started_at, finished_at, outcome, records_seen, ' +
      `inserted, updated, unchanged, rejected) VALUES ('openfootball', 'test', '${later}', '${later}', ` +
      "'succeeded', 1000, 1000, 0, 0, 0)",
  ]);
  const theTotals = (rows: readonly unknown[]) => rows.some((row) => 'matches' in (row as object));
  const watched = commitAfterRead(built.storage, theTotals, ingestion);
  const { app, cache } = await appOnStorage(watched.storage);
  t.after(() => app.close());
  const summary = async () => {
    const res = await app.inject({ url: '/api/v1/coverage/summary', headers: built.auth() });
    assert.equal(res.statusCode, 200, res.body);
    const { data } = res.json() as { data: { matches: number; last_success_at: string } };
    return { matches: data.matches, newRun: data.last_success_at === later };
  };
  const before = await built.storage.db
    .selectFrom('competitions')
    .select((eb) => eb.fn.sum<number>('match_count').as('n'))
    .executeTakeFirstOrThrow();

  assert.deepEqual(await summary(), { matches: Number(before.n), newRun: false }, 'before the run, whole');
  assert.ok(watched.committed(), 'the run was committed between the reads');
  await cache.clear();
  assert.deepEqual(await summary(), { matches: Number(before.n) + 1000, newRun: true }, 'after it, whole');
});

// A read transaction that cannot start (the database gone between the key's lookup and the answer's
// reads) is the outage it is: 503 service_unavailable, as any read that fails so.
test('a snapshot that cannot start answers 503', async (t) => {
  const built = await buildTestApp(t);
  const { storage, ids } = built;
  const lost = Object.assign(new Error('connection lost'), { code: 'ECONNRESET' });
  const failing = {
    setIsolationLevel: () => failing,
    setAccessMode: () => failing,
    execute: () => Promise.reject(lost),
  };
  // Kysely's methods read private fields: called on the instance itself, not on the proxy.
  const db = new Proxy(storage.db, {
    get: (target, name) => {
      if (name === 'transaction') return () => failing;
      const value: unknown = Reflect.get(target, name, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const { app } = await appOnStorage({ ...storage, db });
  t.after(() => app.close());
  for (const url of [
    `/api/v1/football/matches/${ids.matches.burnleyCity}/timeline`,
    '/api/v1/football/changes?limit=2',
    '/api/v1/coverage/summary',
  ]) {
    const res = await app.inject({ url, headers: built.auth() });
    assert.equal(res.statusCode, 503, `${url}: ${res.body}`);
    assert.equal((res.json() as { error: { code: string } }).error.code, 'service_unavailable', url);
  }
});
