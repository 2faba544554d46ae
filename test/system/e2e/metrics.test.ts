// Prometheus metrics of a real server, with and without workers: served on their own port, summed across
// workers, counting every answer once whichever path gave it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { exitWithin, freePort, runCli, waitForHealth } from '../../support/cli.js';

const KEY = /\btest_[A-Za-z0-9]{20,}\b/;

/** The value of the one sample of `name` whose labels include `labels`; undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',');
    if (wanted.every((pair) => have.includes(pair))) return Number(match[3]);
  }
  return undefined;
}

for (const workers of [1, 2]) {
  test(`metrics with --workers ${workers}`, { timeout: 90_000 }, async (t) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-metrics-'));
    t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
    const [port, metricsPort] = [await freePort(), await freePort()];
    const base = `http://127.0.0.1:${port}`;
    const metrics = `http://127.0.0.1:${metricsPort}`;
    const server = runCli(t, ['serve', '--workers', String(workers)], {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: `sqlite:${path.join(dir, 'metrics.db')}`,
      TOUCHLINE_SOURCES: 'http://127.0.0.1:1/unreachable.tar.gz',
      TOUCHLINE_METRICS_PORT: String(metricsPort),
      LOG_LEVEL: 'warn',
    });
    await waitForHealth(base, server, 20_000);
    const key = KEY.exec(server.output.stdout)?.[0];
    assert.ok(key, 'the first start prints a key');
    const deadline = Date.now() + 15_000;
    while (!/background ingestion failed/.test(server.output.stdout) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Let every worker listen, so that the requests below are shared between them.
    await new Promise((resolve) => setTimeout(resolve, workers > 1 ? 1000 : 0));

    const competitions = `${base}/api/v1/football/competitions`;
    const before = await (await fetch(`${metrics}/metrics`)).text();
    const counted = (text: string, status: string) =>
      sample(text, 'touchline_http_requests_total', {
        route: '/api/v1/football/competitions',
        method: 'GET',
        status,
      }) ?? 0;
    const refusals = (text: string) =>
      sample(text, 'touchline_admission_refusals_total', { reason: 'missing' }) ?? 0;
    for (let i = 0; i < 20; i += 1) {
      const answer: Response = await fetch(competitions, { headers: { authorization: `Bearer ${key}` } });
      assert.equal(answer.status, 200);
      await answer.arrayBuffer();
    }
    for (let i = 0; i < 5; i += 1) assert.equal((await fetch(competitions)).status, 401);
    for (let i = 0; i < 3; i += 1) assert.equal((await fetch(`${base}/api/v1/nowhere/${i}`)).status, 404);

    const res = await fetch(`${metrics}/metrics`);
    assert.equal(res.status, 200);
    assert.match(String(res.headers.get('content-type')), /^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    assert.equal(counted(text, '200') - counted(before, '200'), 20, 'every 200, from every worker');
    assert.equal(counted(text, '401') - counted(before, '401'), 5);
    assert.equal(refusals(text) - refusals(before), 5, 'refusals by reason');
    assert.equal(
      (sample(text, 'touchline_http_requests_total', { route: 'unmatched', status: '404' }) ?? 0) -
        (sample(before, 'touchline_http_requests_total', { route: 'unmatched', status: '404' }) ?? 0),
      3,
      'made-up paths share one label',
    );
    const hits = sample(text, 'touchline_response_cache_total', { result: 'hit' }) ?? 0;
    const misses = sample(text, 'touchline_response_cache_total', { result: 'miss' }) ?? 0;
    assert.ok(hits + misses >= 20, `cache hits ${hits} and misses ${misses}`);
    assert.ok(
      (sample(text, 'touchline_http_request_duration_seconds_count', {
        route: '/api/v1/football/competitions',
      }) ?? 0) >= 25,
      'durations of every answer of the route',
    );
    assert.equal(sample(text, 'touchline_database_up'), 1);
    assert.equal(sample(text, 'touchline_dataset_generation'), 0, 'no successful run yet');
    assert.ok((sample(text, 'touchline_ingestion_runs_total', { outcome: 'failed' }) ?? 0) >= 1);
    assert.ok(sample(text, 'nodejs_eventloop_lag_seconds') !== undefined, 'event-loop lag');
    const families = text.split('\n').filter((line) => line.startsWith('# TYPE '));
    assert.equal(new Set(families).size, families.length, 'each metric family once');

    // Only on the metrics listener: the API's port has no /metrics, the metrics port nothing else.
    assert.equal((await fetch(`${base}/metrics`)).status, 404);
    const elsewhere = await fetch(`${metrics}/other`);
    assert.equal(elsewhere.status, 404);
    assert.equal(((await elsewhere.json()) as { error: { code: string } }).error.code, 'not_found');
    const post = await fetch(`${metrics}/metrics`, { method: 'POST' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET, HEAD');

    server.child.kill('SIGTERM');
    assert.deepEqual(await exitWithin(server, 15_000), { code: 0, signal: null }, server.output.stderr);
    assert.doesNotMatch(server.output.stderr, /\n\s+at /, 'no stack trace');
  });
}
