// `--from -` reads standard input to its end, within the download's size limit.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { test } from 'node:test';
import { readStandardInput } from '../../../src/ingest/artifacts/standard-input.js';

test('standard input is read whole, and refused once past the limit', async () => {
  const chunks = () => Readable.from([Buffer.from('{"feed_'), Buffer.from('version": 1}')]);
  assert.equal((await readStandardInput(chunks(), 20)).toString(), '{"feed_version": 1}');
  await assert.rejects(readStandardInput(chunks(), 10), /standard input refused: larger than 10 bytes/);
});
