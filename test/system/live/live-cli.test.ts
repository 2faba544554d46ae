// `touchline live apply` and `touchline live rejections` as an operator runs them: one JSON verdict per
// line of input, bad lines (invalid JSON, over 1 MiB, refused by the rules) rejected while the stream goes
// on, exit 0 at its end; the rejections listed with their reasons.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { cliOnce } from '../../support/cli.js';
import { buildTestApp, type TestApp } from '../../support/build-app.js';
import { documentedFields } from '../../support/cli/documented-fields.js';

describe('live: the command line', () => {
  let built: TestApp;
  let env: Record<string, string>;
  const hooks: Array<() => Promise<void>> = [];

  before(async () => {
    built = await buildTestApp({ after: (fn) => void hooks.push(fn as () => Promise<void>) });
    env = { DATABASE_URL: built.databaseUrl, TOUCHLINE_SOURCES: '' };
  });
  after(async () => {
    for (const hook of hooks.reverse()) await hook();
  });

  const update = (updateId: string, sequence: number, extra: object = {}) =>
    JSON.stringify({ update_id: updateId, match: built.ids.matches.scheduled, sequence, ...extra });

  it('live apply --from <file>: a verdict per line, bad lines rejected, exit 0', async () => {
    const file = path.join(built.dir, 'updates.jsonl');
    const lines = [
      update('ko', 1, { status: 'live' }),
      '{"update_id": "half a line',
      `{"update_id": "huge", "padding": "${'x'.repeat(1536 * 1024)}"}`,
      update('nowhere', 1, { match: 'match_doesnotexist' }),
      '',
      update('goal', 2, {
        score: { home: 1, away: 0 },
        events: [{ id: 'g1', type: 'goal', minute: 9, team: 'home' }],
      }),
      update('ko', 3),
      update('late', 1, { score: { home: 0, away: 0 } }),
    ];
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    const result = await cliOnce(['live', 'apply', '--from', file], env);
    assert.equal(result.code, 0, result.stderr);
    const verdicts = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.deepEqual(
      verdicts.map((v) => [v.line, v.outcome]),
      [
        [1, 'applied'],
        [2, 'rejected'],
        [3, 'rejected'],
        [4, 'rejected'],
        [6, 'applied'],
        [7, 'duplicate'],
        [8, 'stale'],
      ],
    );
    assert.match(String(verdicts[1]!.reason), /^invalid JSON/);
    assert.match(
      String(verdicts[2]!.reason),
      /^the line is 1572\d{3} bytes long, over the 1 MiB a line may hold$/,
    );
    assert.match(String(verdicts[3]!.reason), /unknown match match_doesnotexist/);
    assert.equal(result.stderr, 'live apply: 2 applied, 1 duplicate, 1 stale, 3 rejected\n');
    const match = await built.storage.db
      .selectFrom('matches')
      .select(['status', 'home_score'])
      .where('id', '=', built.ids.matches.scheduled)
      .executeTakeFirstOrThrow();
    assert.deepEqual(match, { status: 'live', home_score: 1 });
    const actors = await built.storage.db.selectFrom('live_events').select('actor').distinct().execute();
    assert.deepEqual(actors, [{ actor: 'cli' }]);
  });

  it('live rejections: newest first, with the documented --json fields', async () => {
    const listed = await cliOnce(['live', 'rejections', '--json'], env);
    assert.equal(listed.code, 0, listed.stderr);
    assert.equal(listed.stderr, '');
    const rows = JSON.parse(listed.stdout) as Array<Record<string, unknown>>;
    assert.equal(rows.length, 3);
    const { fields } = documentedFields('live rejections --json');
    for (const row of rows) assert.deepEqual(Object.keys(row).sort(), [...fields].sort());
    assert.deepEqual(
      rows.map((r) => [r.update_id, r.match_ref, r.actor]),
      [
        ['nowhere', 'match_doesnotexist', 'cli'],
        [null, null, 'cli'],
        [null, null, 'cli'],
      ],
    );
    assert.ok(String(rows[1]!.excerpt).startsWith('{"update_id": "huge"'));
    assert.ok(String(rows[1]!.excerpt).length <= 200);

    const text = await cliOnce(['live', 'rejections', '--limit', '1'], env);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^\S+\tcli\tmatch_doesnotexist\tnowhere\tunknown match match_doesnotexist\n$/);
    assert.equal((await cliOnce(['live', 'rejections', '--limit', '0'], env)).code, 2);
  });

  it('live apply: an unreadable file exits 1 naming it; stdin is read by default', async () => {
    const missing = await cliOnce(['live', 'apply', '--from', path.join(built.dir, 'none.jsonl')], env);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /^touchline: live apply: cannot read .*none\.jsonl: ENOENT/);
    assert.equal(missing.stdout, '');

    const fromStdin = await cliOnce(['live', 'apply'], env, {
      input: `${update('ft', 10, { status: 'finished' })}\n`,
    });
    assert.equal(fromStdin.code, 0, fromStdin.stderr);
    const verdict = JSON.parse(fromStdin.stdout) as { outcome: string; changes: { status: unknown } };
    assert.equal(verdict.outcome, 'applied');
    assert.deepEqual(verdict.changes.status, { from: 'live', to: 'finished' });
  });
});
