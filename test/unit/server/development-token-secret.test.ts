// The development secret for stream tokens: made once beside the data (mode 0600), read on every later
// start, so tokens outlive a restart; never in production or when the variable is set.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { loadConfig } from '../../../src/config/config.js';
import {
  developmentSecretFile,
  withDevelopmentTokenSecret,
} from '../../../src/server/development-token-secret.js';

function tempDir(t: TestContext): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-secret-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('in development the secret is made once, 0600, and the same on every later start', (t) => {
  const dir = tempDir(t);
  const given = loadConfig({ DATABASE_URL: `sqlite:${path.join(dir, 'touchline.db')}` });
  assert.equal(given.stream.tokenSecretGenerated, true, 'none configured');
  const first = withDevelopmentTokenSecret(given);
  const file = path.join(dir, 'stream-token-secret');
  assert.equal(first.file, file, 'beside the database');
  assert.equal(fs.statSync(file).mode & 0o777, 0o600);
  assert.equal(first.config.stream.tokenSecretGenerated, false, 'nothing to warn about');
  assert.ok(first.config.stream.tokenSecret.length >= 32);
  assert.equal(fs.readFileSync(file, 'utf8').trim(), first.config.stream.tokenSecret);
  assert.notEqual(first.config.stream.tokenSecret, given.stream.tokenSecret, 'not the one made at start');

  // A restart: another configuration, with another secret made at start, gets the kept one.
  const again = withDevelopmentTokenSecret(
    loadConfig({ DATABASE_URL: `sqlite:${path.join(dir, 'touchline.db')}` }),
  );
  assert.equal(again.config.stream.tokenSecret, first.config.stream.tokenSecret);
  assert.ok(Object.isFrozen(again.config) && Object.isFrozen(again.config.stream));
});

test('production, a configured secret, and a file that holds no secret', (t) => {
  const dir = tempDir(t);
  const DATABASE_URL = `sqlite:${path.join(dir, 'touchline.db')}`;
  const production = loadConfig({ DATABASE_URL, TOUCHLINE_ENV: 'production' });
  const kept = withDevelopmentTokenSecret(production);
  assert.equal(kept.config, production, 'production is unchanged: a secret made at start, and the warning');
  assert.equal(kept.file, undefined);
  const secret = 's'.repeat(40);
  const configured = loadConfig({ DATABASE_URL, TOUCHLINE_STREAM_TOKEN_SECRET: secret });
  assert.equal(withDevelopmentTokenSecret(configured).config.stream.tokenSecret, secret);
  assert.equal(fs.existsSync(path.join(dir, 'stream-token-secret')), false, 'no file written for either');

  fs.writeFileSync(path.join(dir, 'stream-token-secret'), 'short\n');
  assert.throws(
    () => withDevelopmentTokenSecret(loadConfig({ DATABASE_URL })),
    /stream-token-secret holds no usable stream-token secret .*delete it/,
  );
});

test('with PostgreSQL or an in-memory database the secret is kept in var/ of the working directory', (t) => {
  const dir = tempDir(t);
  assert.equal(
    developmentSecretFile('postgres://localhost/touchline', dir),
    path.join(dir, 'var', 'stream-token-secret'),
  );
  const config = loadConfig({ DATABASE_URL: 'sqlite::memory:' }, dir);
  const { file } = withDevelopmentTokenSecret(config, dir);
  assert.equal(file, path.join(dir, 'var', 'stream-token-secret'));
  assert.ok(fs.existsSync(file!), 'var/ is made for it');
});
