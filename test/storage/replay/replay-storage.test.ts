// A stored World Cup match (the sample dataset's 2022 final: six goals, cards, substitutions, extra time,
// a shoot-out) replayed into the live path on the engine under test (both in `npm test`), at full speed:
// the live log holds kick-off, each goal in order and full time; during the replay the match is live with
// the score so far; afterwards the match and its timeline are what the API showed before. A second run,
// an interrupted one, one killed part-way and one refused part-way all leave the match as stored.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { applyMatchUpdate } from '../../../src/live/apply-update.js';
import { prepareReplay, ReplayUnavailable } from '../../../src/replay/prepare-replay.js';
import { directTarget, REPLAY_ACTOR, type ReplayTarget } from '../../../src/replay/replay-target.js';
import { ReplayRefused, runReplay, type StepOutcome } from '../../../src/replay/run-replay.js';
import { goalsIn, replayBed, type ReplayBed } from '../../support/replay/replay-bed.js';

const FINAL_GOALS = [
  "23' Lionel Messi 1-0",
  "36' Ángel Di María 2-0",
  "80' Kylian Mbappé 2-1",
  "81' Kylian Mbappé 2-2",
  "108' Lionel Messi 3-2",
  "118' Kylian Mbappé 3-3",
];

describe('replay: a stored match into the live path', () => {
  let bed: ReplayBed;
  let id: string;
  let stored: Awaited<ReturnType<ReplayBed['answers']>>;

  before(async () => {
    bed = await replayBed();
    id = await bed.matchId('M-2022-64');
    stored = await bed.answers(id);
  });
  after(() => bed.close());

  const replay = async (
    options: { target?: ReplayTarget; signal?: AbortSignal; emit?: (o: StepOutcome) => Promise<void> } = {},
  ) => {
    const prepared = await prepareReplay(bed.storage.db, id);
    const result = await runReplay(prepared.plan, options.target ?? directTarget(bed.storage), {
      speed: 0,
      signal: options.signal,
      emit: options.emit ?? (async () => undefined),
    });
    return { prepared, result };
  };

  it('plays kick-off, every goal in order and full time, and leaves the match and its timeline as stored', async () => {
    assert.equal(stored.match.status, 'finished');
    assert.equal((stored.timeline.events as unknown[]).length, 18, 'the sample final has 18 events');
    const seen: string[] = [];
    const { prepared, result } = await replay({
      emit: async ({ step, verdict }) => {
        if (step.kind !== 'event' || !step.update?.score) return;
        // While it plays, the API shows the match live with the score so far, and the replayed events only.
        const match = await bed.get(`/football/matches/${id}`);
        const timeline = await bed.get(`/football/matches/${id}/timeline`);
        const events = timeline.events as Array<{ label: string; type: string }>;
        seen.push(`${String(match.status)} ${events.length} ${events.at(-1)?.label}`);
        assert.equal(verdict?.outcome, 'applied');
      },
    });
    assert.equal(result.interrupted, false);
    assert.deepEqual(seen.slice(0, 2), ["live 1 23'", "live 2 36'"]);
    assert.equal(seen.length, 6);
    assert.ok(seen.every((s) => s.startsWith('live ')));

    assert.deepEqual(await bed.answers(id), stored, 'the match and its timeline as stored');
    const log = await bed.liveLog(id);
    assert.ok(log.every((c) => c.actor === REPLAY_ACTOR));
    assert.equal(log.length, result.applied);
    assert.deepEqual(goalsIn(log), FINAL_GOALS);
    const [reset, kickOff] = log;
    assert.equal(reset!.update_id, `replay-${prepared.plan.run}-000-reset`);
    assert.deepEqual(reset!.status, { from: 'finished', to: 'scheduled' });
    assert.equal(reset!.correction, true);
    assert.deepEqual(kickOff!.status, { from: 'scheduled', to: 'live' });
    const fullTime = log.at(-1)!;
    assert.deepEqual(fullTime.status, { from: 'live', to: 'finished' });
    assert.equal(fullTime.correction, false);
    assert.deepEqual(fullTime.state, { ...fullTime.state, status: 'finished', home_score: 3, away_score: 3 });
    // Every event the run added is removed at full time: the stored source's timeline shows again.
    const added = log.flatMap((c) => (c.events_added ?? []).map((e) => e.id));
    assert.deepEqual([...fullTime.events_removed!].sort(), added.sort());
    assert.ok(prepared.plan.skipped.some((s) => s.startsWith('4 shoot-out kicks')));
  });

  it('replays the same match again: a new run, its sequences after the first run’s', async () => {
    const before = await bed.liveLog(id);
    const { prepared } = await replay();
    assert.equal(prepared.plan.run, before.at(-1)!.sequence + 1);
    const log = (await bed.liveLog(id)).slice(before.length);
    assert.deepEqual(goalsIn(log), FINAL_GOALS);
    assert.deepEqual(await bed.answers(id), stored);
  });

  it('interrupted, skips to full time at once, removing only what it added', async () => {
    const before = (await bed.liveLog(id)).length;
    const controller = new AbortController();
    let goals = 0;
    const { result } = await replay({
      signal: controller.signal,
      emit: async ({ step }) => {
        if (step.kind === 'event' && step.update?.score && (goals += 1) === 2) controller.abort();
      },
    });
    assert.equal(result.interrupted, true);
    const log = (await bed.liveLog(id)).slice(before);
    assert.deepEqual(goalsIn(log), FINAL_GOALS.slice(0, 2));
    const fullTime = log.at(-1)!;
    assert.deepEqual(fullTime.status, { from: 'live', to: 'finished' });
    assert.equal(fullTime.events_removed!.length, log.flatMap((c) => c.events_added ?? []).length);
    assert.deepEqual(await bed.answers(id), stored);
  });

  it('shows no stages while it plays, and ends the stream with the stored winner and decision', async () => {
    const stages: string[] = [];
    await replay({
      emit: async ({ step }) => {
        if (step.kind !== 'event' || !step.update?.score) return;
        const match = await bed.get(`/football/matches/${id}`);
        stages.push(`${String(match.status)} ${JSON.stringify(match.score)} ${String(match.winner)}`);
      },
    });
    const none = '{"half_time":null,"full_time":null,"extra_time":null,"penalties":null}';
    assert.deepEqual(new Set(stages), new Set([`live ${none} null`]));
    const last = (await bed.liveLog(id)).at(-1)!;
    assert.deepEqual(last.score_breakdown?.from, JSON.parse(none));
    assert.deepEqual(
      [last.state.winner, last.state.decided_by, last.state.score.penalties],
      ['home', 'penalties', { home: 4, away: 2 }],
    );
    assert.deepEqual(await bed.answers(id), stored);
  });

  it('after runs killed part-way (no full time), the next one ends the match as it was stored', async () => {
    const target = directTarget(bed.storage);
    /** Applies the first `count` updates of a new run, as a run killed then would have. */
    const killedRun = async (count: number) => {
      const { plan } = await prepareReplay(bed.storage.db, id);
      for (const step of plan.steps.filter((s) => s.update).slice(0, count)) {
        assert.equal((await target.send(step.update!)).outcome, 'applied');
      }
      return plan.run;
    };
    const first = await killedRun(6);
    assert.equal((await bed.get(`/football/matches/${id}`)).status, 'live');
    // A second run killed too: its reset found the match part-way, not as stored.
    await killedRun(4);

    const { prepared } = await replay();
    assert.equal(prepared.recoveredFrom, `replay-${first}-000-reset`);
    assert.deepEqual(prepared.plan.final, {
      status: 'finished',
      home_score: 3,
      away_score: 3,
      // The stages as stored, read back from the first killed run's reset too.
      score_breakdown: {
        half_time: { home: 2, away: 0 },
        full_time: { home: 2, away: 2 },
        extra_time: { home: 3, away: 3 },
        penalties: { home: 4, away: 2 },
      },
    });
    // The killed run's events are removed by the reset, before kick-off.
    const reset = (await bed.liveLog(id)).find(
      (c) => c.update_id === `replay-${prepared.plan.run}-000-reset`,
    );
    assert.equal(reset!.events_removed!.length, 2);
    assert.deepEqual(await bed.answers(id), stored);
  });

  it('stops at an update not applied (another process updating the match), restoring the match', async () => {
    let sent = 0;
    const direct = directTarget(bed.storage);
    const target: ReplayTarget = {
      describe: 'a target another process races',
      async send(update) {
        if ((sent += 1) === 5) {
          // Someone else applies an update under the sequence the replay was about to use.
          const other = { update_id: 'someone-else', match: id, sequence: update.sequence };
          assert.equal((await applyMatchUpdate(bed.storage, other, 'cli', new Date())).outcome, 'applied');
        }
        return direct.send(update);
      },
    };
    await assert.rejects(replay({ target }), (error: Error) => {
      assert.ok(error instanceof ReplayRefused);
      assert.match(error.message, /was not applied: stale.*; full time was sent: the match is as stored$/);
      return true;
    });
    assert.deepEqual(await bed.answers(id), stored);
    assert.equal((await bed.liveLog(id)).at(-1)!.update_id.endsWith('-full-time'), true);
  });

  it('refuses a match it cannot replay, saying why', async () => {
    const refused = async (matchId: string, why: RegExp) =>
      assert.rejects(prepareReplay(bed.storage.db, matchId), (error: Error) => {
        assert.ok(error instanceof ReplayUnavailable);
        assert.match(error.message, why);
        return true;
      });
    await refused('match_doesnotexist', /^no match match_doesnotexist$/);
    const quiet = await bed.matchId('M-1994-01');
    await refused(quiet, /has no stored timeline/);
    const carried = await bed.matchId('M-1994-02');
    const event = { id: 'op-1', type: 'goal', minute: 3, team: 'home' };
    const update = { update_id: 'op', match: carried, sequence: 1, events: [event] };
    assert.equal((await applyMatchUpdate(bed.storage, update, 'cli', new Date())).outcome, 'applied');
    await refused(carried, /has 1 live events an operator sent/);
  });
});
