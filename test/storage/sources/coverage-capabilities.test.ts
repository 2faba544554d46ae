// Acceptance 3 (capabilities): /coverage/leagues' standings and players, and the standings and squad
// routes' flags, are derived from stored rows: false with matches alone, true once Fjelstul-style lineup,
// squad or standings rows are stored, false again without them.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { refreshDerivedCounts } from '../../../src/storage/repositories/derived-counts.js';
import { match, player, TEAMS, writeTables } from '../../support/fjelstul/fixtures.js';
import { openApi, type Api } from '../../support/sources/api.js';
import { tempDir } from '../../support/sources/fixtures.js';
import { seasonId } from '../../support/sources/real-data.js';
import { competitionId, ingestOk, openTestStorage, type TestStorage } from '../../support/sources/storage.js';

const TOURNAMENT = { tournament_id: 'WC-2022', tournament_name: "2022 FIFA Men's World Cup" };
const BASE = {
  teams: TEAMS,
  players: [player('P-1', 'Lionel', 'Messi', '1987-06-24')],
  matches: [match({ home_team_score: 3, away_team_score: 3 })],
};
const LINEUP = {
  match_id: 'M-2022-64',
  team_id: 'T-03',
  player_id: 'P-1',
  shirt_number: 10,
  position_name: 'right winger',
  position_code: 'RW',
  starter: 1,
  substitute: 0,
};
const SQUAD = {
  ...TOURNAMENT,
  team_id: 'T-03',
  player_id: 'P-1',
  shirt_number: 10,
  position_name: 'forward',
};
const STANDING = {
  ...TOURNAMENT,
  stage_name: 'group stage',
  group_name: 'Group C',
  position: 1,
  team_id: 'T-03',
  played: 3,
  wins: 2,
  draws: 0,
  losses: 1,
  goals_for: 5,
  goals_against: 2,
  goal_difference: 3,
  points: 6,
  advanced: 1,
};

describe('sources: standings and players capabilities follow stored rows', () => {
  const tmp = tempDir();
  let storage: TestStorage;
  let api: Api;
  let wc: string;
  let season: string;
  let argentina: string;

  before(async () => {
    storage = await openTestStorage('coverage-capabilities.db');
    await ingestOk(storage, 'fjelstul', writeTables(tmp.dir, BASE));
    api = await openApi(storage);
    wc = await competitionId(storage, 'fifa.wc');
    season = await seasonId(storage, 'fifa.wc', '2022');
    argentina = (
      await storage.db
        .selectFrom('teams')
        .select('id')
        .where('name', '=', 'Argentina')
        .executeTakeFirstOrThrow()
    ).id;
  });
  after(async () => {
    await api?.close();
    await storage?.close();
    tmp.cleanup();
  });

  const ingest = async (tables: Parameters<typeof writeTables>[1]) => {
    const run = await ingestOk(storage, 'fjelstul', writeTables(tmp.dir, { ...BASE, ...tables }));
    assert.equal(run.rejected, 0);
    await api.refresh();
  };
  /** [standings capability, players capability, standings route flag, squad route flag, standing rows] */
  const flags = async () => {
    const league = await api.get<{ data: { available: Record<string, boolean> } }>(`/coverage/leagues/${wc}`);
    const table = await api.get<{ data: { coverage: { standings_available: boolean }; rows: unknown[] } }>(
      `/football/competitions/${wc}/seasons/${season}/standings`,
    );
    const squad = await api.get<{ coverage: { squad_available: boolean } }>(
      `/football/teams/${argentina}/players`,
    );
    const { standings, players } = league.data.available;
    return [
      standings,
      players,
      table.data.coverage.standings_available,
      squad.coverage.squad_available,
      table.data.rows.length,
    ];
  };

  it('says no standings and no players with matches alone', async () => {
    const league = await api.get<{ data: { available: Record<string, boolean> } }>(`/coverage/leagues/${wc}`);
    assert.deepEqual([league.data.available.fixtures, league.data.available.results], [true, true]);
    assert.deepEqual(await flags(), [false, false, false, false, 0]);
  });

  it('says players once a lineup is stored, standings still not', async () => {
    await ingest({ player_appearances: [LINEUP] });
    assert.deepEqual(await flags(), [false, true, false, false, 0]);
  });

  it('says standings and squads once their rows are stored', async () => {
    await ingest({ player_appearances: [LINEUP], squads: [SQUAD], group_standings: [STANDING] });
    assert.deepEqual(await flags(), [true, true, true, true, 1]);
  });

  it('says neither again once the rows are gone', async () => {
    for (const table of ['standings', 'squad_members', 'match_lineups'] as const) {
      await storage.db.deleteFrom(table).execute();
    }
    await refreshDerivedCounts(storage.db, new Date().toISOString());
    await api.refresh();
    assert.deepEqual(await flags(), [false, false, false, false, 0]);
  });
});
