// `touchline serve --workers 2` without Redis, its primary (which holds the counters) stopped with
// SIGSTOP: on a connection a worker already holds, the first request of a key that needs the primary
// answers 503 after the IPC timeout, the next ones at once, with a few log lines in all, not one per
// request; once the primary runs again, the key is served again.
import assert from 'node:assert/strict';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { test } from 'node:test';
import { ROUTE } from '../../support/limits/answers.js';
import { createKey, serveEnv, serveWorkers } from '../../support/limits/cli.js';
import { Scope } from '../../support/limits/limits-env.js';

interface Timed {
  status: number;
  retryAfter: string | undefined;
  code: string | undefined;
  ms: number;
  /** The local port of the connection it went on. */
  via: number;
}

/** One GET on `agent`'s connection, timed. */
function timedGet(agent: http.Agent, port: number, key: string): Promise<Timed> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: ROUTE, agent, headers: { authorization: `Bearer ${key}` } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const body = text === '' ? {} : (JSON.parse(text) as { error?: { code?: string } });
          resolve({
            status: res.statusCode!,
            retryAfter: res.headers['retry-after'],
            code: body.error?.code,
            ms: performance.now() - started,
            via: req.socket!.localPort!,
          });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error('no answer in 10 s')));
    req.on('error', reject);
  });
}

/** What the server wrote, but the access log's line per answered request (docs/deployment.md). */
const logLines = (output: { stdout: string; stderr: string }) =>
  `${output.stdout}${output.stderr}`.split('\n').filter((line) => line && !line.includes('"msg":"request"'));
const lines = (output: { stdout: string; stderr: string }) => logLines(output).length;

test(
  'serve --workers 2, primary stopped: 503 after the timeout, then at once, few log lines; served again after',
  { timeout: 120_000 },
  async (t) => {
    const scope = new Scope(t);
    const { env } = await serveEnv(scope, 'primary-stopped', { logLevel: 'info' });
    const port = Number(env.PORT);
    // 30 per minute: too few to lease, so the primary decides every request of this key.
    const k = await createKey(env, 'free');
    const server = await serveWorkers(scope, env, 2);

    // One connection, opened while the primary runs: the primary hands connections to workers, so a new
    // one would not be served while it is stopped.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    scope.defer(() => agent.destroy());
    const before = await timedGet(agent, port, k.key);
    assert.equal(before.status, 200);

    const primary = server.child.pid!;
    process.kill(primary, 'SIGSTOP');
    // Runs before the SIGKILL `serve` registered: whatever happens, the primary is not left stopped.
    scope.defer(() => {
      try {
        process.kill(primary, 'SIGCONT');
      } catch {
        // Already gone.
      }
    });
    const linesBefore = lines(server.output);

    const first = await timedGet(agent, port, k.key);
    const next: Timed[] = [];
    for (let i = 0; i < 10; i += 1) next.push(await timedGet(agent, port, k.key));
    // What the server wrote while the primary was stopped, read before it runs again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const written = lines(server.output) - linesBefore;
    const logged = logLines(server.output).slice(-written - 1);
    process.kill(primary, 'SIGCONT');

    for (const answer of [first, ...next]) assert.equal(answer.via, before.via, 'the same connection');
    assert.ok(first.ms < 3500, `the first answered within about the 2 s timeout: ${first.ms} ms`);
    for (const answer of next) assert.ok(answer.ms < 200, `the next answered at once: ${answer.ms} ms`);
    for (const answer of [first, ...next]) {
      assert.deepEqual([answer.status, answer.code], [503, 'service_unavailable'], JSON.stringify(answer));
      assert.match(String(answer.retryAfter), /^\d+$/, 'Retry-After in whole seconds');
    }
    assert.ok(written <= 3, `${written} log lines for 11 failed requests:\n${logged.join('\n')}`);

    // Running again, the primary answers: the key is served within a few seconds.
    const recovery = Date.now() + 10_000;
    let after = await timedGet(agent, port, k.key);
    while (after.status !== 200) {
      assert.equal(after.status, 503, JSON.stringify(after));
      assert.ok(Date.now() < recovery, 'served again within 10 s of SIGCONT');
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await timedGet(agent, port, k.key);
    }

    agent.destroy();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    assert.deepEqual([exit.code, exit.signal], [0, null], server.output.stderr);
  },
);
