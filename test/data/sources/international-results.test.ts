// The international results with every other source (../shared/data): each World Cup match 1930-2022
// once, with the same score from every source that has it; the 2022 final, the 1950 decider and the first
// international of 1872 through the API; coverage and attribution; an identical re-import writes nothing.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { toMatch } from '../../../src/api/mappers.js';
import { parseCsv } from '../../../src/ingest/artifacts/csv.js';
import { readArtifact } from '../../../src/ingest/artifacts/read-artifact.js';
import { nationalTeam } from '../../../src/ingest/identity/national-teams.js';
import { loadFiles } from '../../../src/ingest/international-results/files.js';
import { FormerNames } from '../../../src/ingest/international-results/former-names.js';
import { TeamBook } from '../../../src/ingest/international-results/teams.js';
import { listMatches, listMatchesAsJson } from '../../../src/storage/repositories/match.repository.js';
import { competitionId, openRealData, type RealData } from '../../support/sources/real-data.js';
import { DATA, needsSharedData, SHARED_AVAILABLE } from '../../support/shared-data.js';
import { ingestOk } from '../../support/sources/storage.js';

const IR = 'martj42/international_results';
type Ref = { id: string | null; name: string } | null;
interface MatchBody {
  id: string;
  starts_at: string;
  starts_at_precision: string;
  home_team: { id: string; name: string; score: number | null };
  away_team: { id: string; name: string; score: number | null };
  venue: { name: string | null; city: string | null; country: string | null; neutral: boolean | null } | null;
}
interface Timeline {
  data: {
    coverage: { timeline_available: boolean };
    attribution: Array<{ source: string; license: string }>;
    events: Array<{ type: string; label: string | null; team: Ref; player: Ref }>;
  };
}

/** Each source's own score of its World Cup matches, by its key in match_sources, as team ID -> goals. */
async function sourceScores(): Promise<Map<string, Map<string, Map<string, number>>>> {
  const bySource = new Map<string, Map<string, Map<string, number>>>();
  const add = (source: string, key: string, scores: Array<[string, number]>) => {
    const map = bySource.get(source) ?? new Map<string, Map<string, number>>();
    map.set(key, new Map(scores));
    bySource.set(source, map);
  };
  const team = (name: string) => nationalTeam(name, false)!.teamId;

  const fjelstul = path.join(DATA.fjelstul, 'data-csv/matches.csv');
  const matches = parseCsv(fs.readFileSync(fjelstul, 'utf8'), fjelstul);
  const at = (name: string) => matches.header.indexOf(name);
  for (const { fields: f } of matches.records) {
    add('fjelstul/worldcup', f[at('match_id')]!, [
      [team(f[at('home_team_code')]!), Number(f[at('home_team_score')])],
      [team(f[at('away_team_code')]!), Number(f[at('away_team_score')])],
    ]);
  }

  for (const year of fs.readdirSync(DATA.worldcupJson).filter((y) => /^\d{4}$/.test(y))) {
    const file = path.join(DATA.worldcupJson, year, 'worldcup.json');
    if (!fs.existsSync(file)) continue;
    const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as { matches: Array<Record<string, unknown>> };
    doc.matches.forEach((m, index) => {
      const score = m.score as { ft?: number[]; et?: number[] } | undefined;
      const final = score?.et ?? score?.ft;
      if (!final) return;
      add('openfootball/worldcup.json', `${year}/worldcup.json#${index}`, [
        [team(m.team1 as string), final[0]!],
        [team(m.team2 as string), final[1]!],
      ]);
    });
  }

  // The adapter's own reading of names: a former name can be another team (Russia in 1966).
  const artifact = await readArtifact(DATA.internationalResults);
  const sheets = loadFiles(artifact.files, []).sheets;
  const former = new FormerNames();
  former.load(sheets.get('formerNames')!);
  const teams = new TeamBook(former);
  for (const row of sheets.get('results')!.rows) {
    if (row.text('tournament') !== 'FIFA World Cup') continue;
    const [date, home, away] = [row.text('date'), row.text('home_team'), row.text('away_team')];
    add(IR, `${date}|${home}|${away}`, [
      [teams.resolve(home, date)!.teamId, Number(row.text('home_score'))],
      [teams.resolve(away, date)!.teamId, Number(row.text('away_score'))],
    ]);
  }
  return bySource;
}

describe('sources: the international results with every source', () => {
  let real: RealData;
  let wc: string;

  before(async () => {
    if (!SHARED_AVAILABLE) return;
    real = await openRealData('international-results.db');
    wc = await competitionId(real.storage, 'fifa.wc');
  });
  after(() => real?.close());

  const onDay = async (competition: string, date: string) =>
    (
      await real.api.get<{ data: MatchBody[] }>(
        `/football/matches?competition_id=${competition}&date_from=${date}&date_to=${date}`,
      )
    ).data;

  it('has every World Cup match of 1930-2022 once, with the same score from every source that has it', async (t) => {
    if (!needsSharedData(t)) return;
    const stored = await real.storage.db
      .selectFrom('matches')
      .select(['id', 'home_team_id', 'away_team_id', 'home_score', 'away_score', 'status'])
      .where('competition_id', '=', wc)
      .where('local_date', '<=', '2022-12-31')
      .execute();
    const provenance = await real.storage.db
      .selectFrom('match_sources')
      .select(['match_id', 'source', 'source_key'])
      .where(
        'match_id',
        'in',
        stored.map((m) => m.id),
      )
      .execute();
    const played = stored.filter((m) => m.status === 'finished');
    // 964 matches played, and Sweden v Austria of 1938, cancelled (worldcup.json alone lists it).
    assert.deepEqual([stored.length, played.length], [965, 964]);
    const scores = await sourceScores();
    const checked = new Map<string, number>();
    for (const m of played) {
      const known = provenance.filter((p) => p.match_id === m.id);
      assert.deepEqual(
        known.map((p) => p.source).sort(),
        ['fjelstul/worldcup', IR, 'openfootball/worldcup.json'],
        `${m.id} is known to every source`,
      );
      for (const p of known) {
        const score = scores.get(p.source)?.get(p.source_key);
        assert.ok(score, `${p.source} ${p.source_key}`);
        assert.deepEqual(
          [score.get(m.home_team_id), score.get(m.away_team_id)],
          [m.home_score, m.away_score],
          `${p.source} ${p.source_key}: the stored score`,
        );
        checked.set(p.source, (checked.get(p.source) ?? 0) + 1);
      }
    }
    t.diagnostic(`scores compared: ${[...checked].map(([s, n]) => `${s} ${n}`).join(', ')}`);
  });

  it('serves the 2022 final once with its venue and goals', async (t) => {
    if (!needsSharedData(t)) return;
    const [final, ...others] = await onDay(wc, '2022-12-18');
    assert.equal(others.length, 0);
    assert.deepEqual(
      [final!.home_team.name, final!.home_team.score, final!.away_team.name, final!.away_team.score],
      ['Argentina', 3, 'France', 3],
    );
    assert.deepEqual(final!.venue, {
      name: 'Lusail Stadium',
      city: 'Lusail',
      country: 'Qatar',
      neutral: true,
    });
    const timeline = await real.api.get<Timeline>(`/football/matches/${final!.id}/timeline`);
    const goals = timeline.data.events.filter((e) => e.type.endsWith('goal'));
    assert.equal(goals.length, 6);
    assert.deepEqual(
      timeline.data.attribution.map((a) => a.source),
      ['fjelstul/worldcup'],
    );
  });

  it('serves the 1950 decider, Uruguay 2-1 Brazil, with its goals', async (t) => {
    if (!needsSharedData(t)) return;
    const decider = (await onDay(wc, '1950-07-16')).find((m) => m.home_team.name === 'Uruguay');
    assert.ok(decider);
    assert.deepEqual(
      [decider.home_team.name, decider.home_team.score, decider.away_team.name, decider.away_team.score],
      ['Uruguay', 2, 'Brazil', 1],
    );
    const timeline = await real.api.get<Timeline>(`/football/matches/${decider.id}/timeline`);
    assert.deepEqual(
      timeline.data.events.map((e) => `${e.label} ${e.player?.name} (${e.team?.name})`),
      ["47' Friaça (Brazil)", "66' Juan Alberto Schiaffino (Uruguay)", "79' Alcides Ghiggia (Uruguay)"],
    );
  });

  it('serves the first international, Scotland 0-0 England in 1872, with its date only', async (t) => {
    if (!needsSharedData(t)) return;
    const friendlies = await competitionId(real.storage, 'intl.friendly');
    const [first, ...others] = await onDay(friendlies, '1872-11-30');
    assert.equal(others.length, 0);
    assert.deepEqual(
      [first!.home_team.name, first!.home_team.score, first!.away_team.name, first!.away_team.score],
      ['Scotland', 0, 'England', 0],
    );
    assert.deepEqual([first!.starts_at, first!.starts_at_precision], ['1872-11-30T00:00:00Z', 'date']);
    assert.deepEqual(first!.venue, { name: null, city: 'Glasgow', country: 'Scotland', neutral: false });
    const timeline = await real.api.get<Timeline>(`/football/matches/${first!.id}/timeline`);
    assert.deepEqual(timeline.data.events, []);
  });

  it("links a named scorer to the World Cup sources' player: Di María in the 2021 Copa América final", async (t) => {
    if (!needsSharedData(t)) return;
    const copa = await competitionId(real.storage, 'conmebol.copa');
    const [final] = await onDay(copa, '2021-07-10');
    const timeline = await real.api.get<Timeline>(`/football/matches/${final!.id}/timeline`);
    const [goal] = timeline.data.events;
    assert.equal(goal!.label, "22'");
    assert.equal(goal!.player?.name, 'Ángel Di María');
    assert.match(goal!.player?.id ?? '', /^player_/);
    assert.deepEqual(
      timeline.data.attribution.map((a) => [a.source, a.license]),
      [[IR, 'CC0 1.0']],
    );
  });

  it('covers the new competitions and names the source with its licence', async (t) => {
    if (!needsSharedData(t)) return;
    const afcon = await competitionId(real.storage, 'caf.afcon');
    const coverage = await real.api.get<{
      data: { competition: { name: string }; available: Record<string, boolean>; seasons: unknown[] };
    }>(`/coverage/leagues/${afcon}`);
    assert.equal(coverage.data.competition.name, 'Africa Cup of Nations');
    assert.deepEqual(
      [coverage.data.available.fixtures, coverage.data.available.results, coverage.data.available.timeline],
      [true, true, true],
    );
    // 35 editions, 1957-2025 (the 2025 one ended in January 2026).
    assert.equal(coverage.data.seasons.length, 35);
    const summary = await real.api.get<{
      data: {
        competitions: number;
        sources: Array<{ source: string; attribution: { license: string } | null }>;
      };
    }>('/coverage/summary');
    const source = summary.data.sources.find((s) => s.source === 'international-results');
    assert.equal(source?.attribution?.license, 'CC0 1.0');
  });

  it("stores each match's JSON (venue with city, country, neutral) as the API mapper writes it", async (t) => {
    if (!needsSharedData(t)) return;
    const seasons = await real.storage.db
      .selectFrom('seasons')
      .innerJoin('competitions', 'competitions.id', 'seasons.competition_id')
      .select('seasons.id')
      .where((eb) =>
        eb.or([
          eb('competitions.code', 'in', ['fifa.wc', 'caf.afcon', 'uefa.nl']),
          eb.and([eb('competitions.code', '=', 'intl.friendly'), eb('seasons.key', 'in', ['1872', '2019'])]),
        ]),
      )
      .execute();
    let compared = 0;
    for (const { id: seasonId } of seasons) {
      for (let page = 1; ; page += 1) {
        const request = { page, limit: 100 };
        const rows = await listMatches(real.storage, { seasonId }, request);
        const json = await listMatchesAsJson(real.storage, { seasonId }, request);
        assert.deepEqual(
          json?.rows,
          rows.rows.map((row) => JSON.stringify(toMatch(row))),
        );
        compared += rows.rows.length;
        if (!rows.hasMore) break;
      }
    }
    assert.ok(compared > 2500, `${compared} matches compared`);
  });

  it('writes nothing on an identical re-import of the international results', async (t) => {
    if (!needsSharedData(t)) return;
    const started = Date.now();
    const again = await ingestOk(real.storage, 'international-results', DATA.internationalResults);
    t.diagnostic(`identical re-import in ${Date.now() - started} ms (the bench budget is 2 s for the CLI)`);
    assert.deepEqual([again.inserted, again.updated, again.rowsWritten], [0, 0, 0]);
    // Every row of the three files, of which one result repeats another's key and one shoot-out names a
    // match the results do not have; every tournament name is in the table (no fallback note).
    assert.deepEqual([again.recordsSeen, again.rejected], [49_520 + 47_914 + 683, 2]);
    assert.deepEqual(
      again.notes.filter((n) => n.includes('fallback')),
      [],
    );
  });
});
