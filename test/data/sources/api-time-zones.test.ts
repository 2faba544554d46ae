// Time zones on the real data (docs/api.md, "Time zones"): the 2026 World Cup's opening day in Mexico
// City, and European days on which the clocks changed, each checked against what the raw source rows
// say, not against counts copied from an answer.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { dayWindow } from '../../../src/representation/zoned-time.js';
import { listMatchesAsJson, type MatchFilter } from '../../../src/storage/repositories/match.repository.js';
import { competitionId, openRealData, type RealData } from '../../support/sources/real-data.js';
import { DATA, needsSharedData, SHARED_AVAILABLE } from '../../support/shared-data.js';

interface Match {
  id: string;
  starts_at: string;
  starts_at_precision: 'date' | 'datetime';
  home_team: { name: string };
  away_team: { name: string };
}

interface RawMatch {
  date: string;
  time?: string;
  team1: string;
  team2: string;
}

const rawMatches = (file: string) =>
  (JSON.parse(fs.readFileSync(file, 'utf8')) as { matches: RawMatch[] }).matches;

/** The local date of an instant in a zone, from Intl directly (en-CA writes YYYY-MM-DD). */
const localDate = (ms: number, zone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ms);

/** worldcup.json's kick-off, "13:00 UTC-6" on a date, as an instant. */
function worldCupInstant(m: RawMatch): number {
  const found = /^(\d\d):(\d\d) UTC([+-])(\d{1,2})$/.exec(m.time ?? '');
  assert.ok(found, `a kick-off with its offset: ${m.time}`);
  const [, hh, mm, sign, hours] = found;
  return Date.parse(`${m.date}T${hh}:${mm}:00${sign}${hours!.padStart(2, '0')}:00`);
}

describe('sources: time zones through the API', () => {
  let real: RealData;

  before(async () => {
    if (!SHARED_AVAILABLE) return;
    real = await openRealData('time-zones-api.db');
  });
  after(() => real?.close());

  const day = async (query: string) =>
    (
      await real.api.get<{ data: Match[]; meta: { has_more: boolean } }>(
        `/football/matches?limit=100&${query}`,
      )
    ).data;

  it('date=2026-06-11&tz=America/Mexico_City is the opening day of the 2026 World Cup, Mexico first', async (t) => {
    if (!needsSharedData(t)) return;
    const zone = 'America/Mexico_City';
    const raw = rawMatches(path.join(DATA.worldcupJson, '2026', 'worldcup.json'));
    const expected = raw
      .map(worldCupInstant)
      .filter((ms) => localDate(ms, zone) === '2026-06-11')
      .sort((a, b) => a - b);
    assert.ok(expected.length > 0);
    const wc = await competitionId(real.storage, 'fifa.wc');
    const matches = await day(`competition_id=${wc}&date=2026-06-11&tz=${zone}`);
    assert.deepEqual(
      matches.map((m) => Date.parse(m.starts_at)),
      expected,
      'the kick-offs of that local day',
    );
    const opening = matches[0]!;
    assert.equal(opening.home_team.name, 'Mexico');
    assert.equal(opening.away_team.name, 'South Africa');
    assert.equal(opening.starts_at, '2026-06-11T13:00:00-06:00');
    // Every competition's list of that day has it too; in UTC the day is another window.
    const all = await day(`date=2026-06-11&tz=${zone}`);
    assert.ok(all.some((m) => m.id === opening.id));
    const utc = await day(`competition_id=${wc}&date=2026-06-11`);
    assert.deepEqual(
      utc.map((m) => Date.parse(m.starts_at)),
      raw
        .map(worldCupInstant)
        .filter((ms) => localDate(ms, 'UTC') === '2026-06-11')
        .sort((a, b) => a - b),
    );
  });

  // football.json gives each league's kick-offs in the league's own local time, so a local day's matches
  // are the source rows of that date. London fell back on 29 October 2023 (a 25-hour day); Berlin sprang
  // forward on 31 March 2024 (23 hours).
  const CHANGES: Array<[string, string, string, string[]]> = [
    ['en.1', 'Europe/London', '2023-24', ['2023-10-28', '2023-10-29', '2023-10-30']],
    ['de.1', 'Europe/Berlin', '2023-24', ['2024-03-30', '2024-03-31', '2024-04-01']],
    ['en.1', 'Europe/London', '2023-24', ['2024-03-30', '2024-03-31']],
  ];
  for (const [code, zone, season, dates] of CHANGES) {
    it(`${code} in ${zone}: ${dates.join(', ')} are the source's matches of each local day`, async (t) => {
      if (!needsSharedData(t)) return;
      const raw = rawMatches(path.join(DATA.footballJson, season, `${code}.json`));
      const competition = await competitionId(real.storage, code);
      for (const date of dates) {
        const expected = raw
          .filter((m) => m.date === date)
          .map((m) => m.time ?? 'date only')
          .sort();
        const matches = await day(`competition_id=${competition}&date=${date}&tz=${zone}`);
        assert.deepEqual(
          matches
            .map((m) => (m.starts_at_precision === 'date' ? 'date only' : m.starts_at.slice(11, 16)))
            .sort(),
          expected,
          `${code} ${date}`,
        );
        for (const m of matches) {
          assert.equal(m.starts_at.slice(0, 10), date, `${m.id} ${m.starts_at}`);
          assert.equal(localDate(Date.parse(m.starts_at), zone), date, `${m.id} ${m.starts_at}`);
        }
      }
    });
  }

  it('a day with its clocks changed is 23 or 25 hours of kick-offs, as the offsets say', async (t) => {
    if (!needsSharedData(t)) return;
    const competition = await competitionId(real.storage, 'en.1');
    const matches = await day(`competition_id=${competition}&date=2023-10-29&tz=Europe/London`);
    // After 01:00Z on 29 October London is on GMT: every Sunday kick-off shows +00:00.
    assert.ok(matches.length > 0);
    assert.ok(
      matches.every((m) => m.starts_at.endsWith('+00:00')),
      JSON.stringify(matches.map((m) => m.starts_at)),
    );
    const saturday = await day(`competition_id=${competition}&date=2023-10-28&tz=Europe/London`);
    assert.ok(saturday.every((m) => m.starts_at.endsWith('+01:00')));
  });

  it('a local day is an index range of kick-off order, alone and with a team', async (t) => {
    if (!needsSharedData(t)) return;
    const storage = real.storage;
    if (storage.engine !== 'sqlite') {
      t.skip('SQLite plans from the statistics each run refreshes; PostgreSQL from its own');
      return;
    }
    const team = await storage.db
      .selectFrom('teams')
      .select('id')
      .where('name', '=', 'Manchester United FC')
      .executeTakeFirstOrThrow();
    const { readNow, readColumnNow } = storage;
    const plans: string[] = [];
    storage.readColumnNow = (query) => {
      plans.push(
        (readNow!({ ...query, sql: `explain query plan ${query.sql}` }) as Array<{ detail: string }>)
          .map((step) => step.detail)
          .join(' | '),
      );
      return readColumnNow!(query);
    };
    const localDay = { date: '2023-10-29', ...dayWindow('2023-10-29', 'Europe/London') };
    try {
      for (const filter of [{ localDay }, { localDay, teamId: team.id }] as MatchFilter[]) {
        await listMatchesAsJson(storage, filter, { page: 1, limit: 25 });
      }
    } finally {
      storage.readColumnNow = readColumnNow;
    }
    assert.equal(plans.length, 2);
    assert.match(
      plans[0]!,
      /USING (COVERING )?INDEX matches_order \(starts_at>\? AND starts_at<\?\)/,
      plans[0],
    );
    assert.match(plans[1]!, /INDEX matches_home_team_id_\w+ \(home_team_id=\?/, plans[1]);
    assert.match(plans[1]!, /INDEX matches_away_team_id_\w+ \(away_team_id=\?/, plans[1]);
    for (const plan of plans) assert.doesNotMatch(plan, /SCAN matches\b/, plan);
  });
});
