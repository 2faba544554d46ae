import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../../src/config/config.js';

test('the stream settings: defaults, values, and refusals naming the variable', () => {
  const defaults = loadConfig({}).stream;
  assert.equal(defaults.livePollMs, 250);
  assert.equal(defaults.heartbeatMs, 15_000);
  assert.equal(defaults.bufferBytes, 64 * 1024);
  assert.equal(defaults.maxStreamsPerKey, 1000);
  assert.equal(defaults.maxStreamsPerWorker, 4000);
  assert.equal(defaults.tokenSecretGenerated, true);
  assert.ok(defaults.tokenSecret.length >= 32);
  assert.notEqual(loadConfig({}).stream.tokenSecret, defaults.tokenSecret, 'a new secret per start');

  const secret = 'x'.repeat(32);
  const set = loadConfig({
    TOUCHLINE_LIVE_POLL_MS: '100',
    TOUCHLINE_STREAM_HEARTBEAT_MS: '5000',
    TOUCHLINE_STREAM_BUFFER_KB: '128',
    TOUCHLINE_STREAM_MAX_PER_KEY: '50',
    TOUCHLINE_STREAM_MAX_PER_WORKER: '200',
    TOUCHLINE_STREAM_TOKEN_SECRET: secret,
  }).stream;
  assert.deepEqual(set, {
    livePollMs: 100,
    heartbeatMs: 5000,
    bufferBytes: 128 * 1024,
    maxStreamsPerKey: 50,
    maxStreamsPerWorker: 200,
    tokenSecret: secret,
    tokenSecretGenerated: false,
  });
  for (const [name, value] of [
    ['TOUCHLINE_LIVE_POLL_MS', '0'],
    ['TOUCHLINE_LIVE_POLL_MS', 'fast'],
    ['TOUCHLINE_STREAM_HEARTBEAT_MS', '10'],
    ['TOUCHLINE_STREAM_BUFFER_KB', '1'],
    ['TOUCHLINE_STREAM_MAX_PER_KEY', '0'],
    ['TOUCHLINE_STREAM_MAX_PER_WORKER', 'many'],
    ['TOUCHLINE_STREAM_TOKEN_SECRET', 'short'],
  ] as const) {
    assert.throws(
      () => loadConfig({ [name]: value }),
      (error: unknown) => error instanceof ConfigError && error.variable === name,
      `${name}=${value}`,
    );
  }
});
