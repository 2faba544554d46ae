// Clients that pipeline thousands of requests and never read the answers (issue 15), while another
// client makes requests as usual: the other client keeps getting its answers promptly, and the server's
// memory stays bounded. This needs the requests in progress per connection to be bounded in the app's
// server (src/api/http/bounded-connections.ts): Node alone hands every request of a chunk to the app at once.
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import type { RawClient } from '../../raw-http-client.js';
import { API, get, type Target } from '../target.js';

const FLOOD_CONNECTIONS = 20;
const REQUESTS_PER_CONNECTION = 3000;
const FLOOD_MS = 4000;
/**
 * The most the server's memory may grow during the flood (its peak, sampled): the heap of an app in this
 * process, the resident memory of a real server's processes. What it guards against is the crash the
 * issue saw (a worker past its heap limit, gigabytes); it is no measure of the bound per connection, which
 * bounded-connections.test.ts checks. Measured with the requests in progress bounded: heap +154-166 MB
 * in-process, garbage included (and +87 MB without the bound, the flood's answers being cheap in-process);
 * resident +65-81 MB for `serve --workers 2` on SQLite, +110-151 MB for `serve` on PostgreSQL and Redis,
 * the higher figures under a whole test run's load: 300 leaves that room.
 */
const MAX_MEMORY_GROWTH_MB = 300;
/**
 * The slowest answer the other client may get. Measured on a 2-CPU machine, flood and app in one
 * process: 0.18-0.55 s with the requests in progress bounded (the first answer, while the first chunk of
 * every flooding connection is parsed; the higher figure under a whole test run's load), 1.9 s without
 * (4.7-12 s before the app's own answers got cheaper).
 */
const MAX_ANSWER_MS = 2000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * FLOOD_CONNECTIONS connections each send REQUESTS_PER_CONNECTION pipelined requests and never read,
 * while another client makes one request at a time for FLOOD_MS. The flood spends `target.auth`'s rate
 * limit: run it last.
 */
export async function floodWhileAnotherClientReads(t: TestContext, target: Target): Promise<void> {
  const competitions = `${API}/football/competitions`;
  const teams = `${API}/football/teams?limit=5`;
  const { memory, inside } = target;

  // The other client's own key, so that the flood's requests do not count against it.
  const other = await target.anotherKey();
  const normal = await target.connect(t);
  // Keys are looked for every second or so: wait until the new one is known.
  for (let started = Date.now(); ; await sleep(100)) {
    normal.send(get(competitions, other));
    if ((await normal.next()).status === 200) break;
    assert.ok(Date.now() - started < 10_000, 'the new key is taken within 10 s');
  }

  // Each flooding connection sends the same requests: the cheapest answers the app has (cached, or
  // refused for the key) and conditional ones, which the app answers on its full, asynchronous path.
  const withKey = Buffer.from(
    Array.from({ length: REQUESTS_PER_CONNECTION }, (_, i) =>
      get(i % 2 ? competitions : teams, {
        ...target.auth,
        ...(i % 3 === 0 ? { 'If-None-Match': '"not-it"' } : {}),
      }),
    ).join(''),
    'latin1',
  );
  const withoutKey = Buffer.from(
    Array.from({ length: REQUESTS_PER_CONNECTION }, (_, i) =>
      get(i % 2 ? competitions : teams, i % 3 === 0 ? { 'If-None-Match': '"not-it"' } : {}),
    ).join(''),
    'latin1',
  );

  memory?.collect?.();
  const memoryBefore = memory?.mb() ?? 0;
  const parsedBefore = inside?.parsed() ?? 0;
  let peak = memoryBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, memory?.mb() ?? 0)), 25);
  const flood: RawClient[] = [];
  // Destroyed before the test ends whatever happens: an app in this process is closed after it, once no
  // connection is busy.
  try {
    for (let i = 0; i < FLOOD_CONNECTIONS; i += 1) {
      const client = await target.connect(t);
      client.pauseReading();
      flood.push(client);
    }
    // All at once, so that the other client meets the whole flood.
    flood.forEach((client, i) => client.send(i % 2 ? withKey : withoutKey));

    // Meanwhile, the other client: one request at a time, each to be answered 200 within MAX_ANSWER_MS.
    const mine = [competitions, `${API}/football/teams/${target.teamId}`];
    const answers: Array<{ url: string; status: number; ms: number }> = [];
    const deadline = Date.now() + FLOOD_MS;
    while (Date.now() < deadline) {
      const url = mine[answers.length % 2]!;
      const started = Date.now();
      normal.send(get(url, other));
      const { status } = await normal.next({ timeoutMs: 15_000 });
      answers.push({ url, status, ms: Date.now() - started });
      await sleep(20);
    }
    clearInterval(sampler);
    // What the server holds while the flooding connections are still open.
    memory?.collect?.();
    const slowest = Math.max(...answers.map((a) => a.ms));
    let report = `${answers.length} answers to the other client, slowest ${slowest} ms`;
    if (memory) {
      const held = memory.mb() - memoryBefore;
      report +=
        `; ${memory.what} peak +${(peak - memoryBefore).toFixed(0)} MB, ` +
        `+${held.toFixed(0)} MB held ${memory.collect ? 'after a collection' : 'at the end'}`;
    }
    if (inside) {
      const parsed = inside.parsed() - parsedBefore;
      report += `; ${parsed} of ${FLOOD_CONNECTIONS * REQUESTS_PER_CONNECTION} flooding requests parsed`;
    }
    t.diagnostic(report);
    const failed = answers.filter((a) => a.status !== 200);
    assert.deepEqual(failed, [], report);
    assert.ok(answers.length >= 3, report);
    assert.ok(slowest < MAX_ANSWER_MS, `${report}: ${answers.map((a) => a.ms).join(' ')}`);
    if (memory) assert.ok(peak - memoryBefore < MAX_MEMORY_GROWTH_MB, report);
  } finally {
    clearInterval(sampler);
    for (const client of flood) client.destroy();
  }

  // The flooding clients are gone; the service is as before.
  const after = await target.connect(t);
  after.send(get(`${API}/health`));
  const health = await after.next({ timeoutMs: 5000 });
  assert.equal(health.status, 200);
  assert.deepEqual(JSON.parse(health.body).checks, { database: true, cache: true });
}
