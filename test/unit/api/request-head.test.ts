import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readRequestHead } from '../../../src/api/request-head.js';

const URL = '/api/v1/football/matches?team_id=team_ab12&limit=25';
const HEAD = `GET ${URL} HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAuthorization: Bearer live_abc\r\n\r\n`;
const bytes = (text: string) => Buffer.from(text, 'latin1');
const read = (text: string, from = 0) => readRequestHead(bytes(text), from);
/** HEAD with `lines` in place of its header lines. */
const withLines = (...lines: string[]) =>
  `GET ${URL} HTTP/1.1\r\n${lines.map((l) => `${l}\r\n`).join('')}\r\n`;

test('request head: a plain GET is read, its end where the next request starts', () => {
  assert.deepEqual(read(HEAD), { url: URL, authorization: 'Bearer live_abc', end: HEAD.length });
  const two = HEAD + HEAD.replace(URL, '/api/v1/health');
  assert.deepEqual(read(two, HEAD.length), {
    url: '/api/v1/health',
    authorization: 'Bearer live_abc',
    end: two.length,
  });
  assert.deepEqual(read(`GET / HTTP/1.1\r\nhost: x\r\n\r\n`), {
    url: '/',
    authorization: undefined,
    end: 27,
  });
});

test('request head: names in any case, values trimmed as Node trims them, other headers ignored', () => {
  const head = withLines(
    'hOsT:x',
    'AUTHORIZATION: \t Bearer  live_abc \t',
    'connection: Keep-Alive',
    'User-Agent: curl/8.0 (x86_64)',
    'Accept: */*',
    'X-Empty:',
  );
  assert.deepEqual(read(head), { url: URL, authorization: 'Bearer  live_abc', end: head.length });
  assert.equal(read(withLines('Host: x', 'Authorization:'))?.authorization, '');
  assert.equal(read(withLines('Host: x', 'Authorization-X: y'))?.authorization, undefined);
  // Every visible ASCII character may appear in a target; Node passes them through as they are.
  const target = `/${Array.from({ length: 94 }, (_, i) => String.fromCharCode(0x21 + i)).join('')}`;
  assert.equal(read(`GET ${target} HTTP/1.1\r\nHost: x\r\n\r\n`)?.url, target);
});

test('request head: whatever is not beyond doubt is left to Node', () => {
  const left: Array<[string, string]> = [
    ['HEAD', HEAD.replace('GET', 'HEAD')],
    ['POST', HEAD.replace('GET', 'POST')],
    ['lowercase method', HEAD.replace('GET', 'get')],
    ['two spaces', HEAD.replace('GET ', 'GET  ')],
    ['absolute form', HEAD.replace(`GET ${URL}`, `GET http://x${URL}`)],
    ['asterisk form', HEAD.replace(`GET ${URL}`, 'GET *')],
    ['HTTP/1.0', HEAD.replace('HTTP/1.1', 'HTTP/1.0')],
    ['HTTP/2.0', HEAD.replace('HTTP/1.1', 'HTTP/2.0')],
    ['no version', `GET ${URL}\r\nHost: x\r\n\r\n`],
    ['tab in target', HEAD.replace('?', '\t?')],
    ['non-ASCII target', HEAD.replace('team_ab12', 'team_\xe912')],
    ['no Host', withLines('Authorization: Bearer live_abc')],
    ['two Hosts', withLines('Host: x', 'Host: y')],
    ['two Authorizations', withLines('Host: x', 'Authorization: Bearer a', 'Authorization: Bearer b')],
    ['a body', withLines('Host: x', 'Content-Length: 0')],
    ['chunked', withLines('Host: x', 'Transfer-Encoding: chunked')],
    ['upgrade', withLines('Host: x', 'Upgrade: h2c')],
    ['100-continue', withLines('Host: x', 'Expect: 100-continue')],
    ['conditional', withLines('Host: x', 'If-None-Match: W/"1-a"')],
    ['Connection: close', withLines('Host: x', 'Connection: close')],
    ['Connection: keep-alive, Upgrade', withLines('Host: x', 'Connection: keep-alive, Upgrade')],
    ['LF line ends', HEAD.replaceAll('\r\n', '\n')],
    ['a lone CR', withLines('Host: x', 'X-A: a\rb')],
    ['a lone LF', withLines('Host: x', 'X-A: a\nb')],
    ['a folded line', withLines('Host: x', 'X-A: a', ' b')],
    ['a space before the colon', withLines('Host : x')],
    ['no colon', withLines('Host: x', 'X-A')],
    ['an empty name', withLines('Host: x', ': v')],
    ['a separator in a name', withLines('Host: x', 'X(A): v')],
    ['a control character in a value', withLines('Host: x', 'X-A: a\x01b')],
    ['DEL in a value', withLines('Host: x', 'X-A: a\x7fb')],
    ['obs-text in a value', withLines('Host: x', 'X-A: caf\xe9')],
    ['a head over 8 KB', withLines('Host: x', `X-A: ${'a'.repeat(8200)}`)],
    ['65 header lines', withLines('Host: x', ...Array.from({ length: 64 }, (_, i) => `X-${i}: v`))],
  ];
  for (const [what, text] of left) assert.equal(read(text), undefined, what);
  // 64 lines are still read.
  assert.ok(read(withLines('Host: x', ...Array.from({ length: 63 }, (_, i) => `X-${i}: v`))));
});

test('request head: a head cut anywhere is left to Node, and so is one not at a request start', () => {
  for (let length = 0; length < HEAD.length; length += 1) {
    assert.equal(read(HEAD.slice(0, length)), undefined, `${length} bytes`);
  }
  assert.equal(read(HEAD, 1), undefined);
  assert.equal(read(HEAD + HEAD, HEAD.length + 1), undefined);
});
