import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RawMatch } from '../../../src/ingest/openfootball/match-record.js';
import {
  competitionName,
  correctSeasonYears,
  seasonName,
} from '../../../src/ingest/openfootball/season-dates.js';

function match(round: string | null, date: string): RawMatch {
  return {
    round,
    stage: null,
    date,
    time: null,
    team1: 'Home',
    team2: 'Away',
    score: { ht: null, ft: null, et: null, p: null },
    status: null,
  };
}

/** A 38-round 2019-20 season, one match a week from 2019-08-10 (the last rounds spill into July 2020). */
function season(): RawMatch[] {
  const start = Date.parse('2019-08-10T00:00:00Z');
  return Array.from({ length: 38 }, (_, i) =>
    match(`Matchday ${i + 1}`, new Date(start + i * 7 * 86_400_000).toISOString().slice(0, 10)),
  );
}

describe('correctSeasonYears', () => {
  it('moves a late round dated a year too early (2019-07-01 -> 2020-07-01)', () => {
    const matches = season();
    matches[31] = match('Matchday 32', '2019-07-01');
    assert.deepEqual([...correctSeasonYears('2019-20', matches)], [[31, '2020-07-01']]);
  });

  it('leaves an early round brought forward before round 1 alone', () => {
    const matches = season();
    matches[2] = match('Matchday 3', '2019-08-05');
    assert.equal(correctSeasonYears('2019-20', matches).size, 0);
  });

  it('leaves a late round brought forward within the season alone', () => {
    const matches = season();
    matches[30] = match('Matchday 31', '2020-01-02');
    assert.equal(correctSeasonYears('2019-20', matches).size, 0);
  });

  it('reads "N. Round" and prefixed rounds too', () => {
    const matches = [
      match('1. Round', '2025-08-02'),
      match('24. Round', '2026-01-01'),
      match('46. Round', '2025-05-03'),
    ];
    assert.deepEqual([...correctSeasonYears('2025-26', matches)], [[2, '2026-05-03']]);
    const prefixed = [
      match('Regular, Matchday 1', '2019-07-26'),
      match('Regular, Matchday 32', '2019-07-04'),
    ];
    assert.deepEqual([...correctSeasonYears('2019-20', prefixed)], [[1, '2020-07-04']]);
  });

  it('moves an unnumbered round only when it is more than a week before round 1', () => {
    const matches = [...season(), match('Final', '2019-07-15'), match('Final', '2019-08-05')];
    assert.deepEqual([...correctSeasonYears('2019-20', matches)], [[38, '2020-07-15']]);
  });

  it('keeps entry indexes when rejected entries are null', () => {
    const matches: Array<RawMatch | null> = [null, ...season()];
    matches[32] = match('Matchday 32', '2019-07-01');
    assert.deepEqual([...correctSeasonYears('2019-20', matches)], [[32, '2020-07-01']]);
  });

  it('leaves calendar-year seasons untouched', () => {
    const matches = [match('Matchday 1', '2020-05-01'), match('Matchday 30', '2020-01-05')];
    assert.equal(correctSeasonYears('2020', matches).size, 0);
  });

  it('does nothing without a round 1 to anchor on', () => {
    const matches = [match('Matchday 2', '2019-08-17'), match('Matchday 32', '2019-07-01')];
    assert.equal(correctSeasonYears('2019-20', matches).size, 0);
  });
});

describe('seasonName', () => {
  it('writes two-year seasons with a slash and keeps calendar years', () => {
    assert.equal(seasonName('2023-24'), '2023/24');
    assert.equal(seasonName('2025'), '2025');
  });
});

describe('competitionName', () => {
  it('drops the season and a "Country |" prefix', () => {
    assert.equal(competitionName('China | Super League 2025'), 'Super League');
    assert.equal(competitionName('English Premier League 2023/24'), 'English Premier League');
    assert.equal(competitionName('Australia | A-League 2024/25'), 'A-League');
    assert.equal(competitionName('Liga MX 2018/19'), 'Liga MX');
    assert.equal(competitionName('Russia 1. Division 2019/20'), 'Russia 1. Division');
  });

  it('keeps a name that has no season', () => {
    assert.equal(competitionName('Major League Soccer'), 'Major League Soccer');
  });
});
