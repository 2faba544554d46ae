// include= on the real data (issue 40): the 2022 World Cup final with its statistics, lineups, timeline
// and player statistics, each the data of its sub-resource byte for byte, in one answer.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { competitionId, openRealData, type RealData } from '../../support/sources/real-data.js';
import { needsSharedData, SHARED_AVAILABLE } from '../../support/shared-data.js';

const SUBS = {
  stats: 'stats',
  lineups: 'lineups',
  timeline: 'timeline',
  player_stats: 'player-stats',
} as const;

describe('sources: a match with its details included', () => {
  let real: RealData;
  before(async () => {
    if (SHARED_AVAILABLE) real = await openRealData('match-include.db');
  });
  after(() => real?.close());

  it('the 2022 final: include=stats,lineups,timeline,player_stats equals the four sub-resources', async (t) => {
    if (!needsSharedData(t)) return;
    const wc = await competitionId(real.storage, 'fifa.wc');
    const day = await real.api.get<{ data: Array<{ id: string; home_team: { name: string } }> }>(
      `/football/matches?competition_id=${wc}&date=2022-12-18`,
    );
    const final = day.data.find((m) => m.home_team.name === 'Argentina')!;
    const res = await real.api.raw(
      `/football/matches/${final.id}?include=stats,lineups,timeline,player_stats`,
    );
    assert.equal(res.statusCode, 200);
    const included = res.json().data.included as Record<string, { coverage: Record<string, boolean> }>;
    for (const [name, suffix] of Object.entries(SUBS)) {
      const sub = await real.api.raw(`/football/matches/${final.id}/${suffix}`);
      const data = sub.body.slice('{"data":'.length, -1);
      assert.ok(res.body.includes(`"${name}":${data}`), `${name} is /${suffix}'s data`);
      assert.ok(Object.values(included[name]!.coverage).every(Boolean), `${name} is covered`);
    }
    const timeline = included.timeline as unknown as { events: unknown[] };
    assert.ok(timeline.events.length > 10, 'the final’s timeline has its goals, cards and kicks');
  });
});
