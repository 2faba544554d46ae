// What an ingestion run's writes invalidate (src/ingest/run-invalidation.ts): the records written and the
// records whose answers show a written row, or everything for a change that shows in answers about records
// it does not name.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { emptyDetails, type CanonicalBatch } from '../../../src/ingest/canonical.js';
import { runInvalidation, type RunWrites } from '../../../src/ingest/run-invalidation.js';
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

function batch(): CanonicalBatch {
  const details = emptyDetails();
  details.events.push({ id: 'ev1', match_id: 'match_b' } as (typeof details.events)[number]);
  details.standings.push({ id: 'st1', season_id: 'season_t' } as (typeof details.standings)[number]);
  return {
    competitions: [],
    seasons: [],
    teams: [],
    aliases: [],
    matches: [
      { id: 'match_a', season_id: 'season_a' },
      { id: 'match_z', season_id: 'season_z' },
    ] as CanonicalBatch['matches'],
    details,
    rejections: [],
    artifacts: [],
    notes: [],
    wholeSeasons: [],
  };
}

function writes(change: Partial<RunWrites> & { detail?: Partial<RunWrites['details']> } = {}): RunWrites {
  const details = Object.fromEntries(
    Object.keys(emptyDetails()).map((name) => [name, result()]),
  ) as RunWrites['details'];
  return {
    competitions: result(),
    seasons: result(),
    teams: result(),
    matches: result(),
    derived: { competitions: [], seasons: [], detailFlagTurned: false },
    removed: [],
    linksChanged: false,
    ...change,
    details: { ...details, ...change.detail },
  };
}

const named = (w: RunWrites) => {
  const invalidation = runInvalidation(batch(), w);
  return invalidation.everything ? 'everything' : [...invalidation.records].sort();
};

test('a run names the matches it wrote, their seasons, the matches of detail rows and what it counted', () => {
  const w = writes({
    matches: result({ match_a: 'updated', match_z: 'unchanged' }),
    teams: result({ team_new: 'inserted' }),
    derived: { competitions: ['comp_c'], seasons: ['season_d'], detailFlagTurned: false },
    detail: {
      events: result({ ev1: 'inserted' }),
      standings: result({ st1: 'updated' }),
      squadMembers: result({ sq1: 'inserted' }),
    },
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
  assert.deepEqual(named(writes({ removed: [{ id: 'match_gone', seasonId: 'season_g' }] })), [
    'match_gone',
    'season_g',
  ]);
});

test('a run that wrote rows naming no record (a squad) still invalidates answers about many records', () => {
  assert.deepEqual(named(writes({ detail: { squadMembers: result({ sq1: 'inserted' }) } })), []);
});

test('a change that shows in answers about records it does not name invalidates everything', () => {
  const cases: Array<[string, RunWrites]> = [
    ['a team edited', writes({ teams: result({ team_a: 'updated' }) })],
    ['a competition edited', writes({ competitions: result({ comp_a: 'updated' }) })],
    ['a season edited', writes({ seasons: result({ season_a: 'updated' }) })],
    ['a player edited', writes({ detail: { players: result({ player_a: 'updated' }) } })],
    ['team statistics written', writes({ detail: { teamStats: result({ ts1: 'inserted' }) } })],
    ['a scorer linked', writes({ linksChanged: true })],
    [
      'a coverage flag turned',
      writes({ derived: { competitions: ['comp_c'], seasons: [], detailFlagTurned: true } }),
    ],
  ];
  for (const [what, w] of cases) assert.equal(named(w), 'everything', what);
});

test('a player added (not edited) is no change to other answers', () => {
  assert.deepEqual(named(writes({ detail: { players: result({ player_a: 'inserted' }) } })), []);
});
