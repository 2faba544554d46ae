// Listings: a table with a header row on a terminal; the plain lines, unchanged, anywhere else.
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { printListing } from '../../../src/cli/table-output.js';
import { controlCharacters } from '../../support/cli/control-characters.js';

function capture(isTTY: boolean): { stream: NodeJS.WriteStream; text: () => string } {
  const stream = new PassThrough() as unknown as NodeJS.WriteStream & PassThrough;
  let text = '';
  stream.on('data', (d: Buffer) => (text += d.toString()));
  Object.assign(stream, { isTTY });
  return { stream, text: () => text };
}

const listing = {
  headers: ['id', 'plan', 'name'],
  rows: [
    ['key_a', 'free', 'Ünïcode name'],
    ['key_bb', 'pro', 'b'],
  ],
  plain: ['key_a\tfree\tÜnïcode name', 'key_bb\tpro\tb'],
  empty: 'no keys',
};

test('on a terminal: a header row and columns as wide as their widest cell', () => {
  const { stream, text } = capture(true);
  printListing(listing, stream);
  const lines = text().trimEnd().split('\n');
  assert.match(lines[1]!, /^│ id +│ plan +│ name +│$/);
  assert.match(lines[3]!, /^│ key_a +│ free +│ Ünïcode name │$/);
  assert.equal(new Set(lines.map((l) => [...l].length)).size, 1, 'every line as wide');
  assert.deepEqual(controlCharacters(text().replace(/\n/g, '')), [], 'no colours');
});

test('piped: the plain lines alone; with no rows, the empty message either way', () => {
  const piped = capture(false);
  printListing(listing, piped.stream);
  assert.equal(piped.text(), 'key_a\tfree\tÜnïcode name\nkey_bb\tpro\tb\n');
  for (const isTTY of [true, false]) {
    const none = capture(isTTY);
    printListing({ ...listing, rows: [], plain: [] }, none.stream);
    assert.equal(none.text(), 'no keys\n');
  }
});
