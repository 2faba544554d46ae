// The updates a replay sends for a small timeline (goals, an own goal, a penalty, a missed penalty, cards,
// a substitution, extra time and a shoot-out), without storage: their IDs, sequences, order, scores and
// moments, each valid in the live format; and the full time that closes a run, however far it got.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { MatchUpdate } from '../../../src/live/match-update.js';
import { checkMatchUpdate } from '../../../src/live/update-validator.js';
import { closingUpdates } from '../../../src/replay/closing-updates.js';
import { replayUpdateKind } from '../../../src/replay/replay-ids.js';
import { planReplay, type PlanInput } from '../../../src/replay/replay-plan.js';
import { AWAY, HOME, NAMES, row } from '../../support/replay/timeline-rows.js';

const TIMELINE = [
  row('goal', 10, HOME, 'player_h9'),
  row('yellow_card', 45, AWAY, 'player_a4', { stoppage_minute: 2 }),
  row('own_goal', 52, AWAY, 'player_h5'),
  row('substitution', 60, HOME, 'player_h12', { related_player_id: 'player_h9', related_player_name: 'H9' }),
  row('missed_penalty', 70, AWAY, null, { source_player_name: 'A. Taker', player_name: 'A. Taker' }),
  row('penalty_goal', 90, AWAY, 'player_a10', { stoppage_minute: 4 }),
  row('red_card', 100, HOME, 'player_h4', { detail: 'after a yellow card' }),
  row('goal', 118, HOME, 'player_h12'),
  row('goal', 119, AWAY, null),
  row('goal', null, HOME, 'player_h1', { period: 'second_half' }),
  row('shootout_kick', null, HOME, 'player_h12', { detail: 'scored' }),
  row('shootout_kick', null, AWAY, 'player_a10', { detail: 'missed' }),
  row('shootout_kick', null, HOME, 'player_h4', { detail: 'scored' }),
];

const INPUT: PlanInput = {
  matchId: 'match_x',
  names: NAMES,
  sides: { home_team_id: HOME, away_team_id: AWAY },
  extraTime: true,
  shootout: true,
  timeline: TIMELINE,
  leftovers: ['replay-001', 'replay-007'],
  final: { status: 'finished', home_score: 3, away_score: 3 },
  firstSequence: 41,
};

const updates = (plan: ReturnType<typeof planReplay>) =>
  plan.steps.filter((s) => s.update).map((s) => s.update!);

describe('replay: the updates of a match', () => {
  const plan = planReplay(INPUT);

  it('names the run by its first sequence, and numbers its updates from there, one apart', () => {
    assert.equal(plan.run, 41);
    const sent = updates(plan);
    assert.deepEqual(
      sent.map((u) => u.update_id),
      [
        'replay-41-000-reset',
        'replay-41-001-kick-off',
        'replay-41-002-goal',
        'replay-41-003-yellow-card',
        'replay-41-004-own-goal',
        'replay-41-005-substitution',
        'replay-41-006-missed-penalty',
        'replay-41-007-penalty-goal',
        'replay-41-008-red-card',
        'replay-41-009-goal',
        'replay-41-010-goal',
      ],
    );
    assert.deepEqual(
      sent.map((u) => u.sequence),
      sent.map((_, i) => 41 + i),
    );
    assert.deepEqual(plan.next, { sequence: 52, step: 11 });
    for (const update of sent) assert.ok(checkMatchUpdate(update).ok, update.update_id);
    assert.ok(sent.every((u) => u.match === 'match_x'));
    assert.equal(replayUpdateKind(sent[0]!.update_id), 'reset');
    assert.equal(replayUpdateKind(sent[2]!.update_id), 'other');
    assert.equal(replayUpdateKind('cup-final-0042'), undefined);
  });

  it('first resets the match to before kick-off, as a correction, removing an earlier run’s events', () => {
    const [reset, kickOff] = updates(plan);
    assert.deepEqual(reset, {
      update_id: 'replay-41-000-reset',
      match: 'match_x',
      sequence: 41,
      status: 'scheduled',
      score: { home: 0, away: 0 },
      remove_events: ['replay-001', 'replay-007'],
      correction: true,
    });
    assert.deepEqual(kickOff, {
      update_id: 'replay-41-001-kick-off',
      match: 'match_x',
      sequence: 42,
      status: 'live',
    });
    assert.equal(planReplay({ ...INPUT, leftovers: [] }).steps[0]!.update!.remove_events, undefined);
  });

  it('sends each event as the timeline stores it, a goal with the score after it', () => {
    const events = updates(plan).slice(2);
    assert.deepEqual(
      events.map((u) => [u.events![0]!.type, u.score ? `${u.score.home}-${u.score.away}` : null]),
      [
        ['goal', '1-0'],
        ['yellow_card', null],
        // An own goal counts for the side it is stored under: the side it counts for.
        ['own_goal', '1-1'],
        ['substitution', null],
        ['missed_penalty', null],
        ['penalty_goal', '1-2'],
        ['red_card', null],
        ['goal', '2-2'],
        ['goal', '2-3'],
      ],
    );
    assert.deepEqual(events[1]!.events, [
      {
        id: 'replay-002',
        type: 'yellow_card',
        minute: 45,
        stoppage_minute: 2,
        period: 'first_half',
        team: 'away',
        player_id: 'player_a4',
      },
    ]);
    assert.deepEqual(events[3]!.events![0], {
      id: 'replay-004',
      type: 'substitution',
      minute: 60,
      period: 'second_half',
      team: 'home',
      player_id: 'player_h12',
      related_player_id: 'player_h9',
    });
    // A player without a record goes by the name the source gives.
    assert.equal(events[4]!.events![0]!.player, 'A. Taker');
    assert.equal(events[4]!.events![0]!.player_id, undefined);
    assert.equal(events[6]!.events![0]!.detail, 'after a yellow card');
    assert.equal(events[6]!.events![0]!.period, 'extra_time_first_half');
    // No player at all: none sent.
    assert.equal(events[8]!.events![0]!.player, undefined);
    assert.deepEqual(
      events.map((u) => u.events![0]!.id),
      events.map((_, i) => `replay-${String(i + 1).padStart(3, '0')}`),
    );
  });

  it('leaves out what the format cannot carry, and says why', () => {
    assert.deepEqual(plan.skipped, [
      'goal: the source gives no minute',
      '3 shoot-out kicks: shown, not sent (the live format has no shoot-out kick)',
    ]);
    const kicks = plan.steps.filter((s) => s.kind === 'shootout_kick');
    assert.equal(kicks.length, 3);
    assert.ok(kicks.every((k) => k.update === undefined));
    assert.equal(kicks[1]!.text, 'shoot-out kick, Name of player_a10 (Away United): missed');
  });

  it('plays each moment at its minute, the breaks compressed to a minute, the periods in order', () => {
    const moments = plan.steps.map((s) => [s.kind, s.at, s.kind === 'phase' ? s.text : (s.label ?? '')]);
    assert.deepEqual(moments, [
      ['reset', 0, ''],
      ['kick_off', 0, "0'"],
      ['event', 10, "10'"],
      ['event', 47, "45+2'"],
      ['phase', 47, 'half-time: Home FC 1-0 Away United'],
      ['phase', 48, 'second half'],
      ['event', 55, "52'"],
      ['event', 63, "60'"],
      ['event', 73, "70'"],
      ['event', 97, "90+4'"],
      ['phase', 97, 'end of normal time: Home FC 1-2 Away United'],
      ['phase', 98, 'extra time'],
      ['event', 108, "100'"],
      ['phase', 113, 'half-time in extra time: Home FC 1-2 Away United'],
      ['phase', 114, 'extra time, second half'],
      ['event', 127, "118'"],
      ['event', 128, "119'"],
      ['phase', 129, 'end of extra time: Home FC 2-3 Away United'],
      ['phase', 130, 'penalty shoot-out'],
      ['shootout_kick', 130.5, ''],
      ['shootout_kick', 131, ''],
      ['shootout_kick', 131.5, ''],
    ]);
    assert.equal(plan.fullTimeAt, 132);
  });

  it('plays a match of two halves without extra-time breaks, full time at the end of the second', () => {
    const short = planReplay({
      ...INPUT,
      extraTime: false,
      shootout: false,
      timeline: TIMELINE.slice(0, 4),
      final: { status: 'finished', home_score: 1, away_score: 1 },
    });
    assert.deepEqual(
      short.steps.filter((s) => s.kind === 'phase').map((s) => s.text),
      ['half-time: Home FC 1-0 Away United', 'second half'],
    );
    assert.equal(short.fullTimeAt, 47 + 1 + 45);
  });

  it('says what happened on each line, the score with each goal', () => {
    const texts = plan.steps.filter((s) => s.kind === 'event').map((s) => s.text);
    assert.equal(texts[0], 'goal, Name of player_h9 (Home FC): Home FC 1-0 Away United');
    assert.equal(texts[2], 'own goal, Name of player_h5 (for Away United): Home FC 1-1 Away United');
    assert.equal(texts[3], 'substitution (Home FC): Name of player_h12 on, H9 off');
  });
});

describe('replay: full time', () => {
  const closing = (over: Partial<Parameters<typeof closingUpdates>[0]> = {}): MatchUpdate[] =>
    closingUpdates({
      matchId: 'match_x',
      run: 41,
      next: { sequence: 52, step: 11 },
      current: { status: 'live', home_score: 2, away_score: 3 },
      final: { status: 'finished', home_score: 3, away_score: 3 },
      added: ['replay-001', 'replay-002'],
      ...over,
    });

  it('sets the stored status and score and removes the events the run added', () => {
    assert.deepEqual(closing(), [
      {
        update_id: 'replay-41-011-full-time',
        match: 'match_x',
        sequence: 52,
        status: 'finished',
        score: { home: 3, away: 3 },
        remove_events: ['replay-001', 'replay-002'],
      },
    ]);
    assert.equal(replayUpdateKind('replay-41-011-full-time'), 'full-time');
  });

  it('is a correction only when the rules ask for one', () => {
    // More goals in the timeline than in the stored score: the score goes down.
    assert.equal(closing({ current: { status: 'live', home_score: 4, away_score: 3 } })[0]!.correction, true);
    // Interrupted before kick-off: scheduled cannot become finished.
    const early = closing({ current: { status: 'scheduled', home_score: 0, away_score: 0 }, added: [] });
    assert.equal(early[0]!.correction, true);
    assert.equal(early[0]!.remove_events, undefined);
  });

  it('removes more than 200 events in updates of 200 before it', () => {
    const added = Array.from({ length: 450 }, (_, i) => `replay-${i + 1}`);
    const sent = closing({ added });
    assert.deepEqual(
      sent.map((u) => [u.update_id, u.sequence, u.remove_events?.length]),
      [
        ['replay-41-011-clear', 52, 200],
        ['replay-41-012-clear', 53, 200],
        ['replay-41-013-full-time', 54, 50],
      ],
    );
    for (const update of sent) assert.ok(checkMatchUpdate(update).ok);
  });
});
