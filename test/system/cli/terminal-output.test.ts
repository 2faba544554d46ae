// On a terminal (a pseudo-terminal from script(1), as a person's shell would give): listings are tables
// with a header row, and ingest draws a bar with the counts and an estimate, cleared before its result.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { cliOnce, ROOT } from '../../support/cli.js';
import { tempDir, writeTables } from '../../support/fjelstul/fixtures.js';
import { sampleTables } from '../../support/fjelstul/sample-dataset.js';
import { openTestStorage } from '../../support/test-database.js';

/** `script` is util-linux's (Debian's bsdutils, an essential package): missing, the test cannot run. */
const hasScript = spawnSync('script', ['--version']).status === 0;

/** Runs the built CLI with a terminal as its stdout and stderr; everything it wrote there, escapes and all. */
function onTerminal(args: string[], env: Record<string, string>): { code: number | null; output: string } {
  const quoted = [process.execPath, path.join(ROOT, 'dist', 'cli', 'main.js'), ...args]
    .map((word) => `'${word.replace(/'/g, `'\\''`)}'`)
    .join(' ');
  const result = spawnSync('script', ['-qec', quoted, '/dev/null'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), TERM: 'xterm', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, output: result.stdout };
}

test('on a terminal: tables with headers, and a progress bar with counts', async (t) => {
  if (!hasScript) {
    if (process.env.CI === 'true') assert.fail('script(1) is needed to give the CLI a terminal');
    t.skip('script(1) is not installed: no terminal to run the CLI on');
    return;
  }
  const storage = await openTestStorage('terminal.db');
  t.after(() => storage.close());
  const tables = tempDir('touchline-terminal-');
  t.after(() => tables.cleanup());
  writeTables(tables.dir, sampleTables());
  const env = { DATABASE_URL: storage.url, TOUCHLINE_SOURCES: '' };
  assert.equal((await cliOnce(['keys', 'create', '--name', 'terminal'], env)).code, 0);

  const keys = onTerminal(['keys', 'list'], env);
  assert.equal(keys.code, 0, keys.output);
  assert.match(
    keys.output,
    /│ id +│ prefix +│ environment +│ plan +│ state +│ used +│ limit +│ remaining +│ name/,
  );
  assert.match(keys.output, /│ key_\w+ +│ test_\w+… +│ development +│ development +│ active +│ 0 +│/);

  const ingest = onTerminal(['ingest', 'fjelstul', '--from', tables.dir], env);
  assert.equal(ingest.code, 0, ingest.output);
  assert.match(
    ingest.output,
    /ingest: normalizing records \[[-=]+\] \d+\/\d+ files, \d+s, about (\d+s|\?) left/,
  );
  assert.match(ingest.output, /ingest: writing \d+ matches \[[-=]+\] \d\/8 steps/);
  const cleared = ingest.output.lastIndexOf('\u001b[2K');
  const summary = ingest.output.indexOf('ingest: run 1 succeeded');
  assert.ok(cleared !== -1 && cleared < summary, 'the bar cleared, then the result');

  const runs = onTerminal(['runs'], env);
  assert.match(runs.output, /│ run +│ outcome +│ source +│ started/);
  assert.match(runs.output, /│ 1 +│ succeeded +│ fjelstul +│/);
});
