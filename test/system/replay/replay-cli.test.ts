// `touchline replay` as an operator runs it, on the sample 2022 final: applied directly (JSON lines with
// the documented fields, or a line per moment for a person), sent to a running admin listener, cut short
// by Ctrl-C (the match restored at once), and refused with a reason or a usage error.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startAdminServer, type AdminListener } from '../../../src/server/admin-server.js';
import { documentedFields } from '../../support/cli/documented-fields.js';
import { cliOnce, launchCli, exitWithin } from '../../support/cli.js';
import { goalsIn, replayBed, type ReplayBed } from '../../support/replay/replay-bed.js';

const TOKEN = 'replay-admin-token-0123456789abcdef';

describe('replay: the command line', () => {
  let bed: ReplayBed;
  let id: string;
  let stored: Awaited<ReturnType<ReplayBed['answers']>>;
  let env: Record<string, string>;
  let listener: AdminListener;

  before(async () => {
    bed = await replayBed();
    id = await bed.matchId('M-2022-64');
    stored = await bed.answers(id);
    env = { DATABASE_URL: bed.storage.url, TOUCHLINE_SOURCES: '' };
    listener = await startAdminServer({ host: '127.0.0.1', port: 0, token: TOKEN, storage: bed.storage });
  });
  after(async () => {
    await listener.close();
    await bed.close();
  });

  it('replay --no-wait --json: one documented JSON object per moment, the match as stored at the end', async () => {
    const result = await cliOnce(['replay', id, '--no-wait', '--json'], env);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /^replay: Argentina v France \(match_\w+\), run 1: 17 updates/);
    assert.match(result.stderr, /not sent: 4 shoot-out kicks/);
    assert.match(result.stderr, /replay: 17 updates applied in \d+ ms\n$/);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const { fields } = documentedFields('replay --json');
    for (const line of lines) assert.deepEqual(Object.keys(line).sort(), [...fields].sort());
    assert.deepEqual(lines[0]!.step, 'reset');
    assert.deepEqual(lines.at(-1)!.step, 'full_time');
    assert.equal(lines.filter((l) => l.verdict !== null).length, 17);
    assert.ok(
      lines.every((l) => l.verdict === null || (l.verdict as { outcome: string }).outcome === 'applied'),
    );
    assert.deepEqual(lines.filter((l) => l.step === 'shootout_kick').length, 4);
    assert.equal((await bed.liveLog(id)).filter((c) => c.actor === 'replay').length, 17);
    assert.deepEqual(await bed.answers(id), stored);
  });

  it('replay --speed: a line per moment, at its pace, with the live log ID of each update', async () => {
    const started = Date.now();
    const result = await cliOnce(['replay', id, '--speed', '9000'], env);
    assert.equal(result.code, 0, result.stderr);
    // 147.5 match minutes at 9000 per minute: about a second.
    assert.ok(Date.now() - started >= 900, 'the replay waited for its moments');
    const lines = result.stdout.trim().split('\n');
    assert.match(lines[1]!, /^0' {6}kick-off: Argentina 0-0 France {2}\[seq \d+\]$/);
    assert.ok(
      lines.some((l) =>
        /^23' {5}penalty goal, Lionel Messi \(Argentina\): Argentina 1-0 France {2}\[seq \d+\]$/.test(l),
      ),
      result.stdout,
    );
    assert.ok(lines.includes('        half-time: Argentina 2-0 France'), result.stdout);
    assert.ok(lines.includes('        shoot-out kick, Kingsley Coman (France): missed'), result.stdout);
    assert.match(lines.at(-1)!, /full time: Argentina 3-3 France, the stored timeline shown again {2}\[seq/);
    assert.deepEqual(await bed.answers(id), stored);
  });

  it('replay --to: sent to a running admin listener, recorded there as admin', async () => {
    const before = (await bed.liveLog(id)).length;
    const result = await cliOnce(['replay', id, '--no-wait', '--to', listener.url], {
      ...env,
      TOUCHLINE_ADMIN_TOKEN: TOKEN,
    });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /to http:\/\/127\.0\.0\.1:\d+\/admin\/v1\/live\/updates/);
    const log = (await bed.liveLog(id)).slice(before);
    assert.ok(log.length > 0 && log.every((c) => c.actor === 'admin'));
    assert.equal(goalsIn(log).length, 6);
    assert.deepEqual(await bed.answers(id), stored);

    const wrong = await cliOnce(
      ['replay', id, '--no-wait', '--to', listener.url, '--token', 'x'.repeat(30)],
      env,
    );
    assert.equal(wrong.code, 1);
    assert.match(wrong.stderr, /refused the update: 401 invalid_token/);
    assert.deepEqual(await bed.answers(id), stored);
  });

  it('Ctrl-C skips to full time: the match is restored, exit 1', async () => {
    const running = launchCli(['replay', id], env);
    const deadline = Date.now() + 30_000;
    while (!running.output.stdout.includes('kick-off') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    running.child.kill('SIGINT');
    const exit = await exitWithin(running, 30_000);
    assert.equal(exit.code, 1, running.output.stderr);
    assert.match(running.output.stderr, /replay interrupted after [\d.]+ s: the match was restored/);
    assert.match(running.output.stdout, /full time: Argentina 3-3 France/);
    assert.deepEqual(await bed.answers(id), stored);
  });

  it('refuses with a reason (exit 1) or a usage error (exit 2)', async () => {
    const [unknown, quiet, token, speed, url, noToken] = await Promise.all([
      cliOnce(['replay', 'match_nope', '--no-wait'], env),
      cliOnce(['replay', await bed.matchId('M-1994-01'), '--no-wait'], env),
      cliOnce(['replay', id, '--token', TOKEN], env),
      cliOnce(['replay', id, '--speed', 'fast'], env),
      cliOnce(['replay', id, '--to', 'ftp://127.0.0.1/'], env),
      cliOnce(['replay', id, '--to', 'http://127.0.0.1:9/'], env),
    ]);
    assert.deepEqual([unknown.code, unknown.stderr], [1, 'touchline: replay: no match match_nope\n']);
    assert.equal(quiet.code, 1);
    assert.match(quiet.stderr, /has no stored timeline/);
    for (const [result, why] of [
      [token, /--token is for --to/],
      [speed, /It must be a number from 0 to 100000/],
      [url, /It must be an http:\/\/ or https:\/\/ URL/],
      [noToken, /--to needs the admin token/],
    ] as const) {
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, why);
      assert.match(result.stdout + result.stderr, /Usage: touchline replay/);
    }
    assert.deepEqual(await bed.answers(id), stored);
  });
});
