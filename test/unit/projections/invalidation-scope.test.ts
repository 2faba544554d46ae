// What a transaction's writes invalidate (src/projections/invalidation-scope.ts): the records written and the
// records whose answers show a written row, or everything for a change that shows in answers about records
// it does not name.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CountsWritten } from '../../../src/projections/count-moves.js';
import { invalidationScope } from '../../../src/projections/invalidation-scope.js';
import type { TableWrites, Written, WrittenTable } from '../../../src/projections/written.js';
import type { SyncResult } from '../../../src/storage/repositories/record-sync.js';

type Outcome = 'inserted' | 'updated' | 'unchanged';

function result(outcomes: Record<string, Outcome> = {}): SyncResult {
  const outcome = new Map(Object.entries(outcomes));
  const count = (what: Outcome) => [...outcome.values()].filter((o) => o === what).length;
  return {
    outcome,
    previous: new Map(),
    inserted: count('inserted'),
    updated: count('updated'),
    unchanged: count('unchanged'),
  };
}

/** The records of the batch the tests' writes are of. */
const RECORDS: Partial<Record<WrittenTable, TableWrites['records']>> = {
  matches: [
    { id: 'match_a', season_id: 'season_a' },
    { id: 'match_z', season_id: 'season_z' },
  ],
  events: [{ id: 'ev1', match_id: 'match_b' }],
  standings: [{ id: 'st1', season_id: 'season_t' }],
};

interface Change {
  tables?: Partial<Record<WrittenTable, SyncResult>>;
  derived?: CountsWritten;
  removed?: Written['removed'];
  linksChanged?: boolean;
}

const NOTHING_COUNTED: CountsWritten = { competitions: [], seasons: [], detailFlagTurned: false };

function writes(change: Change = {}): { written: Written; derived: CountsWritten } {
  const tables = Object.fromEntries(
    Object.entries(change.tables ?? {}).map(([table, r]) => [
      table,
      { records: RECORDS[table as WrittenTable] ?? [], result: r },
    ]),
  );
  return {
    written: {
      at: '2024-01-01T00:00:00.000Z',
      clock: () => new Date(0),
      tables,
      removed: change.removed ?? [],
      aliasesWritten: false,
      linksChanged: change.linksChanged ?? false,
    },
    derived: change.derived ?? NOTHING_COUNTED,
  };
}

const named = (w: { written: Written; derived: CountsWritten }) => {
  const invalidation = invalidationScope(w.written, w.derived);
  return invalidation.everything ? 'everything' : [...invalidation.records].sort();
};

test('a run names the matches it wrote, their seasons, the matches of detail rows and what it counted', () => {
  const w = writes({
    tables: {
      matches: result({ match_a: 'updated', match_z: 'unchanged' }),
      teams: result({ team_new: 'inserted' }),
      events: result({ ev1: 'inserted' }),
      standings: result({ st1: 'updated' }),
      squadMembers: result({ sq1: 'inserted' }),
    },
    derived: { competitions: ['comp_c'], seasons: ['season_d'], detailFlagTurned: false },
  });
  assert.deepEqual(named(w), [
    'comp_c',
    'match_a',
    'match_b',
    'season_a',
    'season_d',
    'season_t',
    'team_new',
  ]);
});

test('a run that removed a match names it and its season', () => {
  assert.deepEqual(
    named(writes({ removed: [{ id: 'match_gone', seasonId: 'season_g', replacedBy: null }] })),
    ['match_gone', 'season_g'],
  );
});

test('a run that wrote rows naming no record (a squad) still invalidates answers about many records', () => {
  assert.deepEqual(named(writes({ tables: { squadMembers: result({ sq1: 'inserted' }) } })), []);
});

test('a change that shows in answers about records it does not name invalidates everything', () => {
  const cases: Array<[string, ReturnType<typeof writes>]> = [
    ['a team edited', writes({ tables: { teams: result({ team_a: 'updated' }) } })],
    ['a competition edited', writes({ tables: { competitions: result({ comp_a: 'updated' }) } })],
    ['a season edited', writes({ tables: { seasons: result({ season_a: 'updated' }) } })],
    ['a player edited', writes({ tables: { players: result({ player_a: 'updated' }) } })],
    ['team statistics written', writes({ tables: { teamStats: result({ ts1: 'inserted' }) } })],
    ['a scorer linked', writes({ linksChanged: true })],
    [
      'a coverage flag turned',
      writes({ derived: { competitions: ['comp_c'], seasons: [], detailFlagTurned: true } }),
    ],
  ];
  for (const [what, w] of cases) assert.equal(named(w), 'everything', what);
});

test('a player added (not edited) is no change to other answers', () => {
  assert.deepEqual(named(writes({ tables: { players: result({ player_a: 'inserted' }) } })), []);
});

test('a match changed in place (a live update) names itself and its season, whatever it changed', () => {
  const moves = { results: 0, events: 1, statistics: 0, lineups: 0, openness: false };
  const match = { id: 'match_l', competition_id: 'comp_l', season_id: 'season_l' };
  const live = (playersRenamed: boolean, derived = NOTHING_COUNTED) => {
    const w = writes({ derived });
    return { ...w, written: { ...w.written, inPlace: { match, moves, playersRenamed } } };
  };
  assert.deepEqual(named(live(false)), ['match_l', 'season_l']);
  const counted = { competitions: ['comp_l'], seasons: [], detailFlagTurned: false };
  assert.deepEqual(named(live(false, counted)), ['comp_l', 'match_l', 'season_l']);
  assert.equal(named(live(true)), 'everything', 'a player renamed by its lineups');
  assert.equal(named(live(false, { ...counted, detailFlagTurned: true })), 'everything', 'a flag turned');
});
