import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clubsFileScope, parseClubsFile } from '../../../src/ingest/reference/clubs-directory.js';

// Lines in the formats of openfootball/clubs (eng.clubs.txt, de.clubs.txt, eng.stadiums.txt).
const SAMPLE = `====================================
=  England

#  note: see wal.txt for teams from wales
  | Orphan alias before any club

Manchester United FC, 1878, @ Old Trafford, Manchester (Old Trafford)     ## North West England
  | Man Utd | Man. United | Manchester U. |  Manchester Utd. | Manchester United
  | Newton Heath FC   # old name before reform in season 1902/3
Thames AFC (1928-1932),  London  ## London-Custom House

= Germany • Deutschland
Bayern München, 1900,    @ Allianz Arena,   München
  | Bayern | FC Bayern München
  | Bayern Munich [en] | FC Bayern Munich [en]
 Säbener Straße 51-57 // 81547 München
ii) Bayern München II
  | Bayern II |  FC Bayern München II
Ashburton Grove, 60_361, 2006,  London     # FC Arsenal
  | $Emirates$ Stadium
`;

describe('parseClubsFile', () => {
  const clubs = parseClubsFile(SAMPLE, 'eng');
  const byName = new Map(clubs.map((c) => [c.canonical, c]));

  it('reads one club per column-one line, name up to the first comma', () => {
    assert.deepEqual(
      clubs.map((c) => c.canonical),
      [
        'Manchester United FC',
        'Thames AFC (1928-1932)',
        'Bayern München',
        'Bayern München II',
        'Ashburton Grove',
      ],
    );
    assert.ok(clubs.every((c) => c.scope === 'eng'));
  });

  it('collects | alias lines, trimming spaces and trailing comments', () => {
    assert.deepEqual(byName.get('Manchester United FC')?.aliases, [
      'Man Utd',
      'Man. United',
      'Manchester U.',
      'Manchester Utd.',
      'Manchester United',
      'Newton Heath FC',
    ]);
  });

  it('drops [en]-style language tags from aliases', () => {
    assert.deepEqual(byName.get('Bayern München')?.aliases, [
      'Bayern',
      'FC Bayern München',
      'Bayern Munich',
      'FC Bayern Munich',
    ]);
  });

  it('ignores indented address lines (neither a club nor an alias)', () => {
    assert.ok(
      !clubs.some((c) => c.canonical.includes('Säbener') || c.aliases.some((a) => a.includes('Säbener'))),
    );
  });

  it('reads ii) reserve lines as clubs of their own', () => {
    assert.deepEqual(byName.get('Bayern München II')?.aliases, ['Bayern II', 'FC Bayern München II']);
  });

  it('adds the name without years for defunct clubs', () => {
    assert.deepEqual(byName.get('Thames AFC (1928-1932)')?.aliases, ['Thames AFC']);
  });

  it('strips $sponsor$ markers', () => {
    assert.deepEqual(byName.get('Ashburton Grove')?.aliases, ['Emirates Stadium']);
  });

  it('skips headers, comments and aliases that come before any club', () => {
    assert.ok(!clubs.some((c) => c.aliases.includes('Orphan alias before any club')));
    assert.ok(!clubs.some((c) => c.canonical.startsWith('=') || c.canonical.startsWith('#')));
  });

  it('accepts CRLF line endings', () => {
    assert.deepEqual(parseClubsFile(SAMPLE.replace(/\n/g, '\r\n'), 'eng'), clubs);
  });

  it('returns nothing for an empty file', () => {
    assert.deepEqual(parseClubsFile('', 'eng'), []);
  });
});

describe('clubsFileScope', () => {
  it('takes the country key from <key>.clubs.txt', () => {
    assert.equal(clubsFileScope('europe/england/eng.clubs.txt'), 'eng');
    assert.equal(clubsFileScope('clubs/europe/germany/de.clubs.txt'), 'de');
    assert.equal(clubsFileScope('eng.clubs.txt'), 'eng');
  });

  it('ignores the directory files that are not club lists', () => {
    assert.equal(clubsFileScope('europe/england/eng.clubs.props.txt'), undefined);
    assert.equal(clubsFileScope('europe/england/eng.clubs.history.txt'), undefined);
    assert.equal(clubsFileScope('europe/england/eng.stadiums.txt'), undefined);
    assert.equal(clubsFileScope('asia/japan/jp.clubs.lang.ja.txt'), undefined);
    assert.equal(clubsFileScope('README.md'), undefined);
  });
});
