import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { RunSummary } from '../../../src/ingest/runner.js';
import type { Storage } from '../../../src/storage/connection.js';
import { findRun } from '../../../src/storage/repositories/ingestion-run.repository.js';
import { ingestFjelstul, openDb, tempDir } from '../../support/fjelstul/fixtures.js';
import { DATA as SHARED_DATA, needsSharedData, SHARED_AVAILABLE } from '../../support/shared-data.js';

const DATA = SHARED_DATA.fjelstul;
const AVAILABLE = SHARED_AVAILABLE;

/** Data rows of a CSV file (its records less the header; no field of this dataset spans lines). */
function dataRows(table: string): number {
  const text = fs.readFileSync(path.join(DATA, 'data-csv', `${table}.csv`), 'utf8');
  return text.split('\n').filter((l) => l.trim() !== '').length - 1;
}

async function rows<T>(storage: Storage, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await query.execute(storage.db)).rows as T[];
}

describe('fjelstul: the full World Cup database', () => {
  const tmp = tempDir();
  let storage: Storage;
  let first: RunSummary;
  let final: Record<string, unknown>;

  before(async () => {
    if (!AVAILABLE) return;
    storage = await openDb();
    first = await ingestFjelstul(storage, DATA);
    const found = await rows<Record<string, unknown>>(
      storage,
      sql`select m.*, h.name as home, a.name as away from matches m
          join teams h on h.id = m.home_team_id join teams a on a.id = m.away_team_id
          where m.local_date = '2022-12-18'`,
    );
    final = found[0] ?? {};
  });

  after(async () => {
    if (AVAILABLE) await storage.close();
    tmp.cleanup();
  });

  it('ingests every table without rejections, every match once, each with a kick-off time', async (t) => {
    if (!needsSharedData(t)) return;
    assert.equal(first.outcome, 'succeeded', first.error ?? '');
    t.diagnostic(
      `full ingest: ${first.durationMs} ms, ${first.inserted} records inserted, ${first.rowsWritten} rows written`,
    );
    assert.equal(first.rejected, 0);
    const run = await findRun(storage.db, first.runId);
    for (const a of run!.artifacts) {
      const table = path.basename(a.uri, '.csv');
      assert.equal(a.records_seen, dataRows(table), a.uri);
    }
    const [m] = await rows<{ n: number; timed: number }>(
      storage,
      sql`select count(*) as n, sum(time_known) as timed from matches`,
    );
    assert.deepEqual([Number(m?.n), Number(m?.timed)], [dataRows('matches'), dataRows('matches')]);
    assert.ok(!first.notes.some((n) => n.includes('no time zone')), first.notes.join('\n'));
  });

  it('has the 2022 final once: Argentina 3-3 France after extra time, 4-2 on penalties', async (t) => {
    if (!needsSharedData(t)) return;
    assert.ok(final);
    assert.deepEqual(
      [final.home, final.away, final.home_score, final.away_score, final.pen_home, final.pen_away],
      ['Argentina', 'France', 3, 3, 4, 2],
    );
    assert.deepEqual([final.ft_home, final.ft_away, final.ht_home, final.ht_away], [2, 2, 2, 0]);
    assert.equal(final.starts_at, '2022-12-18T15:00:00Z');
    const [sources] = await rows<{ n: number }>(
      storage,
      sql`select count(*) as n from match_sources where match_id = ${final.id as string}`,
    );
    assert.equal(Number(sources?.n), 1);
  });

  it('gives the final its six goals and the shoot-out kicks', async (t) => {
    if (!needsSharedData(t)) return;
    const events = await rows<{
      type: string;
      label: string | null;
      player: string;
      team: string;
      detail: string;
    }>(
      storage,
      sql`select e.type, e.label, p.name as player, t.name as team, e.detail from match_events e
          join players p on p.id = e.player_id join teams t on t.id = e.team_id
          where e.match_id = ${final.id as string} order by e.sort_key`,
    );
    const goals = events
      .filter((e) => e.type.endsWith('goal'))
      .map((e) => `${e.player} ${e.label} ${e.type}`);
    assert.deepEqual(goals, [
      "Lionel Messi 23' penalty_goal",
      "Ángel Di María 36' goal",
      "Kylian Mbappé 80' penalty_goal",
      "Kylian Mbappé 81' goal",
      "Lionel Messi 108' goal",
      "Kylian Mbappé 118' penalty_goal",
    ]);
    const kicks = events
      .filter((e) => e.type === 'shootout_kick')
      .map((e) => `${e.team} ${e.player} ${e.detail}`);
    assert.deepEqual(kicks, [
      'Argentina Lionel Messi scored',
      'France Kylian Mbappé scored',
      'Argentina Paulo Dybala scored',
      'France Kingsley Coman missed',
      'Argentina Leandro Paredes scored',
      'France Aurélien Tchouaméni missed',
      'Argentina Gonzalo Montiel scored',
      'France Randal Kolo Muani scored',
    ]);
  });

  it('has both starting elevens of the final and their coaches', async (t) => {
    if (!needsSharedData(t)) return;
    const elevens = await rows<{ team: string; n: number }>(
      storage,
      sql`select t.name as team, count(*) as n from match_lineups l join teams t on t.id = l.team_id
          where l.match_id = ${final.id as string} and l.role = 'starting' group by t.name order by t.name`,
    );
    assert.deepEqual(
      elevens.map((e) => [e.team, Number(e.n)]),
      [
        ['Argentina', 11],
        ['France', 11],
      ],
    );
    const coaches = await rows<{ coach_name: string }>(
      storage,
      sql`select coach_name from match_team_sheets where match_id = ${final.id as string} order by coach_name`,
    );
    assert.deepEqual(
      coaches.map((c) => c.coach_name),
      ['Didier Deschamps', 'Lionel Scaloni'],
    );
  });

  it("has Argentina's 26-player 2022 squad and the 1930 Group 1 table", async (t) => {
    if (!needsSharedData(t)) return;
    const [squad] = await rows<{ n: number }>(
      storage,
      sql`select count(*) as n from squad_members s join teams t on t.id = s.team_id
          join seasons se on se.id = s.season_id join competitions c on c.id = se.competition_id
          where t.name = 'Argentina' and se.key = '2022' and c.code = 'fifa.wc'`,
    );
    assert.equal(Number(squad?.n), 26);
    const table = await rows<{ team: string; position: number; points: number }>(
      storage,
      sql`select t.name as team, s.position, s.points from standings s join teams t on t.id = s.team_id
          join seasons se on se.id = s.season_id join competitions c on c.id = se.competition_id
          where se.key = '1930' and c.code = 'fifa.wc' and s.group_name = 'Group 1' order by s.position`,
    );
    assert.deepEqual(table[0], { team: 'Argentina', position: 1, points: 6 });
    assert.equal(table.length, 4);
  });

  it('writes nothing when the same data is ingested again', async (t) => {
    if (!needsSharedData(t)) return;
    const again = await ingestFjelstul(storage, DATA);
    assert.equal(again.outcome, 'succeeded', again.error ?? '');
    t.diagnostic(`re-import: ${again.durationMs} ms`);
    assert.deepEqual([again.inserted, again.updated, again.rowsWritten], [0, 0, 0]);
  });
});
