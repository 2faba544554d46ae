// Two `touchline serve` instances refreshing one source on one PostgreSQL database, and an ingest and a
// refresh started by hand meanwhile: the advisory lock lets one run at a time (runs never overlap in
// ingestion_runs, the source never sees two requests at once), a scheduled refresh that finds the lock
// held skips, and the runs by hand wait for it and say so; no run fails because of another.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import pg from 'pg';
import {
  entry,
  epl,
  makeTempDir,
  removeDir,
  writeClubs,
} from '../../support/ingest/football-json-fixture.js';
import { startUpstream } from '../../support/ingest/upstream.js';
import { cliOnce, exitWithin, freePort, runCli, waitForHealth, type RunningCli } from '../../support/cli.js';
import { createPgDatabase, PG_PORT, requireService } from '../../support/production/services.js';
import { exitIfStuck } from '../../support/production/wait.js';

after(() => exitIfStuck());

/** Versions of one season's file, each with one more result: every change is a real ingest. */
const VERSIONS = [1, 2, 3, 4].map((n) => ({
  '2023-24/en.1': epl(
    '2023-24',
    [
      entry('2023-08-11 20:00', 'Burnley FC', 'Manchester City FC', { ft: [0, 3] }),
      entry('2023-08-12 15:00', 'Arsenal FC', 'Nottingham Forest FC', { ft: [2, 1] }),
      entry('2023-08-12 17:30', 'Chelsea FC', 'Everton FC', { ft: [0, 0] }),
      entry('2023-08-13 14:00', 'Fulham FC', 'Brentford FC', { ft: [0, 3] }),
    ].slice(0, n),
  ),
}));

interface Run {
  id: number;
  source: string;
  outcome: string;
  started_at: string;
  finished_at: string;
  error: string | null;
}

async function until(what: string, withinMs: number, probe: () => boolean, state = () => ''): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs} ms ${state()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test(
  'two instances on one PostgreSQL plus runs by hand: one run at a time, none failed',
  { timeout: 150_000 },
  async (t) => {
    if (!(await requireService(t, PG_PORT, 'PostgreSQL'))) return;
    const database = await createPgDatabase('refresh');
    const dir = makeTempDir('refresh-instances');
    const clubs = writeClubs(dir);
    const upstream = await startUpstream(dir, VERSIONS);
    // Every answer takes a while: without the lock, runs would overlap.
    upstream.delayMs = 300;
    const rotate = setInterval(() => (upstream.version = (upstream.version + 1) % VERSIONS.length), 1500);
    t.after(async () => {
      clearInterval(rotate);
      await upstream.stop();
      await database.drop();
      removeDir(dir);
    });

    const env = {
      HOST: '127.0.0.1',
      DATABASE_URL: database.url(),
      TOUCHLINE_SOURCES: `openfootball=${upstream.url}`,
      TOUCHLINE_CLUBS: clubs,
      TOUCHLINE_REFRESH: 'openfootball=1s',
      TOUCHLINE_REFRESH_RETRY_MIN: '1s',
      TOUCHLINE_REFRESH_RETRY_MAX: '2s',
      LOG_LEVEL: 'debug',
    };
    const migrated = await cliOnce(['migrate'], env);
    assert.equal(migrated.code, 0, migrated.stderr);

    // Both start on an empty database, so both begin with the first start's background ingestion. One
    // serves from two workers: its primary alone schedules.
    const instances: Array<{ serve: RunningCli; base: string }> = [];
    const ports = [await freePort(), await freePort()];
    for (const [i, args] of [['serve', '--workers', '2'], ['serve']].entries()) {
      const port = ports[i]!;
      instances.push({
        serve: runCli(t, args, { ...env, PORT: String(port) }),
        base: `http://127.0.0.1:${port}`,
      });
    }
    for (const { serve, base } of instances) await waitForHealth(base, serve);
    await new Promise((resolve) => setTimeout(resolve, 3000));

    // Hold the source's answers: whichever run holds the lock now waits on its download, and the runs
    // started by hand find the lock held.
    upstream.hold();
    await upstream.busy();
    const manual = [
      runCli(t, ['ingest', 'openfootball', '--from', upstream.url, '--clubs', clubs], env),
      runCli(t, ['refresh', 'openfootball'], env),
    ];
    await until(
      'both runs by hand waiting',
      30_000,
      () =>
        manual.every((m) =>
          /waiting up to 10 min for touchline (refresh|ingest) openfootball/.test(m.output.stderr),
        ),
      () => manual.map((m) => m.output.stderr + m.output.stdout).join('\n---\n'),
    );
    upstream.release();
    const exits = await Promise.all(manual.map((m) => exitWithin(m, 60_000)));
    assert.deepEqual(
      exits.map((e) => e.code),
      [0, 0],
      manual.map((m) => m.output.stderr).join('\n'),
    );
    assert.match(manual[0]!.output.stdout, /^ingest: run \d+ succeeded/m);
    assert.match(manual[1]!.output.stdout, /^refresh: openfootball \S+: run \d+ (succeeded|unchanged)/m);

    // The schedules go on for a while after the runs by hand.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    for (const { serve } of instances) serve.child.kill('SIGTERM');
    for (const { serve } of instances) {
      const exit = await exitWithin(serve, 20_000);
      assert.deepEqual(
        exit,
        { code: 0, signal: null },
        serve.output.stderr + serve.output.stdout.slice(-3000),
      );
    }

    const client = new pg.Client({ connectionString: database.url() });
    await client.connect();
    let runs: Run[];
    try {
      runs = (
        await client.query<Run>(
          'SELECT id, source, outcome, started_at, finished_at, error FROM ingestion_runs ORDER BY started_at',
        )
      ).rows;
    } finally {
      await client.end();
    }
    const listing = runs.map(
      (r) => `${r.id} ${r.outcome} ${r.started_at} - ${r.finished_at} ${r.error ?? ''}`,
    );
    assert.ok(runs.length >= 6, `runs:\n${listing.join('\n')}`);
    assert.deepEqual(
      runs.filter((r) => r.outcome === 'failed'),
      [],
      `no failed run:\n${listing.join('\n')}`,
    );
    for (let i = 1; i < runs.length; i += 1) {
      assert.ok(
        runs[i]!.started_at >= runs[i - 1]!.finished_at,
        `run ${runs[i]!.id} started before run ${runs[i - 1]!.id} finished:\n${listing.join('\n')}`,
      );
    }
    assert.ok(
      runs.filter((r) => r.outcome === 'succeeded').length >= 3,
      `real ingests:\n${listing.join('\n')}`,
    );
    assert.equal(upstream.maxInFlight, 1, 'the source never saw two requests at once');

    // Both instances took part: each refreshed, or found the other's refresh running and skipped.
    for (const [i, { serve }] of instances.entries()) {
      const lines = serve.output.stdout.split('\n').filter((l) => l.startsWith('{'));
      const msgs = lines.map((l) => (JSON.parse(l) as { msg: string }).msg);
      const refreshed = msgs.filter((m) => m.startsWith('refresh: openfootball')).length;
      const skipped = msgs.filter((m) => m.startsWith('scheduled refresh skipped')).length;
      assert.ok(refreshed + skipped > 0, `instance ${i + 1}: refreshed ${refreshed}, skipped ${skipped}`);
      const schedulers = new Set(
        lines
          .map((l) => JSON.parse(l) as { msg: string; pid: number })
          .filter((l) => l.msg === 'scheduled refresh started')
          .map((l) => l.pid),
      );
      assert.deepEqual(
        [...schedulers],
        [serve.child.pid],
        `instance ${i + 1}: one scheduler, in the primary`,
      );
      assert.doesNotMatch(serve.output.stdout, /"level":50/, `instance ${i + 1} logged no error`);
    }
  },
);
