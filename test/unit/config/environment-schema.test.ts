// The environment decoded through one schema (src/config/read-environment.ts): defaults, empty values,
// numbers written in decimal digits only, and refusals that name the variable without repeating secrets.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig, parseWorkerCount } from '../../../src/config/config.js';
import { readEnvironment } from '../../../src/config/read-environment.js';

/** The ConfigError `run` throws; fails when it throws nothing or something else. */
function refusal(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof ConfigError, `a ConfigError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected a ConfigError');
}

test('unset and empty variables take their defaults; an empty list or origin list means none', () => {
  const none = readEnvironment({});
  assert.equal(none.PORT, 8080);
  assert.equal(none.LOG_LEVEL, 'info');
  assert.equal(none.REDIS_URL, undefined);
  assert.deepEqual(readEnvironment({ PORT: '', LOG_LEVEL: '', HOST: '' }), none);
  assert.deepEqual(loadConfig({ TOUCHLINE_SOURCES: '' }).sources, []);
  assert.equal(loadConfig({ TOUCHLINE_CORS_ORIGINS: '' }).corsOrigins, null);
  assert.deepEqual(loadConfig({ TOUCHLINE_REFRESH: '' }).refresh, []);
});

test('numbers are decimal digits: hexadecimal, exponents and spaces are refused, not read', () => {
  for (const bad of ['0x10', '1e3', ' 80', '80 ', '+80', '8_080']) {
    const error = refusal(() => loadConfig({ PORT: bad }));
    assert.equal(error.variable, 'PORT', bad);
    assert.equal(error.message, `PORT: must be an integer between 0 and 65535, got "${bad}"`);
  }
  assert.equal(loadConfig({ PORT: '0' }).port, 0);
  assert.equal(refusal(() => loadConfig({ PORT: '65536' })).variable, 'PORT');
  assert.equal(refusal(() => loadConfig({ TOUCHLINE_ACCESS_LOG: '1e-2' })).variable, 'TOUCHLINE_ACCESS_LOG');
});

test('a refusal names the variable and the values it takes', () => {
  assert.equal(
    refusal(() => loadConfig({ LOG_LEVEL: 'loud' })).message,
    'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
  );
  assert.equal(
    refusal(() => loadConfig({ TOUCHLINE_COMPRESSION: 'yes' })).message,
    'TOUCHLINE_COMPRESSION: must be one of on, off, got "yes"',
  );
  assert.equal(
    refusal(() => loadConfig({ TOUCHLINE_REFRESH_RETRY_MIN: '500ms' })).message,
    'TOUCHLINE_REFRESH_RETRY_MIN: must be at least 1s, got "500ms"',
  );
  assert.match(
    refusal(() => loadConfig({ TOUCHLINE_WORKERS: '0' })).message,
    /"auto" or an integer from 1 to 256/,
  );
  assert.match(refusal(() => parseWorkerCount('x', '--workers')).message, /^--workers: .*got "x"$/);
  assert.equal(parseWorkerCount('3', '--workers'), 3);
});

test('a refused URL or secret is not repeated in full', () => {
  const database = refusal(() => loadConfig({ DATABASE_URL: 'mysql://me:hunter2@db/touchline' }));
  assert.equal(database.variable, 'DATABASE_URL');
  assert.doesNotMatch(database.message, /hunter2/);
  assert.match(database.message, /got "mysql:\/\/\*\*\*@db\/touchline"/);
  const redis = refusal(() => loadConfig({ REDIS_URL: 'http://:hunter2@cache' }));
  assert.equal(redis.message, 'REDIS_URL: must start with redis:// or rediss://');
});
