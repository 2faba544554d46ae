// `touchline serve` with TOUCHLINE_REFRESH, against a source server that changes between polls: changes
// are picked up; an unchanged source costs one conditional request (a 304) and records an `unchanged`
// run; while the source answers 500 the retries back off (growing, capped, jittered), the failure is
// logged once and shows in /coverage/summary, and serving goes on; then it recovers.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { openStorage } from '../../../src/storage/connection.js';
import {
  entry,
  epl,
  makeTempDir,
  removeDir,
  writeClubs,
} from '../../support/ingest/football-json-fixture.js';
import { etagOf, startUpstream } from '../../support/ingest/upstream.js';
import { exitWithin, freePort, runCli, waitForHealth } from '../../support/cli.js';
import { createTestDatabase } from '../../support/test-database.js';

const KEY = /\btest_[A-Za-z0-9]{20,}\b/;

const V1 = {
  '2023-24/en.1': epl('2023-24', [
    entry('2023-08-11 20:00', 'Burnley FC', 'Manchester City FC', { ft: [0, 3] }),
    entry('2023-08-12 15:00', 'Arsenal FC', 'Nottingham Forest FC', { ft: [2, 1] }),
  ]),
};
// A corrected score and one more match.
const V2 = {
  '2023-24/en.1': epl('2023-24', [
    entry('2023-08-11 20:00', 'Burnley FC', 'Manchester City FC', { ft: [1, 3] }),
    entry('2023-08-12 15:00', 'Arsenal FC', 'Nottingham Forest FC', { ft: [2, 1] }),
    entry('2023-08-12 17:30', 'Chelsea FC', 'Everton FC', { ft: [0, 0] }),
  ]),
};

interface Run {
  id: number;
  outcome: string;
  started_at: string;
  finished_at: string | null;
  error: string | null;
  etag: string | null;
}

interface MatchTeam {
  name: string;
  score: number | null;
}

interface Match {
  home_team: MatchTeam;
  away_team: MatchTeam;
}

interface SourceState {
  last_success_at: string;
  last_checked_at: string;
  last_attempt_at: string;
  last_outcome: string;
  consecutive_failures: number;
}

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

async function until<T>(what: string, withinMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test(
  'scheduled refresh: changes, unchanged polls, backoff on 500s, recovery',
  { timeout: 180_000 },
  async (t) => {
    const dir = makeTempDir('refresh');
    const clubs = writeClubs(dir);
    const upstream = await startUpstream(dir, [V1, V2]);
    const database = await createTestDatabase('refresh.db');
    t.after(async () => {
      await upstream.stop();
      await database.drop();
      removeDir(dir);
    });

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = runCli(t, ['serve'], {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: database.url,
      TOUCHLINE_SOURCES: `openfootball=${upstream.url}`,
      TOUCHLINE_CLUBS: clubs,
      TOUCHLINE_REFRESH: 'openfootball=1s',
      TOUCHLINE_REFRESH_RETRY_MIN: '1s',
      TOUCHLINE_REFRESH_RETRY_MAX: '4s',
      TOUCHLINE_GENERATION_POLL_MS: '100',
      LOG_LEVEL: 'debug',
    });
    await waitForHealth(base, server);
    const key = KEY.exec(server.output.stdout)?.[0];
    assert.ok(key, 'a development key was printed');
    const storage = openStorage(database.url, { create: false });
    t.after(() => storage.close());
    const db = storage.db;

    const runs = async (): Promise<Run[]> =>
      (
        await db
          .selectFrom('ingestion_runs')
          .select(['id', 'outcome', 'started_at', 'finished_at', 'error', 'etag'])
          .orderBy('id')
          .execute()
      ).map((r) => ({ ...r, id: Number(r.id) }));
    const api = async (url: string) => {
      const res = await fetch(`${base}/api/v1${url}`, { headers: { authorization: `Bearer ${key}` } });
      assert.equal(res.status, 200, url);
      return res.json();
    };
    const matches = async () =>
      ((await api('/football/matches?limit=100&sort=starts_at')) as { data: Match[] }).data.map(
        (m) => `${m.home_team.name} ${m.home_team.score}-${m.away_team.score} ${m.away_team.name}`,
      );
    const summary = async () =>
      ((await api('/coverage/summary')) as { data: { sources: SourceState[] } }).data.sources[0]!;
    const logs = (): LogLine[] =>
      server.output.stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as LogLine);

    await t.test('the first start ingests the source; the run keeps its ETag', async () => {
      // The validators are stored just after the run is recorded.
      const first = await until('the first run, ended', 30_000, async () => {
        const run = (await runs())[0];
        return run && (run.etag !== null || run.outcome === 'failed') ? run : undefined;
      });
      assert.equal(first.outcome, 'succeeded', first.error ?? '');
      assert.equal(first.etag, etagOf(0));
      await until('the matches served', 10_000, async () =>
        (await matches()).length === 2 ? true : undefined,
      );
      assert.deepEqual(await matches(), [
        'Burnley FC 0-3 Manchester City FC',
        'Arsenal FC 2-1 Nottingham Forest FC',
      ]);
      const [asked] = upstream.requests;
      assert.deepEqual([asked?.status, asked?.ifNoneMatch], [200, undefined], 'asked unconditionally');
    });

    await t.test(
      'an unchanged source: one conditional request per poll, answered 304, nothing parsed',
      async () => {
        const before = (await runs()).length;
        const seen = upstream.requests.length;
        const polls = await until('three unchanged polls', 30_000, async () => {
          const done = (await runs()).slice(before);
          return done.length >= 3 ? done : undefined;
        });
        const asked = upstream.requests.slice(seen, seen + polls.length);
        assert.deepEqual(
          polls.map((r) => [r.outcome, r.etag]),
          polls.map(() => ['unchanged', etagOf(0)]),
        );
        assert.deepEqual(
          asked.map((r) => [r.status, r.ifNoneMatch]),
          polls.map(() => [304, etagOf(0)]),
          'each poll: one request, conditional, 304',
        );
        // A poll may be under way: at most one request more than recorded polls.
        assert.ok(upstream.requests.length - seen <= (await runs()).length - before + 1);
        const source = await summary();
        assert.equal(source.last_outcome, 'unchanged');
        assert.equal(source.consecutive_failures, 0);
        assert.ok(source.last_checked_at > source.last_success_at, 'checked after the data was ingested');
        const dataset = (await api('/coverage/summary')) as { data: { last_success_at: string } };
        assert.equal(dataset.data.last_success_at, source.last_success_at);
      },
    );

    await t.test('a change is picked up at the next poll', async () => {
      const before = (await runs()).length;
      upstream.version = 1;
      // Ended, with its validators, which are stored just after the run is recorded (see the first start).
      const run = await until('a run that ingests the change', 15_000, async () =>
        (await runs())
          .slice(before)
          .find((r) => r.outcome !== 'unchanged' && (r.etag !== null || r.outcome === 'failed')),
      );
      assert.equal(run.outcome, 'succeeded', run.error ?? '');
      assert.equal(run.etag, etagOf(1));
      await until('the change served', 10_000, async () =>
        (await matches()).length === 3 ? true : undefined,
      );
      assert.deepEqual(await matches(), [
        'Burnley FC 1-3 Manchester City FC',
        'Arsenal FC 2-1 Nottingham Forest FC',
        'Chelsea FC 0-0 Everton FC',
      ]);
      const changed = upstream.requests.find((r) => r.status === 200 && r.ifNoneMatch === etagOf(0));
      assert.ok(changed, 'the changed version was asked for conditionally and sent in full');
    });

    await t.test(
      '500s: failed runs, retries that back off up to the cap, logged once, serving on',
      async () => {
        const before = (await runs()).length;
        const seen = upstream.requests.length;
        upstream.mode = 'fail';
        const failed = await until('five failed runs', 90_000, async () => {
          const done = (await runs()).slice(before).filter((r) => r.outcome === 'failed');
          return done.length >= 5 ? done : undefined;
        });
        assert.ok(
          failed.every((r) => /could not be retrieved \(HTTP 500; 3 attempts\)/.test(r.error ?? '')),
          failed.map((r) => r.error).join('\n'),
        );
        // Each run tried the download three times, and nothing else asked.
        const during = upstream.requests.slice(seen).filter((r) => r.status === 500);
        assert.ok(during.length >= 15 && during.length <= 18, `${during.length} requests for 5 or 6 runs`);

        // The delays the scheduler drew: 1 s, 2 s, then 4 s at most, each less up to a fifth.
        // Logged once the scheduler has seen the run end, a moment after the run is recorded.
        const planned = await until('five retries planned', 5000, async () => {
          const lines = logs()
            .filter((l) => l.msg === 'scheduled refresh failed: next attempt')
            .map((l) => ({ failures: l.failures as number, at: Date.parse(l.retryAt as string) }));
          return lines.length >= 5 ? lines : undefined;
        });
        const planned5 = planned.slice(0, 5);
        assert.deepEqual(
          planned5.map((d) => d.failures),
          [1, 2, 3, 4, 5],
        );
        // Each delay as drawn, from the failed run's end to the attempt planned: not from when the
        // scheduler looked, which a loaded machine makes later by any amount.
        const drawn = planned5.map(({ at }, i) => ({ ms: at - Date.parse(failed[i]!.finished_at!) }));
        const caps = [1000, 2000, 4000, 4000, 4000];
        drawn.forEach(({ ms }, i) => {
          assert.ok(ms <= caps[i]! && ms >= caps[i]! * 0.8 - 1, `retry ${i + 1} in ${ms} ms, cap ${caps[i]}`);
        });
        assert.ok(drawn[1]!.ms > drawn[0]!.ms && drawn[2]!.ms > drawn[1]!.ms, 'the delays grow');
        // And the runs kept to them: each started at least its delay after the failure before it ended.
        for (let i = 1; i < failed.length; i += 1) {
          const gap = Date.parse(failed[i]!.started_at) - Date.parse(failed[i - 1]!.finished_at!);
          assert.ok(gap >= caps[i - 1]! * 0.8 - 600, `run ${i + 1} came ${gap} ms after the one before`);
        }

        const streak = logs().filter((l) => /^scheduled refresh of openfootball failing/.test(l.msg));
        assert.equal(streak.length, 1, 'the failure streak is logged once');
        assert.equal(streak[0]!.level, 50);

        const health = await fetch(`${base}/api/v1/health`);
        assert.equal(health.status, 200);
        assert.equal((await matches()).length, 3, 'the data already ingested is served');
        const source = await summary();
        assert.equal(source.last_outcome, 'failed');
        assert.ok(source.consecutive_failures >= 5);
        assert.ok(source.last_attempt_at > source.last_checked_at);
      },
    );

    await t.test('the source answers again: the next attempt recovers', async () => {
      const before = (await runs()).length;
      upstream.mode = 'ok';
      const run = await until('a run that works', 15_000, async () =>
        (await runs()).slice(before).find((r) => r.outcome !== 'failed'),
      );
      assert.equal(run.outcome, 'unchanged', 'the source is as ingested before the failures: a 304');
      assert.equal(upstream.requests.at(-1)?.status, 304);
      await until('the streak ends', 5000, async () =>
        logs().some((l) => /works again, streak over after \d+ failures/.test(l.msg)) ? true : undefined,
      );
      // The API sees a new run when its dataset generation next polls (TOUCHLINE_GENERATION_POLL_MS):
      // until then /coverage/summary is the cached answer of the runs before, by design.
      const source = await until('the summary shows the recovery', 5000, async () => {
        const now = await summary();
        return now.last_outcome === 'failed' ? undefined : now;
      });
      assert.equal(source.last_outcome, 'unchanged');
      assert.equal(source.consecutive_failures, 0);
    });

    await t.test('SIGTERM stops the schedule and the server cleanly', async () => {
      server.child.kill('SIGTERM');
      assert.deepEqual(await exitWithin(server, 15_000), { code: 0, signal: null });
      const runsAtStop = (await runs()).length;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      assert.equal((await runs()).length, runsAtStop, 'no refresh after the server stopped');
      assert.ok(fs.existsSync(dir));
    });
  },
);
