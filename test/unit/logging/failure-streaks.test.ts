import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FailureStreaks } from '../../../src/logging/failure-streaks.js';

function recorder() {
  const lines: Array<{ level: string; fields: Record<string, unknown>; message: string }> = [];
  const log = (level: string) => (fields: object, message: string) =>
    lines.push({ level, fields: fields as Record<string, unknown>, message });
  return { lines, logger: { error: log('error'), warn: log('warn') } };
}

test('a failure that repeats is logged once with its error, then counted per report, then ended', (t) => {
  t.mock.timers.enable({ apis: ['setInterval', 'Date'] });
  const { lines, logger } = recorder();
  const streaks = new FailureStreaks(logger, 50);
  const error = new Error('connection refused');
  for (let i = 0; i < 1000; i += 1) streaks.failed('db', 'requests failed with 503', error);
  assert.equal(lines.length, 1);
  assert.equal(lines[0]!.fields.err, error);
  assert.equal(streaks.count('db'), 1000);
  t.mock.timers.tick(70);
  assert.equal(lines.length, 2);
  assert.match(lines[1]!.message, /999 more since the last report \(1000 in \d+ s\)/);
  assert.equal(lines[1]!.fields.err, undefined, 'no stack trace after the first');
  t.mock.timers.tick(60);
  assert.equal(lines.length, 3);
  assert.equal(lines[2]!.level, 'warn');
  assert.match(lines[2]!.message, /streak over after 1000 failures/);
  assert.equal(streaks.count('db'), 0);
  streaks.failed('db', 'requests failed with 503', error);
  assert.equal(lines.length, 4, 'a new streak starts with its error again');
  streaks.close();
});

test('kinds are followed apart, and their number is bounded', () => {
  const { lines, logger } = recorder();
  const streaks = new FailureStreaks(logger, 60_000);
  for (let i = 0; i < 500; i += 1) {
    streaks.failed(`bug ${i}`, 'requests failed with 500', new Error(String(i)));
    streaks.failed(`bug ${i}`, 'requests failed with 500', new Error(String(i)));
  }
  assert.equal(lines.length, 101, 'one line per kind followed, and one for all the others');
  assert.equal(streaks.count('bug 0'), 2);
  assert.equal(streaks.count('other failures'), 800);
  streaks.close();
  assert.equal(lines.length, 202, 'closing reports what was not reported yet, for every kind');
});

test('a streak known to be over ends at once, saying how long it lasted', () => {
  const { lines, logger } = recorder();
  const streaks = new FailureStreaks(logger, 60_000);
  assert.equal(streaks.recovered('refresh'), false, 'no streak, nothing logged');
  assert.equal(lines.length, 0);
  for (let i = 0; i < 3; i += 1) streaks.failed('refresh', 'refresh failing', new Error('HTTP 500'));
  assert.equal(lines.length, 1);
  assert.equal(streaks.recovered('refresh'), true);
  assert.equal(lines.length, 2);
  assert.equal(lines[1]!.level, 'warn');
  assert.match(lines[1]!.message, /^refresh failing: works again, streak over after 3 failures in \d+ s$/);
  assert.equal(streaks.count('refresh'), 0);
  streaks.failed('refresh', 'refresh failing', new Error('HTTP 500'));
  assert.equal(lines.length, 3, 'the next failure starts a new streak, logged with its error');
  assert.ok(lines[2]!.fields.err instanceof Error);
  streaks.close();
});
