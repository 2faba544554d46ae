import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it, type TestContext } from 'node:test';
import { nationalTeam } from '../../../src/ingest/identity/national-teams.js';
import { tournamentMatchId, tournamentSeasonId } from '../../../src/ingest/identity/tournament-identity.js';
import type { RunSummary } from '../../../src/ingest/runner.js';
import { findRun } from '../../../src/storage/repositories/ingestion-run.repository.js';
import {
  FJELSTUL_MATCHES,
  WORLDCUP_JSON,
  count,
  ingestWorldcupJson,
  needsData,
  openTempStorage,
  worldcupMatchFiles,
  type TempStorage,
} from '../../support/worldcup-json.js';

const AVAILABLE = fs.existsSync(WORLDCUP_JSON);
const team = (name: string) => nationalTeam(name, false)!.teamId;

describe('worldcup.json ingestion: the full repository', () => {
  let storage: TempStorage;
  let first: RunSummary;
  let elapsedMs = 0;

  before(async () => {
    if (!AVAILABLE) return;
    storage = await openTempStorage();
    const started = Date.now();
    first = await ingestWorldcupJson(storage, WORLDCUP_JSON, { now: '2026-08-01T00:00:00Z' });
    elapsedMs = Date.now() - started;
  });

  after(async () => {
    if (AVAILABLE) await storage.close();
  });

  const ready = (t: TestContext) => needsData(t, WORLDCUP_JSON);

  it('stores every match of every match file, rejecting none', async (t) => {
    if (!ready(t)) return;
    assert.equal(first.outcome, 'succeeded', first.error ?? '');
    const entries = worldcupMatchFiles().reduce((n, f) => n + f.matches.length, 0);
    assert.equal(entries, 1149); // 1,133 in the World Cup and Club World Cup files, 16 play-offs
    assert.equal(await count(storage, 'matches'), entries);
    const run = await findRun(storage.db, first.runId);
    assert.deepEqual(run?.rejections, []);
    assert.equal(first.rejected, 0);
    assert.ok(elapsedMs < 30_000, `took ${elapsedMs} ms`);
  });

  it('has the 2022 final once: 3-3 after extra time, 4-2 on penalties, six goals at the right minutes', async (t) => {
    if (!ready(t)) return;
    const id = tournamentMatchId('fifa.wc', '2022', '2022-12-18', team('Argentina'), team('France'));
    const finals = await storage.db
      .selectFrom('matches')
      .selectAll()
      .where('season_id', '=', tournamentSeasonId('fifa.wc', '2022'))
      .where('round', '=', 'Final')
      .execute();
    assert.deepEqual(
      finals.map((m) => [m.id, m.home_score, m.away_score, m.pen_home, m.pen_away, m.status]),
      [[id, 3, 3, 4, 2, 'finished']],
    );
    const goals = await storage.db
      .selectFrom('match_events')
      .selectAll()
      .where('match_id', '=', id)
      .orderBy('sort_key')
      .execute();
    assert.deepEqual(
      goals.map((g) => `${g.label} ${g.type} ${g.team_id === team('Argentina') ? 'ARG' : 'FRA'}`),
      [
        "23' penalty_goal ARG",
        "36' goal ARG",
        "80' penalty_goal FRA",
        "81' goal FRA",
        "108' goal ARG",
        "118' penalty_goal FRA",
      ],
    );
  });

  it('resolves the teams of every match file', async (t) => {
    if (!ready(t)) return;
    const unresolved = worldcupMatchFiles()
      .filter((f) => !f.path.endsWith('clubworldcup.json'))
      .flatMap((f) => f.matches.flatMap((m) => [m.team1, m.team2] as string[]))
      .filter((name) => !nationalTeam(name, false));
    assert.deepEqual(unresolved, []);
    // 33 Club World Cup clubs beside the national teams.
    const clubs = await storage.db
      .selectFrom('teams')
      .select('id')
      .where('name_season', '=', '2025')
      .execute();
    assert.equal(clubs.length, 33);
  });

  it('stores the 2026 squads: 48 teams of 26 players', async (t) => {
    if (!ready(t)) return;
    const perTeam = await storage.db
      .selectFrom('squad_members')
      .select(['team_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('season_id', '=', tournamentSeasonId('fifa.wc', '2026'))
      .groupBy('team_id')
      .execute();
    assert.equal(perTeam.length, 48);
    assert.ok(perTeam.every((r) => Number(r.n) === 26));
  });

  it('writes 0 rows when ingested again', async (t) => {
    if (!ready(t)) return;
    const again = await ingestWorldcupJson(storage, WORLDCUP_JSON, { now: '2026-08-01T00:00:00Z' });
    assert.equal(again.outcome, 'succeeded', again.error ?? '');
    assert.deepEqual([again.inserted, again.updated, again.rowsWritten], [0, 0, 0]);
    assert.equal(again.unchanged, first.inserted);
  });

  it("gives each men's match of the Fjelstul database the ID of a worldcup.json match", async (t) => {
    if (!ready(t) || !needsData(t, FJELSTUL_MATCHES)) return;
    const [header, ...rows] = fs.readFileSync(FJELSTUL_MATCHES, 'utf8').trim().split('\n').map(csvFields);
    const at = (name: string) => header!.indexOf(name);
    const men = rows.filter((r) => !/women's/i.test(r[at('tournament_name')]!));
    assert.equal(men.length, 964);
    const stored = new Set((await storage.db.selectFrom('matches').select('id').execute()).map((m) => m.id));
    const missing = men
      .map((r) => {
        const [date, home, away] = [r[at('match_date')]!, r[at('home_team_code')]!, r[at('away_team_code')]!];
        const id = tournamentMatchId('fifa.wc', date.slice(0, 4), date, team(home), team(away));
        return stored.has(id) ? null : `${date} ${home} v ${away}`;
      })
      .filter((m) => m !== null);
    assert.deepEqual(missing, []);
  });
});

/** One CSV line's fields: quoted where they hold a comma or a quote (the Fjelstul files' style). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i]!;
    if (quoted && ch === '"' && line[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  fields.push(field);
  return fields;
}
