// TOUCHLINE_DOWNLOAD_DEADLINE, TOUCHLINE_DOWNLOAD_MAX_MB and TOUCHLINE_DOWNLOAD_REDIRECTS as loadConfig
// reads them: defaults, accepted forms, and a refusal naming the variable for anything else.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../../src/config/config.js';

const download = (env: Record<string, string>) => loadConfig(env).download;

test('downloads: defaults of 15 minutes, 512 MiB and any host', () => {
  assert.deepEqual(download({}), { deadlineMs: 15 * 60_000, maxBytes: 512 * 1024 * 1024, redirects: 'any' });
});

test('downloads: the deadline, the cap and the redirect rule as set', () => {
  assert.equal(download({ TOUCHLINE_DOWNLOAD_DEADLINE: '90s' }).deadlineMs, 90_000);
  assert.equal(download({ TOUCHLINE_DOWNLOAD_DEADLINE: '1h' }).deadlineMs, 3_600_000);
  assert.equal(download({ TOUCHLINE_DOWNLOAD_MAX_MB: '64' }).maxBytes, 64 * 1024 * 1024);
  assert.equal(download({ TOUCHLINE_DOWNLOAD_REDIRECTS: 'same-host' }).redirects, 'same-host');
  assert.equal(download({ TOUCHLINE_DOWNLOAD_REDIRECTS: 'off' }).redirects, 'off');
  assert.deepEqual(
    download({ TOUCHLINE_DOWNLOAD_REDIRECTS: 'codeload.github.com, Mirror.Example.org:8443,example.net:443' })
      .redirects,
    { hosts: ['codeload.github.com', 'mirror.example.org:8443', 'example.net'] },
  );
});

test('downloads: anything else is refused, naming the variable', () => {
  const cases: Array<[string, string]> = [
    ['TOUCHLINE_DOWNLOAD_DEADLINE', '500ms'],
    ['TOUCHLINE_DOWNLOAD_DEADLINE', '2d'],
    ['TOUCHLINE_DOWNLOAD_DEADLINE', '15'],
    ['TOUCHLINE_DOWNLOAD_MAX_MB', '0'],
    ['TOUCHLINE_DOWNLOAD_MAX_MB', '5000'],
    ['TOUCHLINE_DOWNLOAD_MAX_MB', '1.5'],
    ['TOUCHLINE_DOWNLOAD_REDIRECTS', 'https://codeload.github.com'],
    ['TOUCHLINE_DOWNLOAD_REDIRECTS', 'a.org,,b.org'],
  ];
  for (const [name, value] of cases) {
    assert.throws(
      () => loadConfig({ [name]: value }),
      (error: unknown) => error instanceof ConfigError && error.variable === name,
      `${name}=${value}`,
    );
  }
});
