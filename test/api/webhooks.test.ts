// Webhook subscriptions through HTTP (POST, GET, PATCH, DELETE /webhooks, rotate-secret, test, deliveries,
// redeliver): the secret shown once, a key's own subscriptions only, the plan's limit, Idempotency-Key,
// targets refused before any connection (loopback, private, link-local, metadata, names resolving to them,
// http where not allowed), and test deliveries signed as Standard Webhooks says, checked with its library.
import assert from 'node:assert/strict';
import net from 'node:net';
import { test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { issueApiKey } from '../../src/auth/api-keys.js';
import { DEFAULT_PLANS } from '../../src/config/plans.js';
import { insertApiKey } from '../../src/storage/repositories/api-key.repository.js';
import { TargetPolicy, type Resolver } from '../../src/webhooks/target-policy.js';
import { buildTestApp } from '../support/build-app.js';
import { appOnStorage } from '../support/test-app.js';
import { API, assertError } from '../support/api-contract.js';
import { startReceiver, verified } from '../support/webhook-receiver.js';

const HOOKS = `${API}/webhooks`;

/** Names the tests resolve: two public, the others to addresses no webhook may reach. */
const NAMES: Record<string, string[]> = {
  'hooks.example.com': ['93.184.215.14'],
  'rebind.example.com': ['93.184.215.14', '10.0.0.7'],
  'metadata.example.com': ['169.254.169.254'],
  'private.example.com': ['10.0.0.1'],
  'loop.example.com': ['::1'],
};
const resolver: Resolver = async (host) => {
  const addresses = NAMES[host];
  if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: net.isIP(address) as 4 | 6 }));
};

test('webhook subscriptions', async (t) => {
  const built = await buildTestApp(t);
  const { storage, auth, ids } = built;
  const receiver = await startReceiver();
  t.after(() => receiver.close());
  // http and 127.0.0.1 allowed, as an operator running a receiver on the same machine would.
  const policy = new TargetPolicy({ allowHttp: true, allowHosts: ['127.0.0.1'], resolve: resolver });
  const plans = DEFAULT_PLANS.map((plan) => (plan.name === 'development' ? { ...plan, webhooks: 3 } : plan));
  const { app } = await appOnStorage(storage, { webhooks: { policy }, plans });
  t.after(() => app.close());
  const strict = await appOnStorage(storage, {
    webhooks: { policy: new TargetPolicy({ allowHttp: false, allowHosts: [], resolve: resolver }) },
  });
  t.after(() => strict.app.close());

  const newKey = async (name: string) => {
    const issued = issueApiKey('development', name, new Date());
    await insertApiKey(storage.db, issued.row);
    return issued.key;
  };
  const post = (url: string, body: unknown, key = built.keys.valid, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload: body as object, headers: { ...auth(key), ...headers } });
  const create = (body: Record<string, unknown>, key?: string, headers?: Record<string, string>) =>
    post(HOOKS, { event_types: ['match.goal'], ...body }, key, headers);
  type Created = { id: string; secret: string; url: string; cursor: string } & Record<string, unknown>;

  await t.test('created with its secret shown once, listed and read without it', async () => {
    const key = await newKey('creator');
    const res = await create(
      { url: receiver.url, competition_id: ids.competitions.en1, description: 'Goals' },
      key,
    );
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.headers['cache-control'], 'no-store');
    const data = res.json().data as Created;
    assert.match(data.id, /^whk_[A-Za-z0-9]{16}$/);
    assert.match(data.secret, /^whsec_[A-Za-z0-9+/]{32}$/);
    assert.deepEqual(data.filters, { competition_id: ids.competitions.en1, team_id: null, match_id: null });
    assert.equal(data.enabled, true);
    assert.equal(data.url, receiver.url);
    const list = await app.inject({ url: HOOKS, headers: auth(key) });
    assert.equal(list.statusCode, 200);
    assert.ok(!list.body.includes(data.secret), 'listed without the secret');
    assert.deepEqual(
      (list.json().data as Created[]).map((w) => w.id),
      [data.id],
    );
    const one = await app.inject({ url: `${HOOKS}/${data.id}`, headers: auth(key) });
    assert.equal(one.statusCode, 200);
    assert.ok(!one.body.includes(data.secret));
    // Another key sees none of it.
    const other = await newKey('other');
    assertError(await app.inject({ url: `${HOOKS}/${data.id}`, headers: auth(other) }), 404, 'not_found');
    assert.deepEqual((await app.inject({ url: HOOKS, headers: auth(other) })).json().data, []);
    const deleted = await app.inject({ method: 'DELETE', url: `${HOOKS}/${data.id}`, headers: auth(other) });
    assertError(deleted, 404, 'not_found');
    // Deleted by its own key, then gone.
    const gone = await app.inject({ method: 'DELETE', url: `${HOOKS}/${data.id}`, headers: auth(key) });
    assert.equal(gone.statusCode, 204);
    assertError(await app.inject({ url: `${HOOKS}/${data.id}`, headers: auth(key) }), 404, 'not_found');
    const again = await app.inject({ method: 'DELETE', url: `${HOOKS}/${data.id}`, headers: auth(key) });
    assertError(again, 404, 'not_found');
  });

  await t.test('targets no webhook may reach are refused with a reason, before any connection', async () => {
    const listener = net.createServer((socket) => socket.destroy());
    let connections = 0;
    listener.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    t.after(() => new Promise<void>((resolve) => listener.close(() => resolve())));
    const port = (listener.address() as net.AddressInfo).port;
    const refused: Array<[string, string]> = [
      ['http://169.254.169.254/latest/meta-data/', 'blocked_address'],
      ['http://10.0.0.1/', 'blocked_address'],
      ['http://localhost/', 'blocked_address'],
      [`http://localhost:${port}/`, 'blocked_address'],
      ['http://api.localhost/', 'blocked_address'],
      [`http://127.0.0.2:${port}/`, 'blocked_address'],
      ['http://[::1]/', 'blocked_address'],
      ['http://[::ffff:127.0.0.1]/', 'blocked_address'],
      ['http://[fd00:ec2::254]/', 'blocked_address'],
      ['http://192.168.1.20/', 'blocked_address'],
      ['http://0.0.0.0/', 'blocked_address'],
      ['https://metadata.example.com/', 'blocked_address'],
      ['https://private.example.com/', 'blocked_address'],
      ['https://loop.example.com/', 'blocked_address'],
      // One address of several is enough to refuse it.
      ['https://rebind.example.com/', 'blocked_address'],
      ['https://nowhere.example.com/', 'unresolvable_host'],
      ['ftp://hooks.example.com/', 'scheme'],
      ['https://user:secret@hooks.example.com/', 'credentials_in_url'],
      ['not a url', 'malformed_url'],
    ];
    for (const [url, reason] of refused) {
      const res = await create({ url });
      const details = assertError(res, 400, 'invalid_parameter') as { parameter: string; reason: string };
      assert.equal(details.parameter, 'url', url);
      assert.equal(details.reason, reason, `${url}: ${res.body}`);
    }
    // Where http is not allowed, an http URL to a public host is refused too; https is taken.
    const http = await strict.app.inject({
      method: 'POST',
      url: HOOKS,
      payload: { url: 'http://hooks.example.com/', event_types: ['match.goal'] },
      headers: auth(),
    });
    assert.equal((assertError(http, 400, 'invalid_parameter') as { reason: string }).reason, 'scheme');
    const blocked = await strict.app.inject({
      method: 'POST',
      url: HOOKS,
      payload: { url: `https://127.0.0.1:${port}/`, event_types: ['match.goal'] },
      headers: auth(),
    });
    assert.equal(
      (assertError(blocked, 400, 'invalid_parameter') as { reason: string }).reason,
      'blocked_address',
    );
    assert.equal(connections, 0, 'no connection was attempted');
    const https = await strict.app.inject({
      method: 'POST',
      url: HOOKS,
      payload: { url: 'https://hooks.example.com/touchline', event_types: ['match.goal'] },
      headers: auth(),
    });
    assert.equal(https.statusCode, 201, https.body);
  });

  await t.test('bad bodies are 400s in the envelope', async () => {
    const key = await newKey('bodies');
    const cases: Array<[unknown, string]> = [
      [{ url: receiver.url, event_types: [] }, 'event_types'],
      [{ url: receiver.url, event_types: ['match.nothing'] }, 'event_types/0'],
      [{ url: receiver.url, event_types: ['match.goal', 'match.goal'] }, 'event_types'],
      [{ url: receiver.url, event_types: ['match.goal'], colour: 'red' }, 'colour'],
      [{ event_types: ['match.goal'] }, 'url'],
      [{ url: receiver.url, event_types: ['match.goal'], team_id: 'comp_x1' }, 'team_id'],
      [{ url: receiver.url, event_types: ['match.goal'], team_id: 'team_4x7k2m9q8w1z5v3n' }, 'team_id'],
    ];
    for (const [body, parameter] of cases) {
      const res = await post(HOOKS, body, key);
      const details = assertError(res, 400, 'invalid_parameter') as { parameter: string };
      assert.equal(details.parameter, parameter, res.body);
    }
    const text = await app.inject({
      method: 'POST',
      url: HOOKS,
      payload: 'url=x',
      headers: { ...auth(key), 'content-type': 'text/plain' },
    });
    assert.equal(text.statusCode, 400, text.body);
    assert.ok(text.json().error.code);
    const huge = await post(
      HOOKS,
      { url: receiver.url, event_types: ['match.goal'], description: 'x'.repeat(20_000) },
      key,
    );
    assert.equal(huge.statusCode, 400, huge.body);
    assert.deepEqual(
      (await app.inject({ url: HOOKS, headers: auth(key) })).json().data,
      [],
      'nothing stored',
    );
  });

  await t.test('a key holds as many as its plan allows, /account says how many', async () => {
    const key = await newKey('limit');
    for (let i = 0; i < 3; i++) assert.equal((await create({ url: receiver.url }, key)).statusCode, 201);
    const fourth = await create({ url: receiver.url }, key);
    const details = assertError(fourth, 409, 'conflict') as { reason: string; limit: number };
    assert.deepEqual(details, { reason: 'webhook_limit', limit: 3 });
    const account = await app.inject({ url: `${API}/account`, headers: auth(key) });
    assert.deepEqual(account.json().data.webhooks, {
      subscriptions_limit: 3,
      deliveries_per_period: 100_000,
    });
    // One deleted makes room.
    const [first] = (await app.inject({ url: HOOKS, headers: auth(key) })).json().data as Created[];
    await app.inject({ method: 'DELETE', url: `${HOOKS}/${first!.id}`, headers: auth(key) });
    assert.equal((await create({ url: receiver.url }, key)).statusCode, 201);
  });

  await t.test(
    'Idempotency-Key: a retry answers what the first did, once; another request with it is a 409',
    async () => {
      const key = await newKey('idempotent');
      const headers = { 'idempotency-key': 'create-7f3a' };
      const first = await create({ url: receiver.url }, key, headers);
      assert.equal(first.statusCode, 201);
      const retry = await create({ url: receiver.url }, key, headers);
      assert.equal(retry.statusCode, 201);
      assert.equal(retry.headers['idempotent-replayed'], 'true');
      assert.deepEqual(retry.json(), first.json());
      assert.equal(
        ((await app.inject({ url: HOOKS, headers: auth(key) })).json().data as unknown[]).length,
        1,
      );
      const other = await create({ url: receiver.url, description: 'another' }, key, headers);
      assert.equal(
        (assertError(other, 409, 'conflict') as { reason: string }).reason,
        'idempotency_key_reused',
      );
      // Keys are per API key: another key's same header is its own request.
      const second = await newKey('idempotent-2');
      assert.equal(
        (await create({ url: receiver.url }, second, headers)).headers['idempotent-replayed'],
        undefined,
      );
      const bad = await create({ url: receiver.url }, key, { 'idempotency-key': 'has space' });
      assertError(bad, 400, 'invalid_parameter');
      // Sent at once, the same key creates one subscription.
      const racing = await newKey('racing');
      const both = await Promise.all(
        [1, 2].map(() => create({ url: receiver.url }, racing, { 'idempotency-key': 'r' })),
      );
      assert.deepEqual(
        both.map((r) => r.statusCode),
        [201, 201],
      );
      assert.equal(both[0]!.json().data.id, both[1]!.json().data.id);
      assert.equal(
        ((await app.inject({ url: HOOKS, headers: auth(racing) })).json().data as unknown[]).length,
        1,
      );
    },
  );

  await t.test(
    'a test delivery is signed (standardwebhooks verifies it), recorded, and a failure reported',
    async () => {
      const key = await newKey('tester');
      const made = (await create({ url: receiver.url }, key)).json().data as Created;
      const before = receiver.received.length;
      const res = await post(`${HOOKS}/${made.id}/test`, undefined, key);
      assert.equal(res.statusCode, 200, res.body);
      const attempt = res.json().data;
      assert.equal(attempt.outcome, 'delivered');
      assert.equal(attempt.status_code, 204);
      assert.match(attempt.webhook_id, /^msg_test_/);
      const got = receiver.received[before]!;
      const event = verified(made.secret, got);
      assert.equal(event.type, 'webhook.test');
      assert.deepEqual(event.data, { webhook: made.id });
      assert.equal(got.headers['webhook-id'], attempt.webhook_id);
      assert.throws(
        () =>
          new Webhook('whsec_' + Buffer.alloc(24, 1).toString('base64')).verify(got.body, {
            'webhook-id': String(got.headers['webhook-id']),
            'webhook-timestamp': String(got.headers['webhook-timestamp']),
            'webhook-signature': String(got.headers['webhook-signature']),
          }),
        'another secret does not verify it',
      );

      receiver.answer = () => 500;
      const failed = (await post(`${HOOKS}/${made.id}/test`, undefined, key)).json().data;
      receiver.answer = () => 204;
      assert.equal(failed.outcome, 'failed');
      assert.equal(failed.status_code, 500);
      assert.equal(failed.error, 'the receiver answered 500');
      assert.ok(failed.response_excerpt.length <= 256, 'only an excerpt of the answer');
      const deliveries = await app.inject({ url: `${HOOKS}/${made.id}/deliveries`, headers: auth(key) });
      assert.equal(deliveries.statusCode, 200);
      assert.deepEqual(
        (deliveries.json().data as Array<{ outcome: string }>).map((d) => d.outcome),
        ['failed', 'delivered'],
        'newest first',
      );
      const limited = await app.inject({ url: `${HOOKS}/${made.id}/deliveries?limit=1`, headers: auth(key) });
      assert.equal((limited.json().data as unknown[]).length, 1);
      assertError(
        await app.inject({ url: `${HOOKS}/${made.id}/deliveries?limit=0`, headers: auth(key) }),
        400,
        'invalid_parameter',
      );
    },
  );

  await t.test('a rotated secret: the new one shown once, both sign for a day', async () => {
    const key = await newKey('rotator');
    const made = (await create({ url: receiver.url }, key)).json().data as Created;
    const rotated = await post(`${HOOKS}/${made.id}/rotate-secret`, undefined, key);
    assert.equal(rotated.statusCode, 200, rotated.body);
    const { secret, previous_secret_expires_at: expires } = rotated.json().data;
    assert.notEqual(secret, made.secret);
    assert.ok(Date.parse(expires) > Date.now() + 23 * 3_600_000);
    const before = receiver.received.length;
    await post(`${HOOKS}/${made.id}/test`, undefined, key);
    const got = receiver.received[before]!;
    assert.equal(String(got.headers['webhook-signature']).split(' ').length, 2);
    assert.equal(verified(secret, got).type, 'webhook.test');
    assert.equal(verified(made.secret, got).type, 'webhook.test', 'the previous secret still verifies');
  });

  await t.test('disabled and enabled by its owner; redelivery takes only cursors it gave', async () => {
    const key = await newKey('toggler');
    const made = (await create({ url: receiver.url }, key)).json().data as Created;
    const patch = (body: unknown) =>
      app.inject({
        method: 'PATCH',
        url: `${HOOKS}/${made.id}`,
        payload: body as object,
        headers: auth(key),
      });
    const off = await patch({ enabled: false });
    assert.equal(off.statusCode, 200, off.body);
    assert.deepEqual([off.json().data.enabled, off.json().data.disabled_reason], [false, 'owner']);
    const on = (await patch({ enabled: true, event_types: ['match.card', 'match.goal'] })).json().data;
    assert.deepEqual(
      [on.enabled, on.disabled_reason, on.event_types],
      [true, null, ['match.card', 'match.goal']],
    );
    assertError(await patch({}), 400, 'invalid_parameter');
    assert.equal(
      (assertError(await patch({ url: 'http://10.0.0.1/' }), 400, 'invalid_parameter') as { reason: string })
        .reason,
      'blocked_address',
    );
    const redeliver = (cursor: string) => post(`${HOOKS}/${made.id}/redeliver`, { cursor }, key);
    assertError(await redeliver('garbage'), 400, 'invalid_parameter');
    assertError(await redeliver(Buffer.from('w1.999999999').toString('base64url')), 400, 'invalid_parameter');
    assertError(await redeliver(Buffer.from('c1.1').toString('base64url')), 400, 'invalid_parameter');
  });
});
