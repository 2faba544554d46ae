import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig, readCorsOrigins } from '../../../src/config/config.js';

test('TOUCHLINE_CORS_ORIGINS: * by default, off, or a list of origins', () => {
  assert.equal(loadConfig({}).corsOrigins, '*');
  assert.equal(readCorsOrigins('*'), '*');
  assert.equal(readCorsOrigins('off'), null);
  assert.equal(readCorsOrigins(''), null);
  assert.deepEqual(readCorsOrigins('https://a.example.org, http://localhost:5173'), [
    'https://a.example.org',
    'http://localhost:5173',
  ]);
  for (const bad of ['a.example.org', 'https://a.example.org/path', 'ftp://x', 'https://a.org,']) {
    assert.throws(() => loadConfig({ TOUCHLINE_CORS_ORIGINS: bad }), ConfigError, bad);
  }
});

test('TOUCHLINE_METRICS_PORT: no metrics listener unless set, on 127.0.0.1 by default', () => {
  assert.equal(loadConfig({}).metrics, null);
  assert.equal(loadConfig({ TOUCHLINE_METRICS_PORT: '' }).metrics, null);
  assert.deepEqual(loadConfig({ TOUCHLINE_METRICS_PORT: '9464' }).metrics, { host: '127.0.0.1', port: 9464 });
  assert.deepEqual(
    loadConfig({ TOUCHLINE_METRICS_PORT: '9464', TOUCHLINE_METRICS_HOST: '0.0.0.0' }).metrics,
    { host: '0.0.0.0', port: 9464 },
  );
  assert.throws(() => loadConfig({ TOUCHLINE_METRICS_PORT: 'x' }), ConfigError);
});

test('TOUCHLINE_ACCESS_LOG: on by default, off, or a fraction', () => {
  assert.equal(loadConfig({}).accessLogSample, 1);
  assert.equal(loadConfig({ TOUCHLINE_ACCESS_LOG: 'on' }).accessLogSample, 1);
  assert.equal(loadConfig({ TOUCHLINE_ACCESS_LOG: 'off' }).accessLogSample, 0);
  assert.equal(loadConfig({ TOUCHLINE_ACCESS_LOG: '0.01' }).accessLogSample, 0.01);
  assert.equal(loadConfig({ TOUCHLINE_ACCESS_LOG: '.5' }).accessLogSample, 0.5);
  for (const bad of ['2', '-0.1', 'yes', '1e-2', '0.5.1']) {
    assert.throws(() => loadConfig({ TOUCHLINE_ACCESS_LOG: bad }), ConfigError, bad);
  }
});

test('TOUCHLINE_CACHE_MB: 16 MB by default, whole megabytes up to the largest Buffer', () => {
  assert.equal(loadConfig({}).responseCacheBytes, 16 * 1024 * 1024);
  assert.equal(loadConfig({ TOUCHLINE_CACHE_MB: '64' }).responseCacheBytes, 64 * 1024 * 1024);
  for (const bad of ['0', '-1', '1.5', 'lots', '1000000']) {
    assert.throws(() => loadConfig({ TOUCHLINE_CACHE_MB: bad }), ConfigError, bad);
  }
});
