// Webhook writes on the engine under test (both in `npm test`): the same Idempotency-Key sent at once
// creates one subscription and answers both alike, and the plan's limit holds when creations race.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { issueApiKey } from '../../../src/auth/api-keys.js';
import { DEFAULT_PLANS } from '../../../src/config/plans.js';
import { insertApiKey } from '../../../src/storage/repositories/api-key.repository.js';
import { API } from '../../support/api-contract.js';
import { buildTestApp } from '../../support/build-app.js';
import { appOnStorage } from '../../support/test-app.js';
import { offlineWebhooks } from '../../support/webhook-network.js';

test('webhook subscriptions under concurrent writes', async (t) => {
  const built = await buildTestApp(t);
  const plans = DEFAULT_PLANS.map((plan) => (plan.name === 'development' ? { ...plan, webhooks: 3 } : plan));
  const { app } = await appOnStorage(built.storage, { webhooks: offlineWebhooks, plans });
  t.after(() => app.close());
  const newKey = async (name: string) => {
    const issued = issueApiKey('development', name, new Date());
    await insertApiKey(built.storage.db, issued.row);
    return issued.key;
  };
  const create = (key: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `${API}/webhooks`,
      payload: { url: 'https://hooks.example.com/touchline', event_types: ['match.goal'] },
      headers: { authorization: `Bearer ${key}`, ...headers },
    });
  const held = async (key: string) =>
    (
      (await app.inject({ url: `${API}/webhooks`, headers: { authorization: `Bearer ${key}` } })).json()
        .data as unknown[]
    ).length;

  await t.test('one Idempotency-Key sent five times at once: one subscription, one answer', async () => {
    const key = await newKey('racing');
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => create(key, { 'idempotency-key': 'same' })));
    assert.deepEqual(
      answers.map((r) => r.statusCode),
      [201, 201, 201, 201, 201],
      answers.map((r) => r.body).join('\n'),
    );
    assert.equal(new Set(answers.map((r) => r.json().data.id)).size, 1);
    assert.equal(new Set(answers.map((r) => r.json().data.secret)).size, 1, 'the one secret, replayed');
    assert.equal(await held(key), 1);
  });

  await t.test('six creations at once under a limit of three: three made, three refused', async () => {
    const key = await newKey('limited');
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => create(key)));
    const statuses = answers.map((r) => r.statusCode).sort();
    assert.deepEqual(statuses, [201, 201, 201, 409, 409, 409], answers.map((r) => r.body).join('\n'));
    assert.equal(await held(key), 3);
  });
});
