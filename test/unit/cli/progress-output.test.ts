// Progress on stderr: plain lines without control characters when it is no terminal (counts, an estimate
// every 5 s, the total at the end of a phase); a bar redrawn in place, with counts and an estimate, on one.
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { createProgress } from '../../../src/cli/progress-output.js';
import { controlCharacters } from '../../support/cli/control-characters.js';

/** A stream that keeps what is written to it, a terminal of 100 columns or not. */
function capture(isTTY: boolean): { stream: NodeJS.WriteStream; text: () => string } {
  const stream = new PassThrough() as unknown as NodeJS.WriteStream & PassThrough;
  let text = '';
  stream.on('data', (d: Buffer) => (text += d.toString()));
  Object.assign(stream, {
    isTTY,
    columns: 100,
    rows: 30,
    cursorTo: () => true,
    clearLine: () => true,
    moveCursor: () => true,
  });
  return { stream, text: () => text };
}

test('not a terminal: one line per phase, a count every 5 s with the time left, the total at the end', () => {
  const { stream, text } = capture(false);
  let now = 0;
  const progress = createProgress(stream, { prefix: 'ingest', now: () => now });
  progress.step('reading source');
  progress.step('normalizing records');
  now = 1000;
  progress.advance(1, 10, 'a.json');
  now = 6000;
  progress.advance(3, 10, 'c.json');
  now = 7000;
  progress.advance(4, 10, 'd.json');
  now = 12_000;
  progress.advance(10, 10, 'j.json');
  progress.step('writing 3 matches');
  progress.advance(8, 8, 'audit', 'steps');
  progress.done();
  assert.equal(
    text(),
    [
      'ingest: reading source',
      'ingest: normalizing records',
      // 3 files in 6 s: 2 s a file, 7 to go.
      'ingest: normalizing records: 3/10 files, about 14 s left',
      'ingest: normalizing records: 10/10 files in 12.0 s',
      'ingest: writing 3 matches',
      'ingest: writing 3 matches: 8/8 steps in 0.0 s',
      '',
    ].join('\n'),
  );
  assert.deepEqual(controlCharacters(text()), [], 'no control character but the line feeds');
});

test('a terminal: a bar with the counts and the estimate, cleared at the end', () => {
  const { stream, text } = capture(true);
  const progress = createProgress(stream, { prefix: 'backup' });
  progress.step('copying');
  progress.advance(0, 40, '', 'MiB');
  progress.advance(40, 40, '', 'MiB');
  progress.done();
  assert.match(text(), /backup: copying \[=+\] 40\/40 MiB, \d+s, about \d+s left/);
  assert.doesNotMatch(text(), /NULL|INF|NaN/, 'an unknown estimate is shown as ?');
  assert.match(text(), /about \? left/);
  assert.ok(text().endsWith('\x1b[2K'), 'the line is cleared for what the command prints next');
});
