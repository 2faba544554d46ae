import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkStreamToken, issueStreamToken, sameFilter } from '../../../src/stream/stream-token.js';

const SECRET = 'a-test-secret-of-at-least-32-characters';
const NOW = 1_800_000_000;

test('a stream token names its key, filter and expiry, signed', () => {
  for (const filter of [{}, { matchId: 'match_abc' }, { competitionId: 'comp_xyz' }]) {
    const token = issueStreamToken(SECRET, { keyId: 'key_1', filter, expires: NOW + 60 });
    assert.match(token, /^st1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/, 'URL-safe');
    const checked = checkStreamToken(SECRET, token, NOW);
    assert.ok(checked.ok);
    assert.deepEqual(checked.grant, { keyId: 'key_1', filter, expires: NOW + 60 });
    assert.ok(sameFilter(checked.grant.filter, { ...filter }));
  }
});

test('a token is refused expired, tampered, of another secret, or malformed', () => {
  const token = issueStreamToken(SECRET, { keyId: 'key_1', filter: { matchId: 'match_a' }, expires: NOW });
  assert.deepEqual(checkStreamToken(SECRET, token, NOW), { ok: false, reason: 'expired' });
  assert.ok(checkStreamToken(SECRET, token, NOW - 1).ok);
  assert.deepEqual(checkStreamToken('another-secret-of-at-least-32-characters', token, NOW - 1), {
    ok: false,
    reason: 'invalid',
  });
  const [prefix, payload, signature] = token.split('.');
  const other = Buffer.from(Buffer.from(payload!, 'base64url').toString().replace('key_1', 'key_2'));
  for (const bad of [
    `${prefix}.${other.toString('base64url')}.${signature}`,
    `${prefix}.${payload}.${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`,
    `st2.${payload}.${signature}`,
    `${token}.extra`,
    `${prefix}.${payload}`,
    '',
    'x'.repeat(600),
  ]) {
    assert.deepEqual(checkStreamToken(SECRET, bad, NOW - 1), { ok: false, reason: 'invalid' }, bad);
  }
  assert.ok(!sameFilter({ matchId: 'match_a' }, { competitionId: 'match_a' }));
  assert.ok(!sameFilter({}, { matchId: 'match_a' }));
});
