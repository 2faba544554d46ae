// A match detail is built from several reads (the match, its competition, its rows), and the match's
// status decides which rows it shows: a live match, the live feed's only. A live update commits both at
// once (full time: finished, the feed's events removed), and a detail read on either side of that commit
// showed a live match with none of its goals (seen by the live replay's poller, test/e2e/live-replay).
// Here full time is committed by another connection right after the match's row is read.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, type KyselyPlugin } from 'kysely';
import { openStorage, type Storage } from '../../src/storage/connection.js';
import { buildTestApp } from '../support/build-app.js';
import { appOnStorage } from '../support/test-app.js';

test('a match detail is one state of the database, whatever commits between its reads', async (t) => {
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

  // Full time, as a live update commits it, from another connection: SQLite's reads of this process are
  // synchronous, so its commit is too (a better-sqlite3 handle of its own).
  const fullTime = `UPDATE matches SET status = 'finished' WHERE id = '${match}';
    DELETE FROM match_events WHERE match_id = '${match}' AND source = 'feed'`;
  let commitFullTime: () => void | Promise<void>;
  if (storage.engine === 'sqlite') {
    const other = new SqliteDatabase(built.databaseUrl.slice('sqlite:'.length));
    t.after(() => other.close());
    commitFullTime = () => {
      other.transaction(() => other.exec(fullTime))();
    };
  } else {
    const other = openStorage(built.databaseUrl);
    t.after(() => other.close());
    commitFullTime = async () => {
      await other.db.transaction().execute(async (trx) => {
        for (const statement of fullTime.split(';')) await trx.executeQuery(CompiledQuery.raw(statement));
      });
    };
  }

  /** Commits full time once, right after the first read that returns the match's row. */
  let pending = true;
  const holdsTheMatch = (rows: readonly unknown[]) =>
    rows.some(
      (row) => (row as { id?: unknown; status?: unknown }).id === match && 'status' in (row as object),
    );
  const afterRead: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      if (pending && holdsTheMatch(args.result.rows)) {
        pending = false;
        await commitFullTime();
      }
      return args.result;
    },
  };
  const readNow = storage.readNow;
  const watched: Storage = {
    ...storage,
    db: storage.db.withPlugin(afterRead),
    readNow:
      readNow &&
      ((query) => {
        const rows = readNow(query);
        if (pending && holdsTheMatch(rows)) {
          pending = false;
          void commitFullTime();
        }
        return rows;
      }),
  };
  const { app } = await appOnStorage(watched);
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
  assert.equal(pending, false, 'full time was committed between the reads');
  assert.equal(await timeline(), 'finished: none', 'and the next read sees it whole');
});
