import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readMatchListQuery } from '../../../src/api/match-list-query.js';

const DEFAULT_PAGE = { page: 1, limit: 25 };
const NO_FILTER = {
  competitionId: undefined,
  seasonId: undefined,
  teamId: undefined,
  status: undefined,
  dateFrom: undefined,
  dateTo: undefined,
};

test('match list query: plain parameters are read, with the schema defaults', () => {
  assert.deepEqual(readMatchListQuery(''), { filter: NO_FILTER, page: DEFAULT_PAGE });
  assert.deepEqual(
    readMatchListQuery(
      'limit=100&team_id=team_ab12&season_id=season_x9&competition_id=comp_e1&status=finished' +
        '&date_from=2024-02-29&date_to=2024-02-29&page=2147483647',
    ),
    {
      filter: {
        competitionId: 'comp_e1',
        seasonId: 'season_x9',
        teamId: 'team_ab12',
        status: 'finished',
        dateFrom: '2024-02-29',
        dateTo: '2024-02-29',
      },
      page: { page: 2_147_483_647, limit: 100 },
    },
  );
  for (const status of ['scheduled', 'live', 'finished', 'postponed', 'canceled', 'unknown']) {
    assert.equal(readMatchListQuery(`status=${status}`)?.filter.status, status);
  }
});

test('match list query: anything short of certain is left to the route', () => {
  const refused = [
    // unknown, repeated, nameless or valueless parameters
    'team=team_a',
    'constructor=1',
    '__proto__=1',
    'toString=x',
    'limit=5&limit=5',
    '=5',
    'limit',
    'limit=5&',
    '&limit=5',
    'limit=5&&page=1',
    // encodings the route decodes
    'team_id=team%5Fa',
    'status=finished+',
    // values outside the schema
    'team_id=',
    'team_id=team_',
    'team_id=team_A',
    'team_id=comp_a',
    'season_id=team_a',
    'competition_id=comp_a-b',
    'status=Finished',
    'status=',
    'date_from=2023-02-29',
    'date_from=2023-13-01',
    'date_from=2023-1-01',
    'date_from=2023-01-01T00:00:00Z',
    'date_to=20230101',
    'limit=0',
    'limit=101',
    'limit=05',
    'limit=5.0',
    'limit=1e1',
    'limit=-1',
    'limit= 5',
    'page=0',
    'page=2147483648',
    'page=99999999999',
    // dates out of order (400 from the route)
    'date_from=2024-01-02&date_to=2024-01-01',
  ];
  for (const search of refused) assert.equal(readMatchListQuery(search), undefined, search);
});
