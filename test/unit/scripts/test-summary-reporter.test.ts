// The reporter npm test prints through (scripts/test-summary-reporter.mjs), fed node:test events shaped as
// Node 24 emits them for a run of several files in their own processes.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';

interface TestEvent {
  type: string;
  data: Record<string, unknown>;
}
interface ReporterModule {
  default: (source: AsyncIterable<TestEvent>) => AsyncGenerator<string>;
  COUNTS_PREFIX: string;
}

// A computed specifier: the reporter is plain JavaScript, loaded as node:test loads it, without types.
const reporterPath = path.resolve('scripts/test-summary-reporter.mjs');
const { default: summaryReporter, COUNTS_PREFIX } = (await import(reporterPath)) as ReporterModule;

const here = path.resolve('test/unit/scripts/test-summary-reporter.test.ts');
const broken = path.resolve('test/api/broken.test.ts');

/** node's wrapper around what a failing test threw. */
function testFailure(cause: unknown, failureType = 'testCodeFailure'): Error {
  return Object.assign(new Error('test failed'), { code: 'ERR_TEST_FAILURE', failureType, cause });
}

function inFile(file: string, fields: Record<string, unknown>): Record<string, unknown> {
  return { file, entryFile: file, line: 1, column: 110, ...fields };
}

async function report(events: TestEvent[]): Promise<{ text: string; counts: Record<string, unknown> }> {
  async function* source() {
    yield* events;
  }
  let out = '';
  for await (const chunk of summaryReporter(source())) out += chunk;
  const lines = out.split('\n');
  const last = lines.filter((line) => line !== '').at(-1) ?? '';
  assert.ok(last.startsWith(COUNTS_PREFIX), `the last line carries the counts: ${last}`);
  return {
    text: lines.filter((line) => !line.startsWith(COUNTS_PREFIX)).join('\n'),
    counts: JSON.parse(last.slice(COUNTS_PREFIX.length)),
  };
}

const assertion = (() => {
  try {
    assert.deepEqual({ goals: 1 }, { goals: 2 });
  } catch (error) {
    return error;
  }
  throw new Error('the assertion above must fail');
})();
const assertionLine = String((assertion as Error).stack).match(/test-summary-reporter\.test\.ts:(\d+):(\d+)/);

const run: TestEvent[] = [
  { type: 'test:start', data: inFile(here, { name: 'standings', testId: 1, parentId: 0 }) },
  { type: 'test:start', data: inFile(here, { name: 'counts a draw', testId: 2, parentId: 1 }) },
  {
    type: 'test:pass',
    data: inFile(here, { name: 'counts a draw', testId: 2, parentId: 1, details: { type: 'test' } }),
  },
  { type: 'test:start', data: inFile(here, { name: 'sorts by points', testId: 3, parentId: 1 }) },
  {
    type: 'test:fail',
    data: inFile(here, {
      name: 'sorts by points',
      testId: 3,
      parentId: 1,
      details: { type: 'test', error: testFailure(assertion) },
    }),
  },
  { type: 'test:start', data: inFile(here, { name: 'real data', testId: 4, parentId: 1 }) },
  {
    type: 'test:pass',
    data: inFile(here, {
      name: 'real data',
      testId: 4,
      parentId: 1,
      skip: '../shared/data is absent',
      details: { type: 'test' },
    }),
  },
  {
    type: 'test:fail',
    data: inFile(here, {
      name: 'standings',
      testId: 1,
      parentId: 0,
      details: { type: 'suite', error: testFailure('1 subtest failed', 'subtestsFailed') },
    }),
  },
  // A test() whose own subtests failed: node counts it as a failed test, with nothing to print of its own.
  {
    type: 'test:fail',
    data: inFile(here, {
      name: 'serve, end to end',
      testId: 5,
      parentId: 0,
      details: { type: 'test', error: testFailure('1 subtest failed', 'subtestsFailed') },
    }),
  },
  {
    type: 'test:stderr',
    data: {
      file: 'test/api/broken.test.ts',
      entryFile: broken,
      message: "Error: Cannot find module './gone.js'\n",
    },
  },
  {
    type: 'test:start',
    data: { name: 'test/api/broken.test.ts', file: broken, testId: 2, parentId: 0, line: 1, column: 1 },
  },
  {
    type: 'test:fail',
    data: {
      name: 'test/api/broken.test.ts',
      file: broken,
      testId: 2,
      parentId: 0,
      line: 1,
      column: 1,
      details: { type: 'test', error: testFailure('test failed') },
    },
  },
  {
    type: 'test:complete',
    data: {
      name: 'test/unit/scripts/test-summary-reporter.test.ts',
      file: here,
      details: { duration_ms: 1500, passed: false },
    },
  },
  {
    type: 'test:summary',
    data: {
      success: false,
      counts: { tests: 4, passed: 1, failed: 2, cancelled: 1, skipped: 1, todo: 0 },
      duration_ms: 2000,
    },
  },
];

describe('the test summary reporter', () => {
  test('a failing test is printed in full, named by its suites, at the line its stack gives', async () => {
    const { text } = await report(run);
    assert.ok(assertionLine, 'the assertion was thrown in this file');
    const where = `test/unit/scripts/test-summary-reporter.test.ts:${assertionLine[1]}:${assertionLine[2]}`;
    assert.match(text, new RegExp(`✖ ${where.replace(/\./g, '\\.')}  standings › sorts by points\n`));
    assert.match(text, /Expected values to be strictly deep-equal/);
    assert.match(text, /goals: 2/);
    // The suite and the test that failed only through the tests inside them have no entry of their own.
    assert.equal(text.match(/^✖/gm)?.length, 2);
  });

  test('a file that fails outside its tests is shown with its own output', async () => {
    const { text } = await report(run);
    assert.match(text, /✖ test\/api\/broken\.test\.ts failed outside its tests\n/);
    assert.match(
      text,
      /output of test\/api\/broken\.test\.ts:\n {4}Error: Cannot find module '\.\/gone\.js'/,
    );
  });

  test('skipped tests are listed by their message, and each suite folder gets its counts and seconds', async () => {
    const { text } = await report(run);
    assert.match(
      text,
      /^- 1 test skipped: \.\.\/shared\/data is absent \(test\/unit\/scripts\/test-summary-reporter\.test\.ts\)$/m,
    );
    assert.match(text, /^ {2}test\/unit {2}1 passed, 2 failed, 1 skipped, 1\.5 s in its files$/m);
    assert.match(text, /^ {2}test\/api {3}0 passed, 1 failed, 0 skipped, 0\.0 s in its files$/m);
    assert.doesNotMatch(text, /counts a draw/, 'a passing test has no line');
  });

  test("the counts are the run's own summary, cancelled tests counted as failed", async () => {
    const { counts } = await report(run);
    assert.deepEqual(counts.totals, { passed: 1, failed: 3, skipped: 1, todo: 0 });
    assert.equal(counts.failures, 2);
    assert.equal(counts.complete, true);
  });

  test('a run that ends without its summary is not complete', async () => {
    const { counts } = await report(run.slice(0, 3));
    assert.equal(counts.complete, false);
    assert.equal((counts.totals as { passed: number }).passed, 0);
  });

  test("the last line also carries each suite, the skips and each file's seconds, for run-tests.mjs to sum", async () => {
    const { counts } = await report(run);
    const suites = counts.suites as Record<string, { passed: number; failed: number; seconds: number }>;
    assert.deepEqual(Object.keys(suites).sort(), ['test/api', 'test/unit']);
    assert.equal(suites['test/unit']!.failed, 2);
    assert.deepEqual(Object.keys(counts.skipped as object), ['skipped: ../shared/data is absent']);
    const seconds = new Map(counts.fileSeconds as Array<[string, number]>);
    assert.equal(seconds.get('test/unit/scripts/test-summary-reporter.test.ts'), 1.5);
  });

  test('files sharing a process (no file test of their own) are timed by their top-level tests', async () => {
    // The file's own test:complete replaced by its top-level test's, as node emits it without isolation.
    const shared = run.map((e) =>
      e.type === 'test:complete'
        ? { type: e.type, data: { name: 'standings', file: here, nesting: 0, details: { duration_ms: 700 } } }
        : e,
    );
    const { counts } = await report(shared);
    const seconds = new Map(counts.fileSeconds as Array<[string, number]>);
    assert.equal(seconds.get('test/unit/scripts/test-summary-reporter.test.ts'), 0.7);
  });
});
