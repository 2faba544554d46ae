// Rounds and teams of a season on the real data: the Premier League 2023-24's 38 matchdays in numeric
// order with 10 matches each, the 2022 World Cup's rounds in tournament order ending with the final, and
// its 32 teams.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { competitionId, openRealData, seasonId, type RealData } from '../../support/sources/real-data.js';
import { needsSharedData, SHARED_AVAILABLE } from '../../support/shared-data.js';

type Round = { name: string; order: number; first_day: string; matches: { total: number; finished: number } };

describe('sources: rounds and teams of a season', () => {
  let real: RealData;
  before(async () => {
    if (SHARED_AVAILABLE) real = await openRealData('season-rounds.db');
  });
  after(() => real?.close());

  const path = async (code: string, key: string) =>
    `/football/competitions/${await competitionId(real.storage, code)}/seasons/${await seasonId(real.storage, code, key)}`;

  it('Premier League 2023-24: 38 matchdays in numeric order, 10 matches each, all finished', async (t) => {
    if (!needsSharedData(t)) return;
    const { data, meta } = await real.api.get<{
      data: Round[];
      meta: { count: number; without_round: number };
    }>(`${await path('en.1', '2023-24')}/rounds`);
    assert.deepEqual(
      data.map((r) => r.name),
      Array.from({ length: 38 }, (_, i) => `Matchday ${i + 1}`),
    );
    assert.ok(data.every((r) => r.matches.total === 10 && r.matches.finished === 10));
    assert.deepEqual(meta, { count: 38, without_round: 0 });
  });

  it('World Cup 2022: group rounds first, knockout rounds in order, the final last; 32 teams', async (t) => {
    if (!needsSharedData(t)) return;
    const base = await path('fifa.wc', '2022');
    const { data } = await real.api.get<{ data: Round[] }>(`${base}/rounds`);
    const names = data.map((r) => r.name);
    assert.equal(names.at(-1), 'Final');
    const at = (pattern: RegExp) => names.findIndex((n) => pattern.test(n));
    const knockout = [/^Round of 16/i, /^Quarter/i, /^Semi/i, /third/i, /^Final$/].map(at);
    assert.ok(
      knockout.every((i) => i >= 0),
      names.join(', '),
    );
    assert.deepEqual(
      knockout,
      [...knockout].sort((a, b) => a - b),
      names.join(', '),
    );
    assert.ok(
      knockout[0]! > 0 && names.slice(0, knockout[0]).every((n) => !/final|16/i.test(n)),
      names.join(', '),
    );
    assert.equal(
      data.reduce((sum, r) => sum + r.matches.total, 0),
      64,
    );
    const teams = await real.api.get<{ data: unknown[]; meta: { count: number } }>(`${base}/teams`);
    assert.deepEqual([teams.data.length, teams.meta.count], [32, 32]);
  });
});
