// Signatures as the Standard Webhooks specification writes them, checked by its own library
// (standardwebhooks on npm): the secret's form, one signature per secret, and what breaks one.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { signedHeaders } from '../../../src/webhooks/signature.js';
import { newWebhookSecret, SECRET_PATTERN } from '../../../src/webhooks/webhook-secret.js';
import { eventBody, messageId } from '../../../src/webhooks/delivery-worker.js';
import { retryDelay, RETRY_BACKOFF, FAILURES_TO_DISABLE } from '../../../src/webhooks/retry-schedule.js';

test('a delivery signed with its secret is what the standardwebhooks library verifies', () => {
  const secret = newWebhookSecret();
  assert.match(secret, new RegExp(SECRET_PATTERN));
  assert.notEqual(newWebhookSecret(), secret);
  const body = eventBody({
    seq: 42,
    type: 'match.goal',
    match_id: 'match_1',
    competition_id: null,
    season_id: null,
    home_team_id: null,
    away_team_id: null,
    payload: '{"action":"added"}',
    created_at: '2026-12-03T06:00:00.000Z',
  });
  const id = messageId('whk_abcdefgh', 42);
  assert.equal(id, 'msg_abcdefgh_42');
  const headers = signedHeaders([secret], id, new Date(), body);
  const event = new Webhook(secret).verify(body, { ...headers }) as Record<string, unknown>;
  assert.deepEqual(event, {
    type: 'match.goal',
    timestamp: '2026-12-03T06:00:00.000Z',
    cursor: Buffer.from('w1.42').toString('base64url'),
    data: { action: 'added' },
  });
  // A changed body, another id, another secret, or an old timestamp: refused.
  assert.throws(() => new Webhook(secret).verify(body.replace('added', 'removed'), { ...headers }));
  assert.throws(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'msg_other' }));
  assert.throws(() => new Webhook(newWebhookSecret()).verify(body, { ...headers }));
  const old = signedHeaders([secret], id, new Date(Date.now() - 10 * 60_000), body);
  assert.throws(() => new Webhook(secret).verify(body, { ...old }));
});

test('two secrets (after a rotation) give two signatures, either verifies', () => {
  const [a, b] = [newWebhookSecret(), newWebhookSecret()];
  const headers = signedHeaders([a, b], 'msg_x_1', new Date(), '{}');
  assert.equal(headers['webhook-signature'].split(' ').length, 2);
  for (const secret of [a, b]) assert.deepEqual(new Webhook(secret).verify('{}', { ...headers }), {});
});

test('retries back off exponentially with jitter, up to an hour', () => {
  assert.equal(
    retryDelay(1, () => 0),
    RETRY_BACKOFF.baseMs,
  );
  assert.equal(
    retryDelay(2, () => 0),
    2 * RETRY_BACKOFF.baseMs,
  );
  assert.equal(
    retryDelay(40, () => 0),
    RETRY_BACKOFF.capMs,
  );
  assert.equal(
    retryDelay(1, () => 0.999),
    Math.round(RETRY_BACKOFF.baseMs * (1 - 0.2 * 0.999)),
  );
  // The window before a subscription is disabled, jitter aside: about 20 hours.
  let window = 0;
  for (let n = 1; n < FAILURES_TO_DISABLE; n++) window += retryDelay(n, () => 0);
  assert.ok(window > 19 * 3_600_000 && window < 21 * 3_600_000, `${window / 3_600_000} h`);
});
