import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_REFRESH_MS, loadConfig, parseDuration, parseRefresh } from '../../../src/config/config.js';
import { configError } from '../../support/config-error.js';

const SOURCES = [
  'https://example.org/football.json.tar.gz',
  'worldcup-json=https://example.org/worldcup.json.tar.gz',
  'football-data=/data/E0.csv',
  'football-data=/data/E1.csv',
];

test('durations: a number and a unit', () => {
  assert.equal(parseDuration('1500ms'), 1500);
  assert.equal(parseDuration('90s'), 90_000);
  assert.equal(parseDuration('15m'), 900_000);
  assert.equal(parseDuration('1.5h'), 5_400_000);
  assert.equal(parseDuration('1d'), 86_400_000);
  for (const bad of ['', '10', 'h', '1 h', '-1h', '1w', '1H', '1h30m']) {
    assert.equal(parseDuration(bad), undefined, bad);
  }
});

test('TOUCHLINE_REFRESH unset: every configured source, each once, every hour', () => {
  assert.deepEqual(parseRefresh(undefined, SOURCES), [
    { source: 'openfootball', intervalMs: DEFAULT_REFRESH_MS },
    { source: 'worldcup-json', intervalMs: DEFAULT_REFRESH_MS },
    { source: 'football-data', intervalMs: DEFAULT_REFRESH_MS },
  ]);
  assert.equal(DEFAULT_REFRESH_MS, 3_600_000);
  assert.deepEqual(parseRefresh(undefined, []), [], 'no source, nothing to refresh');
});

test('TOUCHLINE_REFRESH empty or off: no refresh', () => {
  assert.deepEqual(parseRefresh('', SOURCES), []);
  assert.deepEqual(parseRefresh('  ', SOURCES), []);
  assert.deepEqual(parseRefresh('off', SOURCES), []);
});

test('per source intervals, a default for the others, and off for one', () => {
  assert.deepEqual(parseRefresh('openfootball=1h,worldcup-json=6h', SOURCES), [
    { source: 'openfootball', intervalMs: 3_600_000 },
    { source: 'worldcup-json', intervalMs: 21_600_000 },
  ]);
  assert.deepEqual(parseRefresh('30m, football-data=off , worldcup-json=1d', SOURCES), [
    { source: 'openfootball', intervalMs: 1_800_000 },
    { source: 'worldcup-json', intervalMs: 86_400_000 },
  ]);
  assert.deepEqual(parseRefresh('2s', ['openfootball=http://127.0.0.1:1/x.tar.gz']), [
    { source: 'openfootball', intervalMs: 2000 },
  ]);
});

test('a bad TOUCHLINE_REFRESH is a ConfigError naming it', () => {
  const cases: Array<[string, RegExp]> = [
    ['openfootball=soon', /"openfootball=soon" is not <source>=<interval>/],
    ['openfootball=10', /is not <source>=<interval>/],
    ['openfootball=500ms', /"openfootball=500ms": the interval must be at least 1s/],
    [
      'fjelstul=1h',
      /names "fjelstul", which TOUCHLINE_SOURCES does not configure \(configured: openfootball, worldcup-json, football-data\)/,
    ],
    ['openfootball=1h,openfootball=2h', /names "openfootball" twice/],
    ['1h,2h', /more than one interval for every source/],
    ['openfootball=1h,', /an empty entry/],
    ['Openfootball=1h', /is not <source>=<interval>/],
  ];
  for (const [raw, message] of cases) {
    const error = configError(() => parseRefresh(raw, SOURCES));
    assert.equal(error.variable, 'TOUCHLINE_REFRESH', raw);
    assert.match(error.message, /^TOUCHLINE_REFRESH: /, raw);
    assert.match(error.message, message, raw);
  }
  const none = configError(() => parseRefresh('openfootball=1h', []));
  assert.match(none.message, /configured: none/);
});

test('loadConfig: schedule, retry bounds and clubs location, validated once', () => {
  const config = loadConfig({
    TOUCHLINE_SOURCES: SOURCES.join(','),
    TOUCHLINE_REFRESH: 'openfootball=10m',
    TOUCHLINE_REFRESH_RETRY_MIN: '5s',
    TOUCHLINE_REFRESH_RETRY_MAX: '2m',
    TOUCHLINE_CLUBS: '/data/clubs',
  });
  assert.deepEqual(config.refresh, [{ source: 'openfootball', intervalMs: 600_000 }]);
  assert.equal(config.refreshRetryMinMs, 5000);
  assert.equal(config.refreshRetryMaxMs, 120_000);
  assert.equal(config.clubs, '/data/clubs');

  const defaults = loadConfig({});
  assert.deepEqual(
    defaults.refresh,
    ['openfootball', 'worldcup-json', 'international-results', 'fjelstul', 'football-data'].map((source) => ({
      source,
      intervalMs: 3_600_000,
    })),
  );
  assert.equal(defaults.refreshRetryMinMs, 60_000);
  assert.equal(defaults.refreshRetryMaxMs, 3_600_000);
  assert.equal(defaults.clubs, null);

  assert.equal(
    configError(() => loadConfig({ TOUCHLINE_SOURCES: SOURCES.join(','), TOUCHLINE_REFRESH: 'fjelstul=1h' }))
      .variable,
    'TOUCHLINE_REFRESH',
  );
  assert.equal(
    configError(() => loadConfig({ TOUCHLINE_REFRESH_RETRY_MIN: 'soon' })).variable,
    'TOUCHLINE_REFRESH_RETRY_MIN',
  );
  const inverted = configError(() =>
    loadConfig({ TOUCHLINE_REFRESH_RETRY_MIN: '10m', TOUCHLINE_REFRESH_RETRY_MAX: '1m' }),
  );
  assert.equal(inverted.variable, 'TOUCHLINE_REFRESH_RETRY_MAX');
});
