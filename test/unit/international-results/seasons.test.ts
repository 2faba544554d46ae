import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SeasonCutter } from '../../../src/ingest/international-results/seasons.js';
import type { SeasonCut } from '../../../src/ingest/international-results/tournaments.js';

type Match = [code: string, cut: SeasonCut, date: string];

/** Each match's season key (and name where it differs), cut with every match of the list known. */
function seasons(matches: Match[]): string[] {
  const cutter = new SeasonCutter(
    matches.map(([code, seasons, date]) => ({ competition: { code, seasons }, date })),
  );
  return matches.map(([code, cut, date]) => {
    const season = cutter.seasonOf(code, cut, date);
    return season.name === season.key ? `${date} ${season.key}` : `${date} ${season.key} "${season.name}"`;
  });
}

describe('international results: seasons', () => {
  it('cuts friendlies and the World Cup by calendar year', () => {
    assert.deepEqual(
      seasons([
        ['intl.friendly', 'year', '1872-11-30'],
        ['intl.friendly', 'year', '1873-03-08'],
        ['fifa.wc', 'year', '2022-12-18'],
      ]),
      ['1872-11-30 1872', '1873-03-08 1873', '2022-12-18 2022'],
    );
  });

  it('keeps an edition played over New Year in the year it began, and names postponed editions', () => {
    assert.deepEqual(
      seasons([
        ['afc.gulf', 'edition', '2024-12-21'],
        ['afc.gulf', 'edition', '2025-01-04'],
        ['caf.afcon', 'edition', '2025-12-21'],
        ['caf.afcon', 'edition', '2026-01-18'],
        ['caf.afcon', 'edition', '2024-01-13'],
        ['caf.afcon', 'edition', '2024-02-11'],
        ['uefa.euro', 'edition', '2021-06-11'],
        ['uefa.euro', 'edition', '2024-06-14'],
      ]),
      [
        '2024-12-21 2024',
        '2025-01-04 2024',
        '2025-12-21 2025',
        '2026-01-18 2025',
        '2024-01-13 2023',
        '2024-02-11 2023',
        '2021-06-11 2020',
        '2024-06-14 2024',
      ],
    );
  });

  it('tells two editions of one year apart only where listed, and merges other runs of one year', () => {
    assert.deepEqual(
      seasons([
        ['conmebol.copa', 'edition', '1959-03-07'],
        ['conmebol.copa', 'edition', '1959-12-05'],
        ['caf.cosafa', 'edition', '2005-02-26'],
        ['caf.cosafa', 'edition', '2005-08-13'],
      ]),
      ['1959-03-07 1959', '1959-12-05 1959-ecuador "1959 (Ecuador)"', '2005-02-26 2005', '2005-08-13 2005'],
    );
  });

  it('cuts the British Home Championship August to July', () => {
    assert.deepEqual(
      seasons([
        ['uefa.home', 'season', '1950-10-07'],
        ['uefa.home', 'season', '1951-04-14'],
        ['uefa.home', 'season', '1999-12-31'],
      ]),
      ['1950-10-07 1950-51 "1950/51"', '1951-04-14 1950-51 "1950/51"', '1999-12-31 1999-00 "1999/00"'],
    );
  });

  it('cuts the Nations Leagues by curated ranges, and a new edition August to July', () => {
    assert.deepEqual(
      seasons([
        ['uefa.nl', 'ranges', '2018-09-06'],
        ['uefa.nl', 'ranges', '2019-06-09'],
        ['uefa.nl', 'ranges', '2021-10-10'],
        ['uefa.nl', 'ranges', '2022-03-24'],
        ['uefa.nl', 'ranges', '2024-03-26'],
        ['uefa.nl', 'ranges', '2026-09-24'],
        ['concacaf.nl', 'ranges', '2021-06-06'],
        ['uefa.nordic', 'ranges', '1926-06-09'],
      ]),
      [
        '2018-09-06 2018-19 "2018/19"',
        '2019-06-09 2018-19 "2018/19"',
        '2021-10-10 2020-21 "2020/21"',
        '2022-03-24 2020-21 "2020/21"',
        '2024-03-26 2022-23 "2022/23"',
        '2026-09-24 2026-27 "2026/27"',
        '2021-06-06 2019-20 "2019/20"',
        '1926-06-09 1924-28 "1924/28"',
      ],
    );
  });

  it('gives a qualifier the season of the edition it qualifies for, across the years of its cycle', () => {
    assert.deepEqual(
      seasons([
        ['fifa.wc', 'year', '2022-11-20'],
        ['fifa.wc', 'year', '2026-06-11'],
        ['fifa.wc.quali', 'cycle', '2019-12-31'],
        ['fifa.wc.quali', 'cycle', '2023-03-24'],
        ['fifa.wc.quali', 'cycle', '2025-11-18'],
        ['fifa.wc.quali', 'cycle', '2026-03-31'],
        ['uefa.euro', 'edition', '2021-06-11'],
        ['uefa.euro.quali', 'cycle', '2019-03-21'],
        ['uefa.euro.quali', 'cycle', '2020-11-12'],
        ['concacaf.nl', 'ranges', '2019-09-05'],
        ['concacaf.nl.quali', 'cycle', '2018-09-06'],
      ]).slice(2),
      [
        '2019-12-31 2022',
        '2023-03-24 2026',
        '2025-11-18 2026',
        '2026-03-31 2026',
        '2021-06-11 2020',
        '2019-03-21 2020',
        '2020-11-12 2020',
        '2019-09-05 2019-20 "2019/20"',
        '2018-09-06 2019-20 "2019/20"',
      ],
    );
  });

  it('leads a qualifier after the newest edition to the next one by cadence, else to its own year', () => {
    assert.deepEqual(
      seasons([
        ['afc.asiancup', 'edition', '2024-01-12'],
        ['afc.asiancup.quali', 'cycle', '2025-03-25'],
        ['conifa.world', 'edition', '2018-06-09'],
        ['conifa.world.quali', 'cycle', '2023-06-17'],
        ['intl.other.new.quali', 'cycle', '2026-05-01'],
      ]).slice(1),
      ['2025-03-25 2027', '2018-06-09 2018', '2023-06-17 2023', '2026-05-01 2026'],
    );
  });
});
