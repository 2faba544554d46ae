import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventSortKey, parseGoalMinute } from '../../../src/ingest/worldcup-json/goal-minute.js';
import { kickoff, parseClock } from '../../../src/ingest/worldcup-json/kickoff-time.js';
import { parseMatchEntry } from '../../../src/ingest/worldcup-json/match-entry.js';
import type { Parsed } from '../../../src/ingest/worldcup-json/parsed.js';
import { finalScore, parseScore } from '../../../src/ingest/worldcup-json/score.js';

function value<T>(parsed: Parsed<T>): T {
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.reason);
  return parsed.value;
}

function reason<T>(parsed: Parsed<T>): string {
  assert.ok(!parsed.ok, 'expected a failure');
  return parsed.reason;
}

describe('worldcup.json goal minutes', () => {
  it('reads integer minutes with an integer offset (1930-2022 files)', () => {
    assert.deepEqual(value(parseGoalMinute(23, undefined)), {
      minute: 23,
      stoppage: null,
      period: 'first_half',
      periodIndex: 1,
      label: "23'",
    });
    const late = value(parseGoalMinute(120, 1));
    assert.deepEqual(
      [late.minute, late.stoppage, late.period, late.label],
      [120, 1, 'extra_time_second_half', "120+1'"],
    );
  });

  it('reads "N" and "N+M" strings (2026 files)', () => {
    const g = value(parseGoalMinute('90+6', undefined));
    assert.deepEqual([g.minute, g.stoppage, g.period, g.label], [90, 6, 'second_half', "90+6'"]);
    assert.equal(value(parseGoalMinute('9', undefined)).minute, 9);
    assert.equal(value(parseGoalMinute(' 45 + 2 ', undefined)).label, "45+2'");
  });

  it('gives stoppage time to the period it extends', () => {
    const period = (m: unknown, o?: number) => value(parseGoalMinute(m, o)).period;
    assert.equal(period(45), 'first_half');
    assert.equal(period('45+5'), 'first_half');
    assert.equal(period(46), 'second_half');
    assert.equal(period(90, 3), 'second_half');
    assert.equal(period(91), 'extra_time_first_half');
    assert.equal(period('105+1'), 'extra_time_first_half');
    assert.equal(period(106), 'extra_time_second_half');
    assert.equal(period('120+5'), 'extra_time_second_half');
  });

  it('reads a plain minute past 120 as stoppage time of extra time (2014: minute 121)', () => {
    const g = value(parseGoalMinute(121, undefined));
    assert.deepEqual([g.minute, g.stoppage, g.label], [120, 1, "120+1'"]);
  });

  it('treats offset 0 as no stoppage time', () => {
    assert.equal(value(parseGoalMinute(90, 0)).stoppage, null);
  });

  it('rejects what is not a minute', () => {
    assert.match(reason(parseGoalMinute('ninety', undefined)), /neither a number/);
    assert.match(reason(parseGoalMinute(0, undefined)), /positive/);
    assert.match(reason(parseGoalMinute(12.5, undefined)), /positive whole/);
    assert.match(reason(parseGoalMinute(null, undefined)), /neither a number/);
    assert.match(reason(parseGoalMinute('90+2', 1)), /offset too/);
    assert.match(reason(parseGoalMinute(90, -1)), /offset/);
    assert.match(reason(parseGoalMinute('90+45', undefined)), /over 30/);
    assert.match(reason(parseGoalMinute('121+1', undefined)), /past the end/);
  });

  it('sorts by period, minute, stoppage, then source order', () => {
    const key = (m: unknown, seq: number) => eventSortKey(value(parseGoalMinute(m, undefined)), seq);
    assert.equal(key('90+2', 7), '2:090:02:0007');
    const keys = [key(46, 1), key('45+3', 2), key(45, 3), key(91, 4), key('90+10', 5), key(9, 6)];
    assert.deepEqual([...keys].sort(), [
      key(9, 6),
      key(45, 3),
      key('45+3', 2),
      key(46, 1),
      key('90+10', 5),
      key(91, 4),
    ]);
  });
});

describe('worldcup.json kick-off times', () => {
  it('reads zone offsets and abbreviations', () => {
    assert.deepEqual(value(parseClock('13:00 UTC-6')), { hour: 13, minute: 0, offset: -360 });
    assert.deepEqual(value(parseClock('20:00 UTC+3')), { hour: 20, minute: 0, offset: 180 });
    assert.deepEqual(value(parseClock('19:45 UTC±0')), { hour: 19, minute: 45, offset: 0 });
    assert.deepEqual(value(parseClock('20:45 CET')), { hour: 20, minute: 45, offset: 60 });
    assert.deepEqual(value(parseClock('20:45 CEST')), { hour: 20, minute: 45, offset: 120 });
    assert.deepEqual(value(parseClock('9:30 UTC+5:30')), { hour: 9, minute: 30, offset: 330 });
    assert.deepEqual(value(parseClock('19:00')), { hour: 19, minute: 0, offset: null });
  });

  it('rejects bad times and unknown zones', () => {
    assert.match(reason(parseClock('25:00')), /not a time of day/);
    assert.match(reason(parseClock('7pm')), /not HH:MM/);
    assert.match(reason(parseClock('20:45 PST')), /zone/);
    assert.match(reason(parseClock('20:45 UTC±2')), /zone/);
  });

  it('converts to UTC with the given zone, across midnight too', () => {
    assert.deepEqual(value(kickoff('2026-06-11', '13:00 UTC-6', null, null)), {
      startsAt: '2026-06-11T19:00:00Z',
      timeKnown: 1,
      zoneless: false,
    });
    assert.equal(value(kickoff('2026-03-26', '20:45 CET', null, null)).startsAt, '2026-03-26T19:45:00Z');
    assert.equal(value(kickoff('2026-03-31', '20:45 CEST', null, null)).startsAt, '2026-03-31T18:45:00Z');
    assert.equal(value(kickoff('2026-06-20', '21:00 UTC-7', null, null)).startsAt, '2026-06-21T04:00:00Z');
  });

  it('reads zoneless times at the edition offset, or keeps the date only without one', () => {
    // 2022 final, Lusail 18:00 local (UTC+3).
    assert.equal(value(kickoff('2022-12-18', '18:00', null, 180)).startsAt, '2022-12-18T15:00:00Z');
    assert.deepEqual(value(kickoff('2030-06-14', '18:00', null, null)), {
      startsAt: '2030-06-14T00:00:00Z',
      timeKnown: 0,
      zoneless: true,
    });
  });

  it('keeps the date only when there is no time (files before 2010)', () => {
    assert.deepEqual(value(kickoff('1930-07-13', null, null, null)), {
      startsAt: '1930-07-13T00:00:00Z',
      timeKnown: 0,
      zoneless: false,
    });
  });

  it('prefers time over time_local, and uses time_local alone when time is absent', () => {
    assert.equal(
      value(kickoff('2026-03-26', '18:00 CET', '20:00 UTC+3', null)).startsAt,
      '2026-03-26T17:00:00Z',
    );
    assert.equal(value(kickoff('2026-03-26', null, '19:45 UTC±0', null)).startsAt, '2026-03-26T19:45:00Z');
  });
});

describe('worldcup.json scores', () => {
  it('reads every shape the files use', () => {
    assert.deepEqual(value(parseScore({ ht: [2, 0], ft: [2, 2], et: [3, 3], p: [4, 2] })), {
      ht: [2, 0],
      ft: [2, 2],
      et: [3, 3],
      p: [4, 2],
    });
    assert.deepEqual(value(parseScore([2, 0])), { ht: null, ft: [2, 0], et: null, p: null });
    assert.deepEqual(value(parseScore({ p: [2, 4], et: [1, 1] })), {
      ht: null,
      ft: null,
      et: [1, 1],
      p: [2, 4],
    });
    assert.deepEqual(value(parseScore({ et: [1, 0] })), { ht: null, ft: null, et: [1, 0], p: null });
    assert.deepEqual(value(parseScore(undefined)), { ht: null, ft: null, et: null, p: null });
  });

  it('takes extra time over full time for the result, never the shoot-out', () => {
    assert.deepEqual(finalScore(value(parseScore({ ft: [2, 2], et: [3, 3], p: [4, 2] }))), [3, 3]);
    assert.deepEqual(finalScore(value(parseScore({ p: [2, 4], et: [1, 1] }))), [1, 1]);
    assert.deepEqual(finalScore(value(parseScore([1, 3]))), [1, 3]);
    assert.equal(finalScore(value(parseScore(undefined))), null);
  });

  it('rejects malformed scores', () => {
    assert.match(reason(parseScore([1])), /two non-negative/);
    assert.match(reason(parseScore({ ft: [1, -1] })), /score.ft/);
    assert.match(reason(parseScore({ agg: [3, 2] })), /unknown key "agg"/);
    assert.match(reason(parseScore('2-0')), /neither an object nor a list/);
  });
});

describe('worldcup.json match entries', () => {
  const base = { round: 'Final', date: '2022-12-18', team1: 'Argentina', team2: 'France' };

  it('keeps the fields the adapter uses', () => {
    const m = value(
      parseMatchEntry({
        ...base,
        group: 'Group C',
        ground: ' Lusail ',
        num: 64,
        goals1: [],
        status: 'canceled',
      }),
    );
    assert.deepEqual(
      [m.round, m.group, m.ground, m.num, m.goals1, m.goals2, m.status],
      ['Final', 'Group C', 'Lusail', 64, [], null, 'canceled'],
    );
  });

  it('rejects unusable entries with a reason', () => {
    assert.match(reason(parseMatchEntry('x')), /not an object/);
    assert.match(reason(parseMatchEntry({ ...base, date: '2022-02-30' })), /not a valid/);
    assert.match(reason(parseMatchEntry({ ...base, team2: ' ' })), /team2 is missing/);
    assert.match(reason(parseMatchEntry({ ...base, goals1: {} })), /goals1 is not a list/);
    assert.match(reason(parseMatchEntry({ ...base, num: 'M64' })), /num/);
  });
});
