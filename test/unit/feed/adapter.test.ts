// The operator feed adapter on small in-test documents: the records a valid document becomes, each reason
// a record is rejected for (the rest kept), records naming stored ones by ID or by a key stored earlier,
// fixture statuses and scores, and the documents that fail a run as a whole.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stableId } from '../../../src/ingest/identity/stable-id.js';
import { storedAliasKey } from '../../../src/ingest/identity/team-resolver.js';
import { readFeedDocuments } from '../../../src/ingest/feed/documents.js';
import type { StoredRecords } from '../../../src/ingest/feed/stored-records.js';
import { doc, fileOf, fixture, LEAGUE, normalize, NORTH, SOUTH, type Entry } from '../../support/feed.js';

const COMPETITION = stableId('comp', 'feed:exl');
const SEASON_ID = stableId('season', 'feed:exl:2025-26');
const NORTH_ID = stableId('team', 'feed:north');
const SOUTH_ID = stableId('team', 'feed:south');
const matchId = (key: string) => stableId('match', `feed:${key}`);

/** The rejections of a batch as `ref: reason`. */
const reasons = (batch: ReturnType<typeof normalize>) =>
  batch.rejections.map((r) => `${r.recordRef}: ${r.reason}`);

describe('a valid document', () => {
  const batch = normalize([
    doc([
      fixture('m1', {
        status: 'finished',
        score: { home: 2, away: 1, half_time: { home: 1, away: 0 } },
        round: 'Matchday 1',
        venue: { name: 'North Park', city: 'Northtown', country: 'England', neutral: false },
      }),
      fixture('m2', { home: 'south', away: 'north', date: '2026-08-15', time: null }),
    ]),
  ]);

  it('becomes a competition, a season, teams and matches with IDs from the keys', () => {
    assert.deepEqual(batch.rejections, []);
    assert.deepEqual(batch.competitions, [
      {
        id: COMPETITION,
        code: 'feed:exl',
        slug: 'example-league',
        name: 'Example League',
        name_season: '000000',
        country_name: 'England',
        country_code: 'GB',
        confederation: null,
        type: 'league',
        gender: 'men',
        logo_url: null,
        timezone: 'Europe/London',
        search_name: 'example league',
      },
    ]);
    assert.deepEqual(batch.seasons, [
      { id: SEASON_ID, competition_id: COMPETITION, key: '2025-26', name: '2025/26' },
    ]);
    assert.deepEqual(
      batch.teams.map((t) => [t.id, t.name, t.short_name]),
      [
        [NORTH_ID, 'North FC', 'North'],
        [SOUTH_ID, 'South FC', null],
      ],
    );
    assert.deepEqual(
      batch.matches.map((m) => m.id),
      [matchId('m1'), matchId('m2')],
    );
  });

  it('converts the local kick-off with the competition zone and keeps every score stage apart', () => {
    const m1 = batch.matches[0]!;
    assert.equal(m1.starts_at, '2025-08-16T14:00:00Z');
    assert.equal(m1.time_known, 1);
    assert.equal(m1.local_date, '2025-08-16');
    assert.deepEqual(
      [
        m1.status,
        m1.source_status,
        m1.home_score,
        m1.away_score,
        m1.ht_home,
        m1.ht_away,
        m1.ft_home,
        m1.et_home,
      ],
      ['finished', 'finished', 2, 1, 1, 0, 2, null],
    );
    assert.deepEqual(
      [m1.venue_name, m1.venue_city, m1.venue_country, m1.neutral, m1.round, m1.stage, m1.source],
      ['North Park', 'Northtown', 'England', 0, 'Matchday 1', null, 'feed'],
    );
    const m2 = batch.matches[1]!;
    assert.deepEqual([m2.starts_at, m2.time_known, m2.status], ['2026-08-15T00:00:00Z', 0, 'scheduled']);
    assert.deepEqual([m2.venue_name, m2.venue_city, m2.venue_country, m2.neutral], [null, null, null, null]);
  });

  it("stores each team's key as its alias and each fixture's key as its match source", () => {
    assert.deepEqual(batch.aliases, [
      { scope: 'feed', alias_key: 'north', alias: 'north', team_id: NORTH_ID, source: 'feed' },
      { scope: 'feed', alias_key: 'south', alias: 'south', team_id: SOUTH_ID, source: 'feed' },
    ]);
    assert.deepEqual(batch.details.matchSources, [
      { id: `${matchId('m1')}:feed`, match_id: matchId('m1'), source: 'feed', source_key: 'm1' },
      { id: `${matchId('m2')}:feed`, match_id: matchId('m2'), source: 'feed', source_key: 'm2' },
    ]);
  });

  it('audits the document as one file with every record seen and credited', () => {
    assert.equal(batch.artifacts.length, 1);
    const [audit] = batch.artifacts;
    assert.equal(audit!.recordsSeen, 6);
    assert.equal(audit!.rejected, 0);
    assert.deepEqual(
      [...audit!.recordIds].sort(),
      [COMPETITION, SEASON_ID, NORTH_ID, SOUTH_ID, matchId('m1'), matchId('m2')].sort(),
    );
  });

  it('gives the same records for the same document, whatever the run', () => {
    const again = normalize([
      doc([
        fixture('m1', {
          status: 'finished',
          score: { home: 2, away: 1, half_time: { home: 1, away: 0 } },
          round: 'Matchday 1',
          venue: { name: 'North Park', city: 'Northtown', country: 'England', neutral: false },
        }),
        fixture('m2', { home: 'south', away: 'north', date: '2026-08-15', time: null }),
      ]),
    ]);
    assert.deepEqual(again, batch);
  });
});

describe('rejected records', () => {
  const cases: Array<{ why: string; doc: ReturnType<typeof doc>; ref: string; reason: RegExp }> = [
    {
      why: 'an unknown team key',
      doc: doc([fixture('m1', { away: 'west' })]),
      ref: 'matches[0]',
      reason: /^away: unknown team "west" \(not in the feed\)$/,
    },
    {
      why: 'a date that is no day',
      doc: doc([fixture('m1', { date: '2025-02-30' })]),
      ref: 'matches[0]',
      reason: /date "2025-02-30" is not a day of the calendar/,
    },
    {
      why: 'a date that is not a date',
      doc: doc([fixture('m1', { date: '16/08/2025' })]),
      ref: 'matches[0]',
      reason: /^date: expected string to match/,
    },
    {
      why: 'a duplicate team key',
      doc: doc([], { teams: [NORTH, SOUTH, { key: 'north', name: 'Other' }] }),
      ref: 'teams[2]',
      reason: /duplicate team key "north" \(feed\/00\.json teams\[0\] has it\)/,
    },
    {
      why: 'a duplicate match key',
      doc: doc([fixture('m1'), fixture('m1', { date: '2025-08-23' })]),
      ref: 'matches[1]',
      reason: /duplicate match key "m1"/,
    },
    {
      why: 'the same team twice',
      doc: doc([fixture('m1', { away: 'north' })]),
      ref: 'matches[0]',
      reason: /home "north" and away "north" are the same team/,
    },
    {
      why: 'the same fixture under two keys',
      doc: doc([fixture('m1'), fixture('m2', { home: 'south', away: 'north', time: '17:00' })]),
      ref: 'matches[1]',
      reason: /the same match as feed\/00\.json matches\[0\] \(the same teams on the same date\)/,
    },
    {
      why: 'a field the format does not have',
      doc: doc([fixture('m1', { hme: 'north' })]),
      ref: 'matches[0]',
      reason: /^hme: unexpected property$/,
    },
    {
      why: 'a missing field',
      doc: doc([], { teams: [NORTH, { key: 'south' }] }),
      ref: 'teams[1]',
      reason: /^name is missing$/,
    },
    {
      why: 'a status the format does not have',
      doc: doc([fixture('m1', { status: 'abandoned' })]),
      ref: 'matches[0]',
      reason: /^status must be one of "scheduled", "live", "finished", "postponed", "canceled"$/,
    },
    {
      why: 'a scheduled fixture with a score',
      doc: doc([fixture('m1', { status: 'scheduled', score: { home: 0, away: 0 } })]),
      ref: 'matches[0]',
      reason: /a scheduled fixture has no score/,
    },
    {
      why: 'a finished fixture without one',
      doc: doc([fixture('m1', { status: 'finished' })]),
      ref: 'matches[0]',
      reason: /a finished fixture needs its score/,
    },
    {
      why: 'a half-time score above the final one',
      doc: doc([fixture('m1', { score: { home: 1, away: 0, half_time: { home: 2, away: 0 } } })]),
      ref: 'matches[0]',
      reason: /score\.half_time is more than the score/,
    },
    {
      why: 'a shoot-out after a score that is not level',
      doc: doc([fixture('m1', { score: { home: 1, away: 0, penalties: { home: 4, away: 3 } } })]),
      ref: 'matches[0]',
      reason: /^shoot-out 4-3 after a match not level after extra time \(1-0\)$/,
    },
    {
      why: 'a finished shoot-out level',
      doc: doc([fixture('m1', { score: { home: 1, away: 1, penalties: { home: 4, away: 4 } } })]),
      ref: 'matches[0]',
      reason: /^shoot-out 4-4 is level: a shoot-out has a winner$/,
    },
    {
      why: 'a time zone that is none',
      doc: doc([], { competitions: [{ ...LEAGUE, timezone: 'Europe/Atlantis' }], seasons: [], teams: [] }),
      ref: 'competitions[0]',
      reason: /timezone "Europe\/Atlantis" is not an IANA time zone/,
    },
    {
      why: 'a season of an unknown competition',
      doc: doc([], { seasons: [{ competition: 'xyz', key: '2025' }] }),
      ref: 'seasons[0]',
      reason: /unknown competition "xyz"/,
    },
    {
      why: 'a season key without its year',
      doc: doc([], { seasons: [{ competition: 'exl', key: 'current' }] }),
      ref: 'seasons[0]',
      reason: /^key: expected string to match/,
    },
    {
      why: 'a fixture of a season the feed does not have',
      doc: doc([fixture('m1', { season: '2026-27' })]),
      ref: 'matches[0]',
      reason: /unknown season "2026-27" of competition "exl" \(not in the feed\)/,
    },
    {
      why: 'a stored ID that is not stored',
      doc: doc([], { teams: [NORTH, { key: 'south', id: 'team_0000000000000000' }] }),
      ref: 'teams[1]',
      reason: /team_0000000000000000 is not a stored team/,
    },
  ];

  for (const c of cases) {
    it(`${c.why}, with its reason; the rest is kept`, () => {
      const batch = normalize([c.doc]);
      assert.equal(batch.rejections.length, 1, reasons(batch).join('\n'));
      const [rejection] = batch.rejections;
      assert.equal(rejection!.artifactUri, 'feed/00.json');
      assert.equal(rejection!.recordRef, c.ref);
      assert.match(rejection!.reason, c.reason);
      const records =
        batch.competitions.length + batch.seasons.length + batch.teams.length + batch.matches.length;
      const seen = ['competitions', 'seasons', 'teams', 'matches'].reduce(
        (n, list) => n + ((c.doc[list] as Entry[] | undefined)?.length ?? 0),
        0,
      );
      assert.equal(records, seen - 1, 'every other record is kept');
    });
  }

  it('says why a record naming a rejected one has nothing to name', () => {
    const batch = normalize([doc([fixture('m1')], { teams: [NORTH, { key: 'south', name: '' }] })]);
    assert.deepEqual(reasons(batch), [
      'teams[1]: name: expected string length greater or equal to 1',
      'matches[0]: away: team "south" was rejected (feed/00.json teams[1]: name: expected string length greater or equal to 1)',
    ]);
  });

  it('takes a record repeated identically in another document as that record', () => {
    const batch = normalize([doc([fixture('m1')]), doc([fixture('m2', { date: '2025-08-23' })])]);
    assert.deepEqual(batch.rejections, []);
    assert.equal(batch.teams.length, 2);
    assert.equal(batch.matches.length, 2);
    assert.equal(batch.artifacts[1]!.recordsSeen, 5);
    assert.equal(batch.artifacts[1]!.recordIds.length, 5);
  });
});

describe('records naming stored ones', () => {
  const storedTeam = 'team_5yq9f2rh1b7zw0aa';
  const storedCompetition = stableId('comp', 'en.1');
  const storedSeason = stableId('season', 'en.1:2025-26');
  const storedMatch = stableId('match', 'en.1:2025-26:matchday 1|:burnley:city');
  const stored: Partial<StoredRecords> = {
    competitions: new Map([
      [
        storedCompetition,
        {
          id: storedCompetition,
          code: 'en.1',
          timezone: 'Europe/London',
          name: 'Premier League',
          name_season: '2025-26',
        },
      ],
    ]),
    seasons: new Map([
      [storedSeason, { id: storedSeason, competition_id: storedCompetition, key: '2025-26' }],
    ]),
    teams: new Map([[storedTeam, { id: storedTeam, name: 'Burnley FC', name_season: '2025-26' }]]),
    matches: new Map([
      [
        storedMatch,
        {
          id: storedMatch,
          competition_id: storedCompetition,
          season_id: storedSeason,
          home_team_id: storedTeam,
          away_team_id: NORTH_ID,
        },
      ],
    ]),
  };
  const named = (matches: Entry[], teams: Entry[] = [{ key: 'burnley', id: storedTeam }, NORTH]) =>
    doc(matches, {
      competitions: [{ key: 'pl', id: storedCompetition }],
      seasons: [{ competition: 'pl', key: '2025-26', id: storedSeason }],
      teams,
    });
  const plFixture = (key: string, fields: Entry = {}) =>
    fixture(key, { competition: 'pl', home: 'burnley', away: 'north', ...fields });

  it('uses stored competitions, seasons and teams by ID without writing them', () => {
    const batch = normalize([named([plFixture('b1', { date: '2025-09-01' })])], stored);
    assert.deepEqual(batch.rejections, []);
    assert.deepEqual(batch.competitions, []);
    assert.deepEqual(batch.seasons, []);
    assert.deepEqual(
      batch.teams.map((t) => t.id),
      [NORTH_ID],
    );
    assert.deepEqual(
      batch.aliases.map((a) => [a.alias_key, a.team_id]),
      [
        ['burnley', storedTeam],
        ['north', NORTH_ID],
      ],
    );
    const [m] = batch.matches;
    assert.deepEqual(
      [m!.id, m!.competition_id, m!.season_id, m!.home_team_id],
      [matchId('b1'), storedCompetition, storedSeason, storedTeam],
    );
  });

  it('writes a stored match it names by ID, the same fixture, and keeps its key as the match source', () => {
    const batch = normalize(
      [named([plFixture('b1', { id: storedMatch, home: 'north', away: 'burnley' })])],
      stored,
    );
    assert.deepEqual(batch.rejections, []);
    assert.deepEqual(
      batch.matches.map((m) => [m.id, m.home_team_id, m.source]),
      [[storedMatch, NORTH_ID, 'feed']],
    );
    assert.deepEqual(batch.details.matchSources, [
      { id: `${storedMatch}:feed`, match_id: storedMatch, source: 'feed', source_key: 'b1' },
    ]);
  });

  it('refuses a stored match of other teams or of another season', () => {
    const others = normalize(
      [
        named(
          [plFixture('b1', { id: storedMatch, home: 'burnley', away: 'south' })],
          [{ key: 'burnley', id: storedTeam }, NORTH, SOUTH],
        ),
      ],
      stored,
    );
    assert.match(reasons(others).join('\n'), /matches\[0\]: match_\w+ is a match between other teams/);
    const elsewhere = normalize([doc([fixture('b1', { id: storedMatch })])], stored);
    assert.match(reasons(elsewhere).join('\n'), /matches\[0\]: match_\w+ is a match of another season/);
  });

  it('adds a season to a stored competition with the ID its own source would give it', () => {
    const batch = normalize(
      [
        doc([], {
          competitions: [{ key: 'pl', id: storedCompetition }],
          seasons: [{ competition: 'pl', key: '2026-27' }],
          teams: [],
        }),
      ],
      stored,
    );
    assert.deepEqual(batch.seasons, [
      {
        id: stableId('season', 'en.1:2026-27'),
        competition_id: storedCompetition,
        key: '2026-27',
        name: '2026-27',
      },
    ]);
    const existing = normalize(
      [
        doc([], {
          competitions: [{ key: 'pl', id: storedCompetition }],
          seasons: [{ competition: 'pl', key: '2025-26' }],
          teams: [],
        }),
      ],
      stored,
    );
    assert.deepEqual(existing.seasons, [], "a stored season of another source's competition is not renamed");
    assert.deepEqual(existing.rejections, []);
  });

  it('resolves team and match keys an earlier run stored, and keeps each key to what it named', () => {
    const aliases = new Map([
      [storedAliasKey('feed', 'north'), NORTH_ID],
      [storedAliasKey('feed', 'burnley'), storedTeam],
    ]);
    const matchKeys = new Map([['b1', storedMatch]]);
    const later = normalize(
      [{ feed_version: 1, competitions: [{ key: 'pl', id: storedCompetition }], matches: [plFixture('b1')] }],
      { ...stored, matchKeys },
      aliases,
    );
    assert.deepEqual(later.rejections, []);
    assert.deepEqual(
      later.matches.map((m) => m.id),
      [storedMatch],
    );

    const moved = normalize(
      [
        named(
          [plFixture('b1', { id: matchId('other') })],
          [
            { key: 'north', id: storedTeam },
            { key: 'burnley', name: 'B' },
          ],
        ),
      ],
      { ...stored, matchKeys },
      aliases,
    );
    assert.deepEqual(reasons(moved), [
      `teams[0]: key "north" already names ${NORTH_ID}: a key names one team`,
      `teams[1]: key "burnley" names ${storedTeam}, a stored team an earlier feed gave by its id: give "id" here too`,
      'matches[0]: home: team "burnley" was rejected (feed/00.json teams[1]: key "burnley" names ' +
        `${storedTeam}, a stored team an earlier feed gave by its id: give "id" here too)`,
    ]);
  });
});

describe('statuses and scores', () => {
  const one = (fields: Entry) => {
    const batch = normalize([doc([fixture('m1', fields)])]);
    assert.deepEqual(batch.rejections, []);
    return batch.matches[0]!;
  };

  it('follows the shared rules when the status is left out', () => {
    assert.equal(one({ date: '2026-03-20' }).status, 'scheduled');
    assert.equal(one({ date: '2026-03-01' }).status, 'unknown');
    assert.equal(one({ date: '2026-03-01', score: { home: 0, away: 0 } }).status, 'finished');
    // "scheduled" is no different: a past fixture with no result is not scheduled.
    assert.deepEqual([one({ date: '2026-03-01', status: 'scheduled' }).status], ['unknown']);
  });

  it('is live only when the operator says so, with the score as it stands', () => {
    const live = one({ date: '2026-03-13', status: 'live', score: { home: 1, away: 0 } });
    assert.deepEqual(
      [live.status, live.home_score, live.away_score, live.ft_home, live.et_home],
      ['live', 1, 0, null, null],
    );
    assert.deepEqual([one({ status: 'live' }).status, one({ status: 'live' }).home_score], ['live', null]);
  });

  it('keeps an awarded score as a result decided off the pitch', () => {
    const awarded = one({ date: '2026-03-01', score: { home: 0, away: 3, awarded: true } });
    assert.deepEqual(
      [awarded.status, awarded.source_status, awarded.home_score, awarded.away_score, awarded.ft_away],
      ['finished', 'awarded', 0, 3, 3],
    );
    const refused = normalize([
      doc([fixture('m1', { status: 'postponed', score: { home: 0, away: 3, awarded: true } })]),
    ]);
    assert.deepEqual(reasons(refused), [
      'matches[0]: an awarded score is a result: the fixture cannot be postponed',
    ]);
  });

  it('keeps postponed and canceled, and extra time and shoot-outs apart', () => {
    assert.equal(one({ status: 'postponed' }).status, 'postponed');
    assert.equal(one({ status: 'canceled', score: { home: 1, away: 0 } }).status, 'canceled');
    const cup = one({
      status: 'finished',
      score: { home: 2, away: 2, full_time: { home: 1, away: 1 }, penalties: { home: 4, away: 5 } },
    });
    assert.deepEqual(
      [
        cup.home_score,
        cup.ft_home,
        cup.ft_away,
        cup.et_home,
        cup.et_away,
        cup.pen_home,
        cup.pen_away,
        cup.shootout_winner,
      ],
      [2, 1, 1, 2, 2, 4, 5, 'away'],
    );
  });
});

describe('documents that fail the run', () => {
  const read = (text: string) => () => readFeedDocuments([fileOf('feed.json', text)]);

  it('refuses one that is not JSON, not a feed, or of another version', () => {
    assert.throws(read('{"feed_version": 1,'), /feed\.json: not valid JSON/);
    assert.throws(
      read('{"name": "x", "matches": []}'),
      /feed\.json: not a feed document \(feed_version is missing\)/,
    );
    assert.throws(read('{"feed_version": 2}'), /feed_version 2 is not one this Touchline reads \(1\)/);
    assert.throws(
      read('{"feed_version": 1, "matches": {}}'),
      /not a feed document \(matches: expected array\)/,
    );
    assert.throws(
      read('{"feed_version": 1, "fixtures": []}'),
      /not a feed document \(fixtures: unexpected property\)/,
    );
    assert.throws(read('[1, 2]'), /not a feed document/);
  });

  it('reads every .json document of a folder in path order, and nothing else', () => {
    const docs = readFeedDocuments([
      fileOf('feed/b.json', JSON.stringify({ feed_version: 1 })),
      fileOf('feed/README.md', '# not a document'),
      fileOf('feed/a.json', JSON.stringify({ feed_version: 1, teams: [SOUTH] })),
    ]);
    assert.deepEqual(
      docs.map((d) => d.file.uri),
      ['feed/a.json', 'feed/b.json'],
    );
    assert.deepEqual(docs[0]!.lists.teams, [SOUTH]);
  });
});
