import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../../src/config/config.js';

const TOKEN = 'a'.repeat(32);

test('TOUCHLINE_ADMIN_PORT: no admin listener unless set, on 127.0.0.1 by default', () => {
  assert.equal(loadConfig({}).admin, null);
  assert.equal(loadConfig({ TOUCHLINE_ADMIN_PORT: '' }).admin, null);
  assert.equal(loadConfig({ TOUCHLINE_ADMIN_TOKEN: TOKEN }).admin, null, 'a token alone opens nothing');
  assert.deepEqual(loadConfig({ TOUCHLINE_ADMIN_PORT: '9400', TOUCHLINE_ADMIN_TOKEN: TOKEN }).admin, {
    host: '127.0.0.1',
    port: 9400,
    token: TOKEN,
  });
  assert.equal(
    loadConfig({
      TOUCHLINE_ADMIN_PORT: '9400',
      TOUCHLINE_ADMIN_HOST: '0.0.0.0',
      TOUCHLINE_ADMIN_TOKEN: TOKEN,
    }).admin?.host,
    '0.0.0.0',
  );
});

test('TOUCHLINE_ADMIN_TOKEN: required with the port, long, and never shaped like an API key', () => {
  const refused = (env: Record<string, string>, variable: string, message: RegExp) =>
    assert.throws(
      () => loadConfig(env),
      (error: unknown) =>
        error instanceof ConfigError && error.message.startsWith(variable) && message.test(error.message),
    );
  refused({ TOUCHLINE_ADMIN_PORT: '9400' }, 'TOUCHLINE_ADMIN_TOKEN', /must be set/);
  refused(
    { TOUCHLINE_ADMIN_PORT: '9400', TOUCHLINE_ADMIN_TOKEN: '' },
    'TOUCHLINE_ADMIN_TOKEN',
    /must be set/,
  );
  refused(
    { TOUCHLINE_ADMIN_PORT: '9400', TOUCHLINE_ADMIN_TOKEN: 'short' },
    'TOUCHLINE_ADMIN_TOKEN',
    /at least 24/,
  );
  refused(
    { TOUCHLINE_ADMIN_PORT: '9400', TOUCHLINE_ADMIN_TOKEN: `${TOKEN} ${TOKEN}` },
    'TOUCHLINE_ADMIN_TOKEN',
    /without spaces/,
  );
  refused(
    { TOUCHLINE_ADMIN_PORT: '9400', TOUCHLINE_ADMIN_TOKEN: `live_${TOKEN}` },
    'TOUCHLINE_ADMIN_TOKEN',
    /API key/,
  );
  refused({ TOUCHLINE_ADMIN_PORT: 'x', TOUCHLINE_ADMIN_TOKEN: TOKEN }, 'TOUCHLINE_ADMIN_PORT', /0 and 65535/);
});
