// The access log: one line per answered request on both paths, with the key's ID and never the key,
// sampled or off as configured.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import { pino } from 'pino';
import { accessLog } from '../../src/api/http/access-log.js';
import { buildTestApp } from '../support/build-app.js';
import { appOnStorage } from '../support/test-app.js';
import { API } from '../support/api-contract.js';

/** A logger writing into `lines`, one parsed object per line. */
function capture(level = 'info') {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, log: pino({ level }, sink) };
}

test('access log', async (t) => {
  const built = await buildTestApp(t);
  const { ids } = built;
  const keyRow = await built.storage.db.selectFrom('api_keys').select(['id']).execute();
  const matches = `${API}/football/matches?team_id=${ids.teams.manCity}`;

  await t.test('a line per request, held or read, with the key ID and never the key', async (t) => {
    const { lines, log } = capture();
    const { app } = await appOnStorage(built.storage, { accessLog: accessLog(log, 1) });
    t.after(() => app.close());
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const answers = [];
    for (const url of [matches, matches, `${API}/football/matches/${Object.values(ids.matches)[0]}`]) {
      const res = await fetch(`${base}${url}`, { headers: built.auth() });
      answers.push({ res, body: await res.text() });
    }
    const anonymous = await fetch(`${base}${matches}`);
    await anonymous.arrayBuffer();
    const unknown = await fetch(`${base}${API}/nowhere`, { headers: built.auth() });
    await unknown.arrayBuffer();
    await new Promise((resolve) => setImmediate(resolve));

    const requests = lines.filter((l) => l.msg === 'request');
    assert.equal(requests.length, 5, JSON.stringify(lines));
    for (const [i, { res, body }] of answers.entries()) {
      const line = requests[i]!;
      assert.equal(line.req_id, res.headers.get('x-request-id'));
      assert.equal(line.status, 200);
      assert.equal(line.method, 'GET');
      assert.equal(line.bytes, Buffer.byteLength(body));
      assert.ok(typeof line.ms === 'number' && line.ms >= 0);
      assert.ok(
        keyRow.some((k) => k.id === line.key_id),
        `a stored key's ID: ${String(line.key_id)}`,
      );
    }
    assert.equal(requests[0]!.route, '/api/v1/football/matches');
    assert.equal(requests[0]!.url, matches);
    assert.deepEqual(
      [requests[3]!.status, requests[3]!.key_id, requests[4]!.status, requests[4]!.route],
      [401, null, 404, 'unmatched'],
    );
    const text = JSON.stringify(lines);
    for (const key of Object.values(built.keys)) assert.ok(!text.includes(key), 'no key in the log');
  });

  await t.test('off, sampled to nothing, or below info level: no line', async (t) => {
    for (const [sample, level] of [
      [0, 'info'],
      [1, 'warn'],
    ] as const) {
      const { lines, log } = capture(level);
      const { app } = await appOnStorage(built.storage, { accessLog: accessLog(log, sample) });
      t.after(() => app.close());
      assert.equal((await app.inject({ url: matches, headers: built.auth() })).statusCode, 200);
      assert.equal(lines.filter((l) => l.msg === 'request').length, 0, `${sample} ${level}`);
    }
  });

  await t.test('a fraction logs about that share of the requests', async (t) => {
    const { lines, log } = capture();
    const { app } = await appOnStorage(built.storage, { accessLog: accessLog(log, 0.25) });
    t.after(() => app.close());
    for (let i = 0; i < 400; i += 1) await app.inject({ url: `${API}/nowhere/${i}` });
    const logged = lines.filter((l) => l.msg === 'request').length;
    assert.ok(logged > 50 && logged < 150, `${logged} of 400 at 25%`);
  });
});
