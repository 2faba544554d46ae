// Where webhooks may go (src/webhooks/target-policy.ts): the ranges refused, the operator's allow-list of
// hosts and CIDR ranges, and the check made again at connection time on the addresses a name resolves to
// then (DNS rebinding: a name public at creation and private at delivery reaches nothing).
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { ConfigError } from '../../../src/config/config-error.js';
import { parseAllowHosts } from '../../../src/config/webhook-config.js';
import { sendWebhook } from '../../../src/webhooks/send-webhook.js';
import { TargetPolicy, TargetRefused, type ResolvedAddress } from '../../../src/webhooks/target-policy.js';

const policy = (allowHosts: string[] = [], resolve?: (host: string) => Promise<ResolvedAddress[]>) =>
  new TargetPolicy({ allowHttp: true, allowHosts, ...(resolve ? { resolve } : {}) });

test('addresses of the machine, its networks and metadata services are refused, public ones are not', () => {
  const p = policy();
  const refused = [
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    'fe80::1',
    'fd00:ec2::254',
    'fc00::1',
    '64:ff9b::a00:1',
    '2002:a00:1::',
  ];
  for (const address of refused) assert.ok(p.addressProblem(address, address), `${address} is refused`);
  for (const address of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:5db8:d70e']) {
    assert.equal(p.addressProblem(address, address), undefined, `${address} is allowed`);
  }
});

test('the allow-list names exact hosts and CIDR ranges, checked by node:net', () => {
  const p = policy(['hooks.internal', '10.8.0.0/16', 'fd12::/16', '127.0.0.1']);
  assert.equal(
    p.addressProblem('10.0.0.1', 'hooks.internal'),
    undefined,
    'a host named: whatever it resolves to',
  );
  assert.equal(p.addressProblem('10.8.200.1', 'other.internal'), undefined, 'in a range named');
  assert.ok(p.addressProblem('10.9.0.1', 'other.internal'), 'outside it');
  assert.equal(p.addressProblem('fd12::5', 'x'), undefined);
  assert.equal(p.addressProblem('127.0.0.1', '127.0.0.1'), undefined);
  assert.ok(p.addressProblem('127.0.0.2', '127.0.0.2'), 'an address named is that address only');
  assert.deepEqual(parseAllowHosts(' a.example , 10.0.0.0/8,,::1 '), ['a.example', '10.0.0.0/8', '::1']);
  for (const bad of [
    '10.0.0.0/33',
    'fd00::/129',
    '10.0.0/8',
    'under_score.example',
    'http://x',
    '10.0.0.0/x',
  ]) {
    assert.throws(() => parseAllowHosts(bad), ConfigError, bad);
  }
});

test('a name is checked again when connecting, and the socket goes to the address checked', async (t) => {
  const server = http.createServer((_req, res) => res.writeHead(204).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const port = (server.address() as AddressInfo).port;
  let answers: ResolvedAddress[] = [{ address: '93.184.215.14', family: 4 }];
  const lookups: string[] = [];
  const resolve = async (host: string) => {
    lookups.push(host);
    return answers;
  };
  const p = policy(['127.0.0.1'], resolve);
  // At creation the name is public.
  await p.check(`http://rebind.test:${port}/`);
  // Then it resolves to the loopback address (a rebinding): the connection is refused before it is made.
  answers = [{ address: '127.0.0.1', family: 4 }];
  let connected = 0;
  server.on('connection', () => (connected += 1));
  const refused = await sendWebhook(policy([], resolve), {
    url: `http://rebind.test:${port}/`,
    headers: { 'webhook-id': 'msg_1', 'webhook-timestamp': '1', 'webhook-signature': 'v1,x' },
    body: '{}',
  });
  assert.equal(refused.ok, false);
  assert.match(String(refused.error), /refused: rebind\.test resolves to 127\.0\.0\.1/);
  assert.equal(connected, 0, 'no connection');
  // Allowed (the operator named 127.0.0.1), it connects to the very address the lookup checked.
  const delivered = await sendWebhook(p, {
    url: `http://rebind.test:${port}/`,
    headers: { 'webhook-id': 'msg_1', 'webhook-timestamp': '1', 'webhook-signature': 'v1,x' },
    body: '{}',
  });
  assert.equal(delivered.ok, true, String(delivered.error));
  assert.equal(connected, 1);
  assert.ok(
    lookups.filter((h) => h === 'rebind.test').length >= 3,
    'resolved at creation and at each connection',
  );
});

test('redirects are not followed, answers are cut to an excerpt, URLs are bounded', async (t) => {
  let mode: 'redirect' | 'big' = 'redirect';
  const server = http.createServer((_req, res) => {
    if (mode === 'redirect') res.writeHead(302, { location: 'http://169.254.169.254/' }).end('moved');
    else res.writeHead(200).end('y'.repeat(100_000));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const p = policy(['127.0.0.1']);
  const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': '1', 'webhook-signature': 'v1,x' };
  const redirected = await sendWebhook(p, { url, headers, body: '{}' });
  assert.deepEqual(
    [redirected.ok, redirected.status, redirected.error],
    [false, 302, 'redirect (302) not followed'],
  );
  mode = 'big';
  const big = await sendWebhook(p, { url, headers, body: '{}' });
  assert.equal(big.ok, true);
  assert.equal(big.excerpt!.length, 256);
  assert.throws(() => p.checkForm('https://' + 'a'.repeat(2000) + '.example/'), TargetRefused);
});

test('a receiver that takes the request and never answers is given up on at the total timeout', async (t) => {
  const server = http.createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': '1', 'webhook-signature': 'v1,x' };
  const started = performance.now();
  const silent = await sendWebhook(policy(['127.0.0.1']), { url, headers, body: '{}' }, undefined, {
    connectMs: 1000,
    totalMs: 150,
  });
  assert.deepEqual([silent.ok, silent.status, silent.error], [false, null, 'no answer within 0.15 s']);
  assert.ok(performance.now() - started < 1000);
});
