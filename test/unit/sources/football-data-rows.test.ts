// Acceptance 5 (unit): the football-data row reader and league folders. An empty cell is "not reported"
// (null), never 0; a cell that is not a whole number makes the row unusable; a league folder the adapter
// has no club directory for is unknown.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isSeasonFile, leagueScopes } from '../../../src/ingest/football-data/leagues.js';
import {
  readStatisticsRow,
  statsRecord,
  type Row,
} from '../../../src/ingest/football-data/statistics-rows.js';
import { BURNLEY_CITY_ROW, FOOTBALL_DATA_COLUMNS } from '../../support/sources/fixtures.js';

/** The real Burnley v Man City row, with some cells replaced. */
function row(change: Record<string, string> = {}): Row {
  const cells = BURNLEY_CITY_ROW.split(',');
  return { ...Object.fromEntries(FOOTBALL_DATA_COLUMNS.map((c, i) => [c, cells[i] ?? ''])), ...change };
}

describe('sources: football-data rows', () => {
  it('reads both sides of a full row', () => {
    const read = readStatisticsRow(row());
    assert.ok(typeof read !== 'string', String(read));
    assert.equal(read.date, '2023-08-11');
    assert.deepEqual(
      read.sides.map((s) => [s.teamName, s.opponentName, s.stats]),
      [
        [
          'Burnley',
          'Man City',
          { shots_total: 6, shots_on_target: 1, corners: 6, yellow_cards: 0, red_cards: 1 },
        ],
        [
          'Man City',
          'Burnley',
          { shots_total: 17, shots_on_target: 8, corners: 5, yellow_cards: 0, red_cards: 0 },
        ],
      ],
    );
  });

  it('reads an empty cell as null and a 0 as 0', () => {
    const read = readStatisticsRow(row({ HS: '', HST: ' ', AC: '', HY: '0' }));
    assert.ok(typeof read !== 'string', String(read));
    const [home, away] = read.sides;
    assert.deepEqual(
      [home.stats.shots_total, home.stats.shots_on_target, home.stats.yellow_cards],
      [null, null, 0],
    );
    assert.deepEqual([away.stats.corners, away.stats.shots_total], [null, 17]);
    const record = statsRecord(read.date, 'team_a', 'team_b', home);
    assert.deepEqual(
      [record.shots_total, record.possession_percent, record.expected_goals, record.shots_inside_box],
      [null, null, null, null],
    );
  });

  it('rejects a row with a cell that is not a whole number, naming the column and the value', () => {
    assert.equal(readStatisticsRow(row({ HC: 'six' })), 'HC "six" is not a whole number');
    assert.equal(readStatisticsRow(row({ AS: '1.5' })), 'AS "1.5" is not a whole number');
    assert.equal(readStatisticsRow(row({ AR: '-1' })), 'AR "-1" is not a whole number');
  });

  it('rejects a row without a usable date or team', () => {
    assert.equal(readStatisticsRow(row({ Date: '11/08/2023' })), 'Date "11/08/2023" is not YYYY-MM-DD');
    assert.equal(readStatisticsRow(row({ AwayTeam: '' })), 'HomeTeam or AwayTeam is empty');
  });

  it('knows the league folders it has a club directory for, and no others', () => {
    assert.deepEqual(leagueScopes('datasets/premier-league/season-2324.csv'), {
      league: 'premier-league',
      scopes: ['eng', 'wal'],
    });
    assert.deepEqual(leagueScopes('bundesliga/season-2425.csv')?.scopes, ['de']);
    assert.equal(leagueScopes('datasets/mls/season-2324.csv'), undefined);
    assert.equal(leagueScopes('datasets/season-2324.csv'), undefined);
    assert.equal(isSeasonFile('datasets/mls/season-2324.csv'), true);
    assert.equal(isSeasonFile('datasets/premier-league/schema.json'), false);
  });
});
