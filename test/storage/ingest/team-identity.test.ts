import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { stableId } from '../../../src/ingest/identity/stable-id.js';
import type { Storage } from '../../../src/storage/connection.js';
import {
  ENG_CLUBS,
  entry,
  epl,
  makeTempDir,
  removeDir,
  writeClubs,
  writeFootballJson,
} from '../../support/ingest/football-json-fixture.js';
import { ingest, matchRows, openTestStorage } from '../../support/ingest/test-storage.js';

// The same clubs spelled differently across seasons and competitions, as in football.json.
const FILES = {
  '2015-16/en.1': epl('2015-16', [
    entry('2015-08-08 12:45', 'Manchester United', 'Tottenham Hotspur', { ft: [1, 0] }),
    entry('2015-08-15 15:00', 'Chelsea', 'Manchester United', { ft: [2, 2] }, { round: 'Matchday 2' }),
    entry('2015-08-22 15:00', 'Arsenal FC', 'Spurs', { ft: [1, 1] }, { round: 'Matchday 3' }),
  ]),
  '2023-24/en.1': epl('2023-24', [
    entry('2023-08-14 20:00', 'Manchester United FC', 'Tottenham Hotspur FC', { ft: [1, 0] }),
    entry('2023-08-19 17:30', 'Chelsea FC', 'Arsenal', { ft: [1, 1] }, { round: 'Matchday 2' }),
  ]),
  '2023-24/uefa.cl': {
    name: 'UEFA Champions League 2023/24',
    matches: [
      entry(
        '2023-09-20 21:00',
        'FC Bayern München (GER)',
        'Manchester United (ENG)',
        { ft: [4, 3] },
        {
          round: 'Group A',
        },
      ),
    ],
  },
};

describe('ingestion: team identity across spellings', () => {
  let dir: string;
  let storage: Storage;

  before(async () => {
    dir = makeTempDir('teams');
    const from = writeFootballJson(dir, FILES);
    writeClubs(dir, ENG_CLUBS);
    storage = await openTestStorage();
    // No clubs option: the adapter finds the `clubs` folder beside football.json.
    const summary = await ingest(storage, from);
    assert.equal(summary.outcome, 'succeeded', summary.error ?? '');
    assert.equal(summary.rejected, 0);
  });

  after(async () => {
    await storage.close();
    removeDir(dir);
  });

  /** The stored team IDs behind the given source spellings (fixture dates are unique, so they key the entries). */
  async function teamIdsOf(spellings: string[]): Promise<Set<string>> {
    const raw = new Map(
      Object.values(FILES)
        .flatMap((f) => f.matches)
        .map((r) => [r.date, r]),
    );
    const plain = (name: string) => name.replace(/ \([A-Z]{3}\)$/, '');
    const ids = new Set<string>();
    for (const m of await matchRows(storage)) {
      const entry = raw.get(m.starts_at.slice(0, 10));
      assert.ok(entry);
      if (spellings.includes(plain(entry.team1))) ids.add(m.home_team_id);
      if (spellings.includes(plain(entry.team2))) ids.add(m.away_team_id);
    }
    return ids;
  }

  it('"Manchester United" (2015-16), "Manchester United FC" (2023-24) and "Manchester United (ENG)" are one team', async () => {
    const ids = await teamIdsOf(['Manchester United', 'Manchester United FC']);
    assert.equal(ids.size, 1);
    assert.deepEqual([...ids], [stableId('team', 'eng:=manchester united fc')]);
    const seasons = new Set(
      (await matchRows(storage))
        .filter((m) => ids.has(m.home_team_id) || ids.has(m.away_team_id))
        .map((m) => `${m.code} ${m.season}`),
    );
    assert.deepEqual([...seasons].sort(), ['en.1 2015-16', 'en.1 2023-24', 'uefa.cl 2023-24']);
  });

  it('resolves directory aliases ("Spurs") to the directory\'s club', async () => {
    assert.equal((await teamIdsOf(['Tottenham Hotspur', 'Spurs', 'Tottenham Hotspur FC'])).size, 1);
  });

  it('matches clubs the directory does not know by name, FC or not', async () => {
    assert.equal((await teamIdsOf(['Arsenal FC', 'Arsenal'])).size, 1);
  });

  it("names each team with its newest season's spelling", async () => {
    const teams = await storage.db
      .selectFrom('teams')
      .select(['name', 'name_season', 'slug', 'country_name'])
      .orderBy('name')
      .execute();
    assert.deepEqual(teams, [
      { name: 'Arsenal', name_season: '2023-24', slug: 'arsenal', country_name: 'England' },
      { name: 'Chelsea FC', name_season: '2023-24', slug: 'chelsea-fc', country_name: 'England' },
      {
        name: 'FC Bayern München',
        name_season: '2023-24',
        slug: 'fc-bayern-munchen',
        country_name: 'Germany',
      },
      {
        name: 'Manchester United FC',
        name_season: '2023-24',
        slug: 'manchester-united-fc',
        country_name: 'England',
      },
      {
        name: 'Tottenham Hotspur FC',
        name_season: '2023-24',
        slug: 'tottenham-hotspur-fc',
        country_name: 'England',
      },
    ]);
  });

  it("stores every spelling seen, and the club directory's, as aliases of its team", async () => {
    const aliases = await storage.db
      .selectFrom('team_aliases')
      .innerJoin('teams', 'teams.id', 'team_aliases.team_id')
      .select(['team_aliases.scope', 'team_aliases.alias', 'team_aliases.source'])
      .where('teams.name', '=', 'Manchester United FC')
      .orderBy('team_aliases.alias')
      .execute();
    // "Man Utd" from the directory, "Man United" (football-data's spelling) from the project's aliases.
    assert.deepEqual(
      aliases.map((a) => `${a.scope}:${a.alias}:${a.source}`),
      [
        'eng:Man United:openfootball/clubs',
        'eng:Man Utd:openfootball/clubs',
        'eng:Manchester United:openfootball/football.json',
        'eng:Manchester United FC:openfootball/football.json',
      ],
    );
  });
});
