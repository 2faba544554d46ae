import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { RunSummary } from '../../../src/ingest/runner.js';
import type { Storage } from '../../../src/storage/connection.js';
import { findRun } from '../../../src/storage/repositories/ingestion-run.repository.js';
import { ingestFjelstul } from '../../support/fjelstul/fixtures.js';
import { FINAL, ingestSample, rows, type SampleRun } from '../../support/fjelstul/sample-run.js';

describe('fjelstul sample: statistics, lineups, squads, standings and audit', () => {
  let sample: SampleRun;
  let storage: Storage;
  let first: RunSummary;

  before(async () => {
    sample = await ingestSample();
    ({ storage, run: first } = sample);
  });

  after(() => sample.close());

  it('counts cards per side: first yellows as yellow, sendings-off as red; 0 where a match had none', async () => {
    const stats = await rows<{
      team: string;
      match_date: string;
      yellow_cards: number;
      red_cards: number;
      shots_total: null;
    }>(
      storage,
      sql`select t.name as team, s.match_date, s.yellow_cards, s.red_cards, s.shots_total
       from match_team_stats s join teams t on t.id = s.team_id order by s.match_date, t.name`,
    );
    assert.equal(stats.length, 8);
    const final = stats.filter((s) => s.match_date === '2022-12-18');
    assert.deepEqual(
      final.map((s) => [s.team, s.yellow_cards, s.red_cards, s.shots_total]),
      [
        ['Argentina', 1, 1, null],
        ['France', 2, 2, null],
      ],
    );
    assert.ok(
      stats
        .filter((s) => s.match_date !== '2022-12-18')
        .every((s) => s.yellow_cards === 0 && s.red_cards === 0),
    );
  });

  it('stores lineups, team sheets with joint managers, squads and players', async () => {
    const lineups = await rows<{ name: string; role: string; shirt_number: number | null; position: string }>(
      storage,
      sql`select p.name, l.role, l.shirt_number, l.position from match_lineups l join players p on p.id = l.player_id order by p.name`,
    );
    assert.deepEqual(lineups, [
      { name: 'Lionel Messi', role: 'starting', shirt_number: 10, position: 'right winger' },
      { name: 'Paulo Dybala', role: 'bench', shirt_number: null, position: 'FW' },
    ]);
    const sheets = await rows<{ coach_name: string; formation: null }>(
      storage,
      sql`select coach_name, formation from match_team_sheets order by coach_name`,
    );
    assert.deepEqual(sheets, [
      { coach_name: 'Didier Deschamps and Guy', formation: null },
      { coach_name: 'Lionel Scaloni', formation: null },
    ]);
    const squad = await rows<{
      name: string;
      shirt_number: number | null;
      position: string;
      date_of_birth: string | null;
    }>(
      storage,
      sql`select p.name, s.shirt_number, s.position, p.date_of_birth from squad_members s join players p on p.id = s.player_id order by p.name`,
    );
    assert.deepEqual(squad, [
      { name: 'Didi', shirt_number: null, position: 'midfielder', date_of_birth: null },
      { name: 'Lionel Messi', shirt_number: 10, position: 'forward', date_of_birth: '1987-06-24' },
    ]);
  });

  it('keeps a team in two groups of one edition apart (1950 first round and final round)', async () => {
    const table = await rows<{
      group_name: string;
      position: number;
      team: string;
      description: string | null;
    }>(
      storage,
      sql`select s.group_name, s.position, t.name as team, s.description from standings s join teams t on t.id = s.team_id order by s.group_name, s.position`,
    );
    assert.deepEqual(table, [
      { group_name: 'Final round', position: 1, team: 'United States', description: 'advanced' },
      { group_name: 'Final round', position: 2, team: 'Brazil', description: null },
      { group_name: 'Group 1', position: 1, team: 'Brazil', description: 'advanced' },
    ]);
  });

  it('rejects unusable rows with their file, row and reason, and audits every file', async () => {
    const run = await findRun(storage.db, first.runId);
    assert.ok(run);
    const got = run.rejections.map((r) => [r.artifact_uri.split('/').pop(), r.record_ref, r.reason]);
    assert.deepEqual(got, [
      ['matches.csv', 'row 5', 'unknown team T-99 (not in teams.csv or rejected there)'],
      ['matches.csv', 'row 6', 'home_team_score is not a whole number ("x")'],
      ['goals.csv', 'row 7', 'unknown match M-9999 (not in matches.csv or rejected there)'],
      ['bookings.csv', 'row 5', 'unknown player P-404 (not in players.csv or rejected there)'],
      ['player_appearances.csv', 'row 3', `team T-09 did not play in match ${FINAL}`],
    ]);
    assert.equal(first.rejected, 5);
    const matches = run.artifacts.find((a) => a.uri.endsWith('/matches.csv'));
    assert.deepEqual([matches?.records_seen, matches?.rejected], [6, 2]);
    assert.equal(run.artifacts.length, 18);
  });

  it('writes nothing on an identical re-import', async () => {
    const again = await ingestFjelstul(storage, sample.location);
    assert.equal(again.outcome, 'succeeded', again.error ?? '');
    assert.deepEqual([again.inserted, again.updated, again.rowsWritten], [0, 0, 0]);
    assert.equal(again.unchanged, first.inserted);
  });
});
