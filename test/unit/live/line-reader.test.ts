import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { boundedLines, type LineItem } from '../../../src/live/line-reader.js';

async function* chunks(...parts: Array<string | Buffer>) {
  for (const part of parts) yield typeof part === 'string' ? Buffer.from(part) : part;
}

async function read(source: AsyncIterable<Uint8Array>, max?: number): Promise<LineItem[]> {
  const items: LineItem[] = [];
  for await (const item of boundedLines(source, max)) items.push(item);
  return items;
}

describe('live: the bounded line reader', () => {
  it('splits lines across chunks, \\r\\n too, skipping blank lines and keeping a last line without newline', async () => {
    assert.deepEqual(await read(chunks('{"a":', '1}\r\n\n  \n{"b"', ':2}\n{"c":3}')), [
      { kind: 'line', number: 1, text: '{"a":1}' },
      { kind: 'line', number: 4, text: '{"b":2}' },
      { kind: 'line', number: 5, text: '{"c":3}' },
    ]);
    assert.deepEqual(await read(chunks()), []);
  });

  it('reports a line over the limit with its length and head, and goes on', async () => {
    const long = 'x'.repeat(300);
    const items = await read(chunks('ok\n', long.slice(0, 100), long.slice(100), '\nnext\n'), 64);
    assert.deepEqual(items[0], { kind: 'line', number: 1, text: 'ok' });
    assert.equal(items[1]!.kind, 'too-long');
    assert.equal((items[1] as { bytes: number }).bytes, 300);
    assert.equal((items[1] as { head: string }).head, 'x'.repeat(100));
    assert.deepEqual(items[2], { kind: 'line', number: 3, text: 'next' });
  });

  it('a 10 MB line in 64 KiB chunks is measured as it passes, and the next line read', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    async function* huge() {
      for (let sent = 0; sent < 10 * 1024 * 1024; sent += chunk.length) yield chunk;
      yield Buffer.from('\n{"ok":true}\n');
    }
    const items = await read(huge());
    assert.equal(items[0]!.kind, 'too-long');
    assert.equal((items[0] as { bytes: number }).bytes, 10 * 1024 * 1024);
    assert.deepEqual(items[1], { kind: 'line', number: 2, text: '{"ok":true}' });
  });

  it('a line that is not UTF-8 is reported as such', async () => {
    const items = await read(chunks(Buffer.from([0x7b, 0xff, 0xfe, 0x7d, 0x0a])));
    assert.equal(items[0]!.kind, 'not-text');
  });
});
