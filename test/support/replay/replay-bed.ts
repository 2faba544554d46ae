// A database on the engine under test with a Fjelstul dataset ingested, the API over it, and what the API
// answers for a match: what a replay must leave as it found it.
import assert from 'node:assert/strict';
import { issueApiKey } from '../../../src/auth/api-keys.js';
import { insertApiKey } from '../../../src/storage/repositories/api-key.repository.js';
import type { LiveChanges, LiveTimelineEvent } from '../../../src/live/live-changes.js';
import { API } from '../api-contract.js';
import { ingestFjelstul, tempDir, writeTables } from '../fjelstul/fixtures.js';
import { matchIdOf } from '../fjelstul/sample-run.js';
import { sampleTables } from '../fjelstul/sample-dataset.js';
import { appOnStorage, type TestApp } from '../test-app.js';
import { openTestStorage, type TestStorage } from '../test-database.js';

type Json = Record<string, unknown>;

export interface ReplayBed {
  storage: TestStorage;
  app: TestApp;
  /** The Touchline ID of a Fjelstul match (`M-2022-64`). */
  matchId(key: string): Promise<string>;
  /** `data` of an API answer, read past the response cache. */
  get(url: string): Promise<Json>;
  /** The match as `/football/matches/{id}` shows it (`updated_at` aside: an update moves it) and its timeline. */
  answers(matchId: string): Promise<{ match: Json; timeline: Json }>;
  /** The changes of the match's live log, oldest first, with who sent each. */
  liveLog(matchId: string): Promise<Array<LiveChanges & { actor: string }>>;
  close(): Promise<void>;
}

/** The Fjelstul tables in `folder` (the sample dataset by default) ingested into a new database. */
export async function replayBed(folder?: string): Promise<ReplayBed> {
  const tmp = tempDir('touchline-replay-');
  if (folder === undefined) writeTables(tmp.dir, sampleTables());
  const storage = await openTestStorage('touchline.db');
  const run = await ingestFjelstul(storage, folder ?? tmp.dir);
  assert.equal(run.outcome, 'succeeded', run.error ?? '');
  const app = await appOnStorage(storage);
  const issued = issueApiKey('development', 'replay tests', new Date());
  await insertApiKey(storage.db, issued.row);

  const get = async (url: string) => {
    app.cache.clear();
    const res = await app.app.inject({
      method: 'GET',
      url: `${API}${url}`,
      headers: { authorization: `Bearer ${issued.key}` },
    });
    assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    return (res.json() as { data: Json }).data;
  };
  return {
    storage,
    app,
    matchId: (key) => matchIdOf(storage, key),
    get,
    async answers(matchId) {
      const match = await get(`/football/matches/${matchId}`);
      delete match.updated_at;
      return { match, timeline: await get(`/football/matches/${matchId}/timeline`) };
    },
    async liveLog(matchId) {
      const rows = await storage.db
        .selectFrom('live_events')
        .select(['actor', 'changes'])
        .where('match_id', '=', matchId)
        .orderBy('seq')
        .execute();
      return rows.map((r) => ({ ...(JSON.parse(r.changes) as LiveChanges), actor: r.actor }));
    },
    async close() {
      await app.app.close();
      await storage.close();
      tmp.cleanup();
    },
  };
}

const GOALS = new Set(['goal', 'own_goal', 'penalty_goal']);

/** The goals a live log added, in order: `23' Lionel Messi 1-0`. */
export function goalsIn(log: readonly LiveChanges[]): string[] {
  return log.flatMap((c) =>
    (c.events_added ?? [])
      .filter((e: LiveTimelineEvent) => GOALS.has(e.type))
      .map((e) => `${e.label} ${e.player?.name ?? '?'} ${c.state.home_score}-${c.state.away_score}`),
  );
}
