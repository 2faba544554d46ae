// The environment decoded through one schema (src/config/read-environment.ts): defaults, empty values,
// numbers written in decimal digits only, and refusals that name the variable without repeating secrets.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig, parseWorkerCount } from '../../../src/config/config.js';
import { readEnvironment } from '../../../src/config/read-environment.js';
import { configError } from '../../support/config-error.js';

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
    const error = configError(() => loadConfig({ PORT: bad }));
    assert.equal(error.variable, 'PORT', bad);
    assert.equal(error.message, `PORT: must be an integer between 0 and 65535, got "${bad}"`);
  }
  assert.equal(loadConfig({ PORT: '0' }).port, 0);
  assert.equal(configError(() => loadConfig({ PORT: '65536' })).variable, 'PORT');
  assert.equal(
    configError(() => loadConfig({ TOUCHLINE_ACCESS_LOG: '1e-2' })).variable,
    'TOUCHLINE_ACCESS_LOG',
  );
});

test('a refusal names the variable and the values it takes', () => {
  assert.equal(
    configError(() => loadConfig({ LOG_LEVEL: 'loud' })).message,
    'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
  );
  assert.equal(
    configError(() => loadConfig({ TOUCHLINE_COMPRESSION: 'yes' })).message,
    'TOUCHLINE_COMPRESSION: must be one of on, off, got "yes"',
  );
  assert.equal(
    configError(() => loadConfig({ TOUCHLINE_REFRESH_RETRY_MIN: '500ms' })).message,
    'TOUCHLINE_REFRESH_RETRY_MIN: must be at least 1s, got "500ms"',
  );
  assert.match(
    configError(() => loadConfig({ TOUCHLINE_WORKERS: '0' })).message,
    /"auto" or an integer from 1 to 256/,
  );
  assert.match(configError(() => parseWorkerCount('x', '--workers')).message, /^--workers: .*got "x"$/);
  assert.equal(parseWorkerCount('3', '--workers'), 3);
});

test('a refused URL or secret is not repeated in full', () => {
  const database = configError(() => loadConfig({ DATABASE_URL: 'mysql://me:hunter2@db/touchline' }));
  assert.equal(database.variable, 'DATABASE_URL');
  assert.doesNotMatch(database.message, /hunter2/);
  assert.match(database.message, /got "mysql:\/\/\*\*\*@db\/touchline"/);
  const redis = configError(() => loadConfig({ REDIS_URL: 'http://:hunter2@cache' }));
  assert.equal(redis.message, 'REDIS_URL: must start with redis:// or rediss://');
});
