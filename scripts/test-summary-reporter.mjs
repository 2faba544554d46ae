// A node:test reporter for scripts/run-tests.mjs: instead of a line per test, it prints each failure in full
// (where it is, the names of its enclosing suites, the error with its stack and assertion diff; for a file
// that fails outside its tests, such as one that does not load, that file's own output) as it arrives, then
// the skipped and todo tests grouped by their message, one line per suite folder (test/<folder>), and last a
// line for run-tests.mjs to read the counts from (COUNTS_PREFIX, never shown to the user).
import path from 'node:path';
import { inspect } from 'node:util';

export const COUNTS_PREFIX = '@@run-tests-counts ';

const INDENT = '    ';

/** `test/api/x.test.ts` for a file's absolute path. */
function relative(file) {
  return file ? path.relative(process.cwd(), file) : '(unknown file)';
}

/** The suite folder a test file belongs to: the first folder below test/, else the file's own folder. */
function suiteOf(file) {
  const parts = relative(file).split(path.sep);
  return parts[0] === 'test' && parts.length > 2 ? `${parts[0]}/${parts[1]}` : path.dirname(relative(file));
}

function indent(text) {
  return text.replace(/^/gm, INDENT);
}

/** The error a failing test threw: node wraps it in ERR_TEST_FAILURE, whose cause is the original. */
function describeError(error) {
  if (!error) return 'failed without an error';
  const original = error.code === 'ERR_TEST_FAILURE' && error.cause !== undefined ? error.cause : error;
  return typeof original === 'string' ? original : inspect(original, { depth: 8, colors: false });
}

/**
 * `test/api/x.test.ts:12:7`: the first place in the failing test's file that its error's stack names. The
 * line node reports for a test is of the transpiled file (tsx), so this file's line is taken from the stack,
 * which tsx's source maps correct; the file alone when the stack does not pass through it.
 */
function placeOf(file, error) {
  const stack = String((error?.code === 'ERR_TEST_FAILURE' ? error.cause : error)?.stack ?? '');
  const escaped = String(file).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = stack.match(new RegExp(`${escaped}:(\\d+):(\\d+)`));
  return found ? `${relative(file)}:${found[1]}:${found[2]}` : relative(file);
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * The reporter; with `text: false` (scripts/test-job-reporter.mjs, for run-tests.mjs, which sums the reports
 * of all its processes and prints one summary) the end of the run is only the counts line.
 */
export function summaryReporter({ text: summaryText = true } = {}) {
  return (source) => report(source, summaryText);
}

export default summaryReporter();

async function* report(source, summaryText) {
  const started = new Map(); // a test's key -> its name and its parent's key, to name a failure by its suites
  const output = new Map(); // a file -> its stdout and stderr, shown when the file fails outside its tests
  const skipped = new Map(); // a skip (or todo) message -> the places that gave it
  const suites = new Map(); // a suite folder -> its counts and the seconds its files took
  // A file's seconds: its own test's duration when it ran in a process of its own; else (files sharing a
  // process, --test-isolation=none) the sum of its top-level tests' durations.
  const fileSeconds = new Map(); // a file -> { own, topLevel }
  const secondsOf = (file) => {
    if (!fileSeconds.has(file)) fileSeconds.set(file, { own: undefined, topLevel: 0 });
    return fileSeconds.get(file);
  };
  let summary;
  let failures = 0;

  // The runner's own test for a file carries no entryFile; the tests inside the file do. Their IDs are
  // numbered separately, so the key tells them apart.
  const keyOf = (data, id = data.testId) => `${data.entryFile ? 'in' : 'runner'}:${data.file}:${id}`;
  const suite = (file) => {
    const name = suiteOf(file);
    if (!suites.has(name)) suites.set(name, { passed: 0, failed: 0, skipped: 0, todo: 0, seconds: 0 });
    return suites.get(name);
  };
  const isFileTest = (data) => !data.entryFile && data.file && path.resolve(data.name) === data.file;
  const fullName = (data) => {
    const names = [data.name];
    for (let key = keyOf(data, data.parentId); started.has(key); key = started.get(key).parent) {
      names.unshift(started.get(key).name);
    }
    return names.join(' › ');
  };

  for await (const { type, data } of source) {
    if (type === 'test:start' && data.testId !== undefined) {
      started.set(keyOf(data), { name: data.name, parent: keyOf(data, data.parentId) });
    } else if (type === 'test:stdout' || type === 'test:stderr') {
      const file = path.resolve(data.file ?? '');
      output.set(file, (output.get(file) ?? '') + data.message);
    } else if (type === 'test:complete' && isFileTest(data)) {
      secondsOf(data.file).own = (data.details?.duration_ms ?? 0) / 1000;
    } else if (type === 'test:complete' && data.nesting === 0 && data.file) {
      secondsOf(data.file).topLevel += (data.details?.duration_ms ?? 0) / 1000;
    } else if (type === 'test:pass' && data.details?.type !== 'suite' && !isFileTest(data)) {
      const counts = suite(data.file);
      const kind = data.skip !== undefined ? 'skipped' : data.todo !== undefined ? 'todo' : 'passed';
      counts[kind] += 1;
      if (kind !== 'passed') {
        const reason = data.skip ?? data.todo;
        const message = `${kind}: ${typeof reason === 'string' && reason !== '' ? reason : '(no message)'}`;
        if (!skipped.has(message)) skipped.set(message, []);
        skipped.get(message).push(`${relative(data.file)}:${data.line}`);
      }
    } else if (type === 'test:fail') {
      const error = data.details?.error;
      // Counted as node counts: a test (not a describe suite) failed by its subtests, and a file that does
      // not load, are failed tests too.
      if (data.details?.type !== 'suite') suite(data.file).failed += 1;
      // A test or suite whose only fault is a failing test inside it: that test is printed on its own.
      if (error?.failureType === 'subtestsFailed') continue;
      failures += 1;
      const where = isFileTest(data) ? relative(data.file) : placeOf(data.file, error);
      let text = `\n✖ ${isFileTest(data) ? `${where} failed outside its tests` : `${where}  ${fullName(data)}`}\n`;
      text += `${indent(describeError(error))}\n`;
      if (isFileTest(data) && output.get(data.file)) {
        text += `${INDENT}output of ${where}:\n${indent(output.get(data.file).trimEnd())}\n`;
      }
      yield text;
    } else if (type === 'test:diagnostic' && data.level !== 'info' && data.level !== undefined) {
      yield `\n⚠ ${data.file ? `${relative(data.file)}: ` : ''}${data.message}\n`;
    } else if (type === 'test:summary' && data.file === undefined) {
      summary = data; // the run's own totals, the last summary event
    }
  }

  const files = [];
  for (const [file, { own, topLevel }] of fileSeconds) {
    const seconds = own ?? topLevel;
    suite(file).seconds += seconds;
    files.push([relative(file), seconds]);
  }
  const counts = summary?.counts ?? {};
  const totals = {
    passed: counts.passed ?? 0,
    failed: (counts.failed ?? 0) + (counts.cancelled ?? 0),
    skipped: counts.skipped ?? 0,
    todo: counts.todo ?? 0,
  };
  const report = {
    totals,
    failures,
    complete: summary !== undefined,
    suites: Object.fromEntries(suites),
    skipped: Object.fromEntries(skipped),
    fileSeconds: files,
  };
  if (!summaryText) {
    yield `${COUNTS_PREFIX}${JSON.stringify(report)}\n`;
    return;
  }
  let text = '\n';
  for (const [message, places] of skipped) {
    const files = [...new Set(places.map((place) => place.replace(/:\d+$/, '')))];
    const shown = files.slice(0, 3).join(', ') + (files.length > 3 ? `, and ${files.length - 3} more` : '');
    text += `- ${plural(places.length, 'test')} ${message} (${shown})\n`;
  }
  const width = Math.max(0, ...[...suites.keys()].map((name) => name.length));
  for (const [name, c] of [...suites].sort(([a], [b]) => a.localeCompare(b))) {
    const todo = c.todo > 0 ? `, ${c.todo} todo` : '';
    text += `  ${name.padEnd(width)}  ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped${todo}`;
    text += `, ${c.seconds.toFixed(1)} s in its files\n`;
  }
  yield `${text}${COUNTS_PREFIX}${JSON.stringify(report)}\n`;
}
