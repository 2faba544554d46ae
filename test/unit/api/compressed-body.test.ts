import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { brotliTail, MAX_BROTLI_TAIL } from '../../../src/api/brotli-splice.js';
import { cacheEntry, REQUEST_ID_PLACEHOLDER, render } from '../../../src/api/cached-body.js';
import { compressEntry, compressText, MIN_COMPRESSED_BYTES } from '../../../src/api/compressed-body.js';
import { acceptedCoding } from '../../../src/api/http/accept-encoding.js';
import { newRequestId } from '../../../src/api/request-id.js';

/** A page-like body: `n` matches, then meta with the placeholder request ID. */
function body(n: number, tail = ''): string {
  const data = Array.from({ length: n }, (_, i) => ({
    id: `match_${i.toString(36).padStart(16, '0')}`,
    home_team: { name: `Team ${i % 20} ünïcödé`, score: i % 5 },
    note: randomBytes(i % 7).toString('hex'),
  }));
  return JSON.stringify({ data, meta: { page: 1, request_id: REQUEST_ID_PLACEHOLDER, tail } });
}

const joined = (chunks: Buffer[]) => Buffer.concat(chunks);

test('a spliced gzip answer inflates to the answer with its own request ID, for every request', () => {
  for (const n of [20, 40, 400]) {
    const entry = cacheEntry(body(n, 'x'.repeat(n)), 'W/"e"');
    for (let i = 0; i < 5; i += 1) {
      const id = newRequestId();
      const gz = compressEntry(entry, id, 'gzip');
      assert.ok(gz, `${n} matches are worth compressing`);
      assert.equal(gz.coding, 'gzip');
      assert.equal(gz.bytes, joined(gz.chunks).length);
      // gunzipSync checks the trailer's CRC-32 and length: a wrong splice throws.
      assert.equal(gunzipSync(joined(gz.chunks)).toString(), render(entry, id));
    }
  }
});

test('the gzip form of a cached answer is compressed once: requests share its first piece', () => {
  const entry = cacheEntry(body(100), 'W/"e"');
  const a = compressEntry(entry, newRequestId(), 'gzip')!;
  const b = compressEntry(entry, newRequestId(), 'gzip')!;
  assert.equal(a.chunks[0], b.chunks[0]);
  assert.ok(a.bytes < render(entry, 'x').length / 3, 'a page of matches compresses well');
});

test('the br form of a cached answer is compressed once: requests share its head, each its own ID', () => {
  const entry = cacheEntry(body(100), 'W/"e"');
  const ids = [newRequestId(), newRequestId()];
  const [a, b] = ids.map((id) => {
    const br = compressEntry(entry, id, 'br')!;
    assert.equal(br.coding, 'br');
    assert.equal(br.bytes, joined(br.chunks).length);
    assert.equal(brotliDecompressSync(joined(br.chunks)).toString(), render(entry, id));
    return br;
  });
  assert.equal(a!.chunks[0], b!.chunks[0], 'the same kept head, not a compression per request');
  // The tail is the ID and the end of the meta as they are, framed: a few bytes, whatever the page.
  const tail = a!.chunks.at(-1)!;
  assert.equal(tail.length, 3 + ids[0]!.length + 2 + entry.after!.length + 1);
  const whole = compressText(render(entry, ids[0]!), 'br')!;
  assert.ok(a!.bytes <= whole.bytes + tail.length, `${a!.bytes} bytes spliced, ${whole.bytes} whole`);
});

test('br is quality 4: the level measured against gzip (docs/api.md), smaller than gzip level 6', () => {
  const text = render(cacheEntry(body(100), 'W/"q"'), newRequestId()) as string;
  const expected = brotliCompressSync(text, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const br = joined(compressText(text, 'br')!.chunks);
  assert.deepEqual(br, expected);
  assert.ok(br.length < joined(compressText(text, 'gzip')!.chunks).length);
});

test('a brotli tail holds 1 to 65,536 bytes, the most one uncompressed meta-block of 4 nibbles can', () => {
  assert.throws(() => brotliTail([]), RangeError);
  assert.throws(() => brotliTail([Buffer.alloc(MAX_BROTLI_TAIL + 1)]), RangeError);
  const entry = cacheEntry(body(40), 'W/"h"');
  const head = compressEntry(entry, 'x', 'br')!.chunks[0]!;
  for (const size of [1, 255, 256, 4097, MAX_BROTLI_TAIL]) {
    const parts = [Buffer.from('"'), Buffer.alloc(size - 1, 'z')];
    const out = brotliDecompressSync(Buffer.concat([head, brotliTail(parts)])).toString();
    assert.equal(out, `${entry.before as string}"${'z'.repeat(size - 1)}`, `${size} bytes`);
  }
});

test('an answer with long text after its request ID is compressed whole for each request', () => {
  const entry = cacheEntry(body(50, 'x'.repeat(5000)), 'W/"l"');
  for (let i = 0; i < 3; i += 1) {
    const id = newRequestId();
    const gz = compressEntry(entry, id, 'gzip')!;
    assert.equal(gunzipSync(joined(gz.chunks)).toString(), render(entry, id));
    assert.ok(gz.bytes < gzipSync(render(entry, id)).length + 100, 'the text after the ID is compressed too');
  }
});

test('bodies without a request ID, br answers and other bodies inflate to what they stand for', () => {
  const plain = cacheEntry(JSON.stringify({ data: 'y'.repeat(5000) }), 'W/"p"');
  assert.equal(plain.after, null);
  assert.equal(gunzipSync(joined(compressEntry(plain, 'ignored', 'gzip')!.chunks)).toString(), plain.before);
  const entry = cacheEntry(body(50), 'W/"e"');
  const id = newRequestId();
  const br = compressEntry(entry, id, 'br')!;
  assert.equal(br.coding, 'br');
  assert.equal(brotliDecompressSync(joined(br.chunks)).toString(), render(entry, id));
  const text = body(30);
  assert.equal(gunzipSync(joined(compressText(text, 'gzip')!.chunks)).toString(), text);
  assert.equal(brotliDecompressSync(joined(compressText(Buffer.from(text), 'br')!.chunks)).toString(), text);
});

test('an answer held as bytes renders and compresses to the bytes of its text', () => {
  for (const n of [1, 30, 200]) {
    const text = cacheEntry(body(n), 'W/"t"');
    const held = { before: Buffer.from(text.before), after: Buffer.from(text.after!), etag: text.etag };
    const id = newRequestId();
    assert.deepEqual(render(held, id), Buffer.from(render(text, id)));
    for (const coding of ['gzip', 'br'] as const) {
      const fromText = compressEntry(text, id, coding);
      const fromHeld = compressEntry(held, id, coding);
      if (!fromText) {
        assert.equal(fromHeld, undefined, `${n} matches: compressed alike`);
        continue;
      }
      const inflate = coding === 'gzip' ? gunzipSync : brotliDecompressSync;
      assert.deepEqual(inflate(joined(fromHeld!.chunks)), Buffer.from(render(text, id)));
    }
  }
});

test('small bodies are not compressed', () => {
  const small = cacheEntry(body(1), 'W/"s"');
  assert.ok(render(small, 'x').length < MIN_COMPRESSED_BYTES);
  assert.equal(compressEntry(small, newRequestId(), 'gzip'), undefined);
  assert.equal(compressText('{"error":{}}', 'br'), undefined);
});

test('random bodies and request IDs splice into valid gzip and br streams (property)', () => {
  for (let i = 0; i < 200; i += 1) {
    const before = randomBytes(200 + ((i * 37) % 3000)).toString(i % 2 ? 'base64' : 'latin1');
    // Up to 1,398 characters after the ID: stored as they are up to 1,024, compressed per request past it.
    const after = randomBytes((i * 13) % 700).toString('hex');
    const entry = cacheEntry(`${before}"${REQUEST_ID_PLACEHOLDER}"${after}`, 'W/"r"');
    const id = `${i}-${randomBytes(i % 40).toString('hex')}`;
    for (const [coding, inflate] of [
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      const compressed = compressEntry(entry, id, coding);
      if (!compressed) continue;
      assert.equal(
        inflate(joined(compressed.chunks)).toString('latin1'),
        Buffer.from(render(entry, id)).toString('latin1'),
        coding,
      );
    }
  }
});

test('Accept-Encoding: q-values decide, gzip wins ties, identity or refused codings send it as it is', () => {
  assert.equal(acceptedCoding(undefined), null);
  assert.equal(acceptedCoding(''), null);
  assert.equal(acceptedCoding('gzip, deflate, br, zstd'), 'gzip');
  assert.equal(acceptedCoding('br'), 'br');
  assert.equal(acceptedCoding('br;q=1, gzip;q=0.5'), 'br');
  assert.equal(acceptedCoding('gzip;q=0, br;q=0.2'), 'br');
  assert.equal(acceptedCoding('identity'), null);
  assert.equal(acceptedCoding('deflate, compress'), null);
  assert.equal(acceptedCoding('*'), 'gzip');
  assert.equal(acceptedCoding('GZIP'), null);
  for (let i = 0; i < 500; i += 1) acceptedCoding(`x-${i}, br`);
  assert.equal(acceptedCoding('gzip'), 'gzip');
});
